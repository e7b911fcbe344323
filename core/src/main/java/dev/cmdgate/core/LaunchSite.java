package dev.cmdgate.core;

import java.util.List;
import java.util.function.Supplier;

/**
 * Where a launch is made from, for the rules' {@code [@trust]} rows that are narrowed to a working
 * directory or a caller: the directory the process starts in and the classes of the launching frames
 * from the launch up to the application's caller (the JDK's and the launcher libraries' included,
 * cmdgate's left out). The frames are read only when a row asks for them: a stack walk is the costliest
 * part of a launch. A site may also read the files that steer a program ({@link SiteFiles}).
 */
public interface LaunchSite {

    /** No site known: no directory, no frames (a trust row with a condition never holds). */
    LaunchSite NONE = of(null, NoFrames.NO_FRAMES);

    /** No frames (a class, not {@code List::of}: no lambda is spun on a JVM's first decision). */
    final class NoFrames implements Supplier<List<String>> {
        /** Supplies the empty list. */
        public static final Supplier<List<String>> NO_FRAMES = new NoFrames();

        private NoFrames() {
        }

        @Override
        public List<String> get() {
            return List.of();
        }
    }

    /** The absolute directory the process starts in, or null when unknown. */
    String cwd();

    /** The class names of the launching frames, innermost first; empty when unknown. */
    List<String> callerClasses();

    /**
     * The files at the site that may steer a program the rules call Read, or null when this site cannot be
     * read (a replayed audit line, a policy check): then such files are not looked at.
     */
    default SiteFiles files() {
        return null;
    }

    static LaunchSite of(String cwd, Supplier<List<String>> callerClasses) {
        return of(cwd, callerClasses, null);
    }

    /** A site whose steering files {@code files} reads (null: none read). */
    static LaunchSite of(String cwd, Supplier<List<String>> callerClasses, SiteFiles files) {
        return new LaunchSite() {
            private List<String> frames;

            @Override
            public String cwd() {
                return cwd;
            }

            @Override
            public SiteFiles files() {
                return files;
            }

            @Override
            public List<String> callerClasses() {
                List<String> f = frames;
                if (f == null) {
                    f = List.copyOf(callerClasses.get());
                    frames = f;
                }
                return f;
            }
        };
    }
}
