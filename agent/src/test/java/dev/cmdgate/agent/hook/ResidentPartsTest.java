package dev.cmdgate.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.agent.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pieces of the resident decider that do not need a process: its answer lines, its setting, its directory check. */
class ResidentPartsTest {

    @TempDir
    Path tmp;

    @Test
    void replyLinesHoldOnlyPrintableAsciiAndKeepEveryByte() {
        String text = "a\\b \"c\"\n\tü\u0000%s\\c";
        String line = ReplyLines.encode(text);
        assertThat(line).matches("[\\x20-\\x7e]*").doesNotContain("\\c");
        assertThat(decode(line)).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void standardOutputLosesItsTrailingNewlinesAsACommandSubstitutionDoes() {
        assertThat(ReplyLines.stdout(new HostReply("{\"a\":1}\n\n", "", 0))).isEqualTo("{\"a\":1}");
        assertThat(ReplyLines.stdout(new HostReply("", "why", 2))).isEmpty();
        assertThat(ReplyLines.stdout(new HostReply("x\u0000y", "", 0))).as("a NUL goes the JVM's way").isNull();
        assertThat(ReplyLines.stderr(new HostReply("", "why\n", 2))).isEqualTo("why\\0012\\0012");
        assertThat(ReplyLines.stderr(HostReply.SILENT)).isEmpty();
    }

    @Test
    void theSettingIsOnUnlessSwitchedOffAndBadValuesAreErrors() throws IOException {
        assertThat(ResidentSetting.of(null)).isEqualTo(new ResidentSetting(true, 600));
        assertThat(ResidentSetting.of(tmp.resolve("absent"))).isEqualTo(new ResidentSetting(true, 600));
        Path off = Files.writeString(tmp.resolve("off"), "autonomy=full\nhook.resident = off\nhook.resident.idle=5\n");
        assertThat(ResidentSetting.of(off)).isEqualTo(new ResidentSetting(false, 5));
        for (String bad : new String[] {"hook.resident=no", "hook.resident=ON", "hook.resident.idle=0",
                "hook.resident.idle=86401", "hook.resident.idle=ten"}) {
            Path f = Files.writeString(tmp.resolve("bad"), bad + "\n");
            assertThatThrownBy(() -> ResidentSetting.of(f)).as(bad).isInstanceOf(ConfigException.class);
        }
    }

    @Test
    void theDirectoryMustBeTheUsersAloneAndNoLink() throws IOException {
        Path dir = tmp.resolve("resident");
        assertThat(PrivateDir.make(dir)).isTrue();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-x---"));
        assertThat(PrivateDir.check(dir)).as("group may enter").isFalse();
        assertThat(PrivateDir.make(dir)).as("an existing directory is not repaired, only checked").isFalse();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), dir);
        assertThat(PrivateDir.check(link)).isFalse();
        assertThat(PrivateDir.check(Files.writeString(tmp.resolve("file"), "x"))).isFalse();
    }

    @Test
    void aCallsFieldsAreNulTerminated() throws IOException {
        Path q = Files.write(tmp.resolve("q"), "cmdgate-hook-1\u00001\u0000\u0000a b\u0000".getBytes(StandardCharsets.UTF_8));
        assertThat(ResidentRequest.fields(q)).containsExactly("cmdgate-hook-1", "1", "", "a b");
        Path cut = Files.write(tmp.resolve("cut"), "cmdgate-hook-1\u00001".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> ResidentRequest.fields(cut)).isInstanceOf(IOException.class);
    }

    @Test
    void theContextTravelsWhole() {
        ResidentContext c = new ResidentContext("/tmp/p", "A=1\u0000B=\u00e9\u0000".getBytes(StandardCharsets.UTF_8));
        assertThat(ResidentContext.parse(c.bytes())).isEqualTo(c);
        assertThat(c.sameAs("/tmp/other", ProcessHandle.current().pid())).isFalse();
    }

    @Test
    void underscoreIsLeftOutOfTheEnvironmentSinceBashSetsItForEveryProgram() {
        byte[] env = "_=/usr/bin/time\u0000A=1\u0000__=x\u0000B=_=\u0000_=/x\u0000".getBytes(StandardCharsets.UTF_8);
        assertThat(new String(ResidentContext.withoutUnderscore(env), StandardCharsets.UTF_8))
                .isEqualTo("A=1\u0000__=x\u0000B=_=\u0000");
        assertThat(ResidentContext.withoutUnderscore(new byte[0])).isEmpty();
    }

    /** What bash's printf %b makes of a line. */
    private static byte[] decode(String line) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && line.startsWith("\\0", i)) {
                out.write(Integer.parseInt(line.substring(i + 2, i + 5), 8));
                i += 4;
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }

    @Test
    void callsOfAKilledLauncherAreSweptAfterAMinuteAndLiveOnesStay() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        long dead = ended.pid();
        long live = ProcessHandle.current().pid();
        long now = System.currentTimeMillis();
        Path dir = Files.createDirectories(tmp.resolve("calls"));
        Path deadOld = call(dir, dead + "-11.b", now - 2 * ResidentServer.DEAD_CALLER_MILLIS);
        Path deadOldQ = call(dir, dead + "-11.q", now - 2 * ResidentServer.DEAD_CALLER_MILLIS);
        Path deadNew = call(dir, dead + "-12.b", now - 1_000);
        Path liveOld = call(dir, live + "-13.b", now - 2 * 3_600_000L);
        Path liveAncient = call(dir, live + "-14.q", now - 2 * 86_400_000L);
        Path other = call(dir, dead + "-15.txt", now - 2 * 86_400_000L);
        Path decider = call(dir, "123-456-789.pid", now - 2 * 86_400_000L);
        ResidentServer.sweepCalls(dir, now);
        assertThat(deadOld).as("a killed launcher's call, a minute on").doesNotExist();
        assertThat(deadOldQ).doesNotExist();
        assertThat(deadNew).as("a call of a launcher just gone (it may be another namespace's)").exists();
        assertThat(liveOld).as("a running launcher's call, however old").exists();
        assertThat(liveAncient).as("untouched for a day: the process id is someone else's now").doesNotExist();
        assertThat(other).as("not a call's file").exists();
        assertThat(decider).exists();
        ResidentServer.sweepCalls(tmp.resolve("absent"), now);   // nothing to do, nothing thrown
    }

    private static Path call(Path dir, String name, long modified) throws IOException {
        Path f = Files.writeString(dir.resolve(name), "x");
        Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(modified));
        return f;
    }
}
