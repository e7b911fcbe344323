package dev.cmdgate.agent.metrics;

import dev.cmdgate.core.policy.RemotePassports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The policy in force, as the MBean shows it: where it comes from, its revision, its age, whether it is stale. */
public sealed interface PolicyStatus {

    /** {@code none}, {@code file} or {@code url}. */
    String source();

    /** The revision of a policy from a server (its digest when it names none); empty when unknown. */
    String revision();

    /** Seconds since a server's policy was last fetched or confirmed, or since a file's was changed; -1 when none. */
    long ageSeconds();

    /** A server's policy: no check has succeeded for longer than {@code policy.stale}, or none ever did. */
    boolean stale();

    /** No {@code cmdgate.policy}. */
    record None() implements PolicyStatus {
        @Override
        public String source() {
            return "none";
        }

        @Override
        public String revision() {
            return "";
        }

        @Override
        public long ageSeconds() {
            return -1;
        }

        @Override
        public boolean stale() {
            return false;
        }
    }

    /** A passport file: read again when it changes, so never stale; its age is its modification time's. */
    record File(Path file) implements PolicyStatus {
        @Override
        public String source() {
            return "file";
        }

        @Override
        public String revision() {
            return "";
        }

        @Override
        public long ageSeconds() {
            try {
                return Math.max(0, (System.currentTimeMillis() - Files.getLastModifiedTime(file).toMillis()) / 1000);
            } catch (IOException e) {
                return -1;
            }
        }

        @Override
        public boolean stale() {
            return false;
        }
    }

    /** A policy server's policy, polled off the launch path. */
    record Remote(RemotePassports passports) implements PolicyStatus {
        @Override
        public String source() {
            return "url";
        }

        @Override
        public String revision() {
            RemotePassports.Health h = passports.health();
            return h == null || h.revision() == null ? "" : h.revision();
        }

        @Override
        public long ageSeconds() {
            RemotePassports.Health h = passports.health();
            return h == null ? -1 : h.sinceCheckNanos() / 1_000_000_000L;
        }

        @Override
        public boolean stale() {
            RemotePassports.Health h = passports.health();
            return h == null || h.stale();
        }
    }
}
