package dev.cmdgate.core.policy;

import static dev.cmdgate.core.policy.Trees.assigning;
import static dev.cmdgate.core.policy.Trees.cmd;
import static dev.cmdgate.core.policy.Trees.dynamic;
import static dev.cmdgate.core.policy.Trees.stage;
import static dev.cmdgate.core.policy.Trees.tree;
import static dev.cmdgate.core.policy.Trees.withOptions;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandInvocation;
import dev.cmdgate.core.Reason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PassportEvaluatorTest {

    private static final PassportEvaluator EVALUATOR = new PassportEvaluator();
    private static final Path WORKSPACE = Path.of("/workspace");

    static List<Reason> eval(Passport p, List<String> argv, Classification c) {
        return EVALUATOR.evaluate(p, LaunchFacts.of(argv, WORKSPACE, Map.of(), null, c));
    }

    static List<Reason> eval(Passport p, LaunchFacts f) {
        return EVALUATOR.evaluate(p, f);
    }

    /** sh -c SCRIPT whose tree is the given commands (plus the shell itself, as the classifier reports it). */
    static List<Reason> script(Passport p, String script, CommandInvocation... inner) {
        List<String> argv = List.of("sh", "-c", script);
        List<CommandInvocation> all = new ArrayList<>();
        all.add(cmd("sh", "-c", script));
        all.addAll(List.of(inner));
        return eval(p, argv, tree(all.toArray(CommandInvocation[]::new)));
    }

    static List<String> codes(List<Reason> reasons) {
        return reasons.stream().map(Reason::code).toList();
    }

    static Passport limits(String allowed, String extra) {
        return Passports.active("\"allowed_commands\": [" + allowed + "], \"max_execution_time\": 300" + extra);
    }

    @Test
    void anOrdinaryCommandPassesEveryRule() {
        assertThat(eval(Passports.seed(), List.of("npm", "install", "--production"), tree(cmd("npm", "install", "--production"))))
                .isEmpty();
    }

    @Test
    void allRulesRunInOrderAndEveryFailureIsReported() {
        Passport p = Passport.parse(Passports.json("suspended", "", Passports.SEED_LIMITS), "t");
        LaunchFacts f = new LaunchFacts(List.of("sh", "-c", "sudo rm -rf /"), null, Path.of("/etc"),
                Map.of("LD_PRELOAD", "/x.so"), Optional.of(Duration.ofSeconds(301)),
                tree(cmd("sh", "-c", "sudo rm -rf /"), cmd("sudo", "rm", "-rf", "/"), cmd("rm", "-rf", "/")));
        List<Reason> r = eval(p, f);
        assertThat(codes(r)).containsExactly("oap.passport_suspended", "oap.unknown_capability",
                "oap.command_not_allowed", "oap.blocked_pattern", "oap.blocked_pattern", "oap.limit_exceeded",
                "oap.directory_not_allowed", "oap.env_var_blocked");
        assertThat(r.get(0).message()).isEqualTo("Passport pass_abc123 is 'suspended', not active: no command may run under it");
        assertThat(r.get(1).message()).contains("does not grant the system.command.execute capability");
        assertThat(r.get(2).message()).startsWith("Command not allowed by the passport: sudo (allowed_commands: npm, yarn");
        assertThat(r.get(3).message()).isEqualTo("Command contains blocked pattern: 'rm -rf'");
        assertThat(r.get(4).message()).isEqualTo("Command contains blocked pattern: 'sudo'");
        assertThat(r.get(5).message()).isEqualTo("Declared timeout of 301 s exceeds the passport's max_execution_time of 300 s");
        assertThat(r.get(6).message()).contains("working directory /etc is not under an allowed directory")
                .contains("/workspace, /tmp, /home/agent");
        assertThat(r.get(7).message()).isEqualTo("Blocked environment variable set or changed: LD_PRELOAD (in the launch's environment)");
    }

    @Nested
    class Status {
        @Test
        void activePasses() {
            assertThat(codes(eval(Passports.seed(), List.of("ls"), tree(cmd("ls"))))).isEmpty();
        }

        @Test
        void anythingButActiveFails() {
            for (String status : List.of("suspended", "revoked", "Active", "", "pending")) {
                Passport p = Passport.parse(Passports.json(status.isEmpty() ? "x" : status, Passports.CAP, Passports.SEED_LIMITS), "t");
                assertThat(codes(eval(p, List.of("ls"), tree(cmd("ls"))))).as(status).containsExactly("oap.passport_suspended");
            }
        }
    }

    @Nested
    class Capability {
        @Test
        void presentAmongOthersPasses() {
            Passport p = Passport.parse(Passports.json("active", "{\"id\": \"data.export\"}, " + Passports.CAP,
                    Passports.SEED_LIMITS), "t");
            assertThat(eval(p, List.of("ls"), tree(cmd("ls")))).isEmpty();
        }

        @Test
        void missingOrSimilarFails() {
            for (String caps : List.of("", "{\"id\": \"system.command\"}", "{\"id\": \"system.command.execute.v1\"}",
                    "{\"id\": \"System.Command.Execute\"}")) {
                Passport p = Passport.parse(Passports.json("active", caps, Passports.SEED_LIMITS), "t");
                assertThat(codes(eval(p, List.of("ls"), tree(cmd("ls"))))).as(caps).containsExactly("oap.unknown_capability");
            }
        }
    }

    @Nested
    class AllowedCommands {
        final Passport ls = limits("\"ls\", \"sh\", \"/opt/tools/deploy\"", "");

        @Test
        void wholeNameAndSystemPathsAllowed() {
            assertThat(eval(ls, List.of("ls", "-la"), tree(cmd("ls", "-la")))).isEmpty();
            assertThat(eval(ls, List.of("/bin/ls"), tree(cmd("/bin/ls")))).isEmpty();
            assertThat(eval(ls, List.of("/usr/bin/ls", "/"), tree(cmd("/usr/bin/ls", "/")))).isEmpty();
            assertThat(eval(ls, List.of("/opt/tools/deploy"), tree(cmd("/opt/tools/deploy")))).isEmpty();
        }

        @Test
        void prefixOfAnAllowedNameIsNotAllowed() {
            List<Reason> r = eval(ls, List.of("lsblk"), tree(cmd("lsblk")));
            assertThat(codes(r)).containsExactly("oap.command_not_allowed");
            assertThat(r.get(0).message()).isEqualTo(
                    "Command not allowed by the passport: lsblk (allowed_commands: ls, sh, /opt/tools/deploy)");
            assertThat(codes(eval(ls, List.of("ls.sh"), tree(cmd("ls.sh"))))).containsExactly("oap.command_not_allowed");
        }

        @Test
        void everyCommandInAScriptMustBeAllowed() {
            assertThat(codes(script(ls, "ls; cat /etc/shadow", cmd("ls"), cmd("cat", "/etc/shadow"))))
                    .containsExactly("oap.command_not_allowed");
            assertThat(script(ls, "ls; cat /etc/shadow", cmd("ls"), cmd("cat", "/etc/shadow")).get(0).message())
                    .contains(": cat (");
            assertThat(codes(script(ls, "ls&&rm x", cmd("ls"), cmd("rm", "x")))).containsExactly("oap.command_not_allowed");
            assertThat(script(ls, "ls -la && ls /tmp", cmd("ls", "-la"), cmd("ls", "/tmp"))).isEmpty();
        }

        @Test
        void theLaunchedProgramItselfMustBeAllowed() {
            List<Reason> r = eval(ls, List.of("bash", "-c", "ls"), tree(cmd("bash", "-c", "ls"), cmd("ls")));
            assertThat(r).extracting(Reason::message).containsExactly(
                    "Command not allowed by the passport: bash (allowed_commands: ls, sh, /opt/tools/deploy)");
        }

        @Test
        void wrapperTargetsAndSubstitutionsCount() {
            Passport p = limits("\"env\", \"sudo\", \"echo\", \"sh\"", "");
            assertThat(codes(eval(p, List.of("env", "rm", "x"), tree(cmd("env", "rm", "x"), cmd("rm", "x")))))
                    .containsExactly("oap.command_not_allowed");
            assertThat(codes(eval(p, List.of("sudo", "rm", "x"), tree(cmd("sudo", "rm", "x"), cmd("rm", "x")))))
                    .containsExactly("oap.command_not_allowed");
            assertThat(codes(script(p, "echo $(rm -rf x)", cmd("echo", "$(rm -rf x)"), cmd("rm", "-rf", "x"))))
                    .containsExactly("oap.command_not_allowed");
            assertThat(script(p, "echo $(echo hi)", cmd("echo", "$(echo hi)"), cmd("echo", "hi"))).isEmpty();
        }

        @Test
        void otherPathsToAnAllowedNameAreNotAllowed() {
            for (String path : List.of("./ls", "/tmp/ls", "bin/ls", "/usr/bin/../../tmp/ls", "~/bin/ls", "/opt/tools/../tools2/deploy")) {
                assertThat(codes(eval(ls, List.of(path), tree(cmd(path))))).as(path).containsExactly("oap.command_not_allowed");
            }
            assertThat(eval(ls, List.of("/opt/tools/./deploy"), tree(cmd("/opt/tools/./deploy")))).isEmpty();
        }

        @Test
        void dynamicCommandWordsAreNeverAllowedUnlessStar() {
            List<Reason> r = script(ls, "$cmd x", dynamic("$cmd", "x"));
            assertThat(codes(r)).containsExactly("oap.command_not_allowed");
            assertThat(r.get(0).message()).contains("a command word only known at run time ($cmd)");
            Passport star = limits("\"*\"", "");
            assertThat(script(star, "$cmd x", dynamic("$cmd", "x"))).isEmpty();
        }

        @Test
        void starAllowsEverything() {
            Passport star = limits("\"*\"", "");
            assertThat(eval(star, List.of("lsblk"), tree(cmd("lsblk")))).isEmpty();
            assertThat(eval(star, List.of("/tmp/x"), tree(cmd("/tmp/x")))).isEmpty();
        }

        @Test
        void aShellScriptWhoseCommandsTheClassifierDidNotReportIsNotAllowed() {
            List<Reason> r = eval(ls, List.of("sh", "-c", "cat /etc/shadow"), tree(cmd("sh", "-c", "cat /etc/shadow")));
            assertThat(codes(r)).containsExactly("oap.command_not_allowed");
            assertThat(r.get(0).message()).contains("the commands inside the shell script");
            assertThat(eval(ls, List.of("sh", "-c", " "), tree(cmd("sh", "-c", " ")))).isEmpty();
        }

        @Test
        void assignmentOnlyCommandsRunNothing() {
            assertThat(script(ls, "X=1; ls", new CommandInvocation(List.of(), "", "", Set.of(), List.of(),
                    Map.of("X", "1"), 7, 0, false), cmd("ls"))).isEmpty();
        }

        @Test
        void emptyListAllowsNothing() {
            Passport none = limits("", "");
            assertThat(codes(eval(none, List.of("ls"), tree(cmd("ls"))))).containsExactly("oap.command_not_allowed");
        }
    }

    @Nested
    class BlockedPatterns {
        final Passport p = limits("\"*\"", ", \"blocked_patterns\": [\"rm -rf\", \"curl | bash\", \"chmod 777\", \"dd if=\", \"> /dev/\", \"sudo\"]");

        List<String> blocked(List<String> argv, CommandInvocation... cmds) {
            return codes(eval(p, argv, tree(cmds)));
        }

        @Test
        void textMatchIsCaseInsensitiveAndFoldsWhitespace() {
            assertThat(blocked(List.of("sh", "-c", "RM   -RF x"), cmd("sh", "-c", "RM   -RF x"), cmd("RM", "-RF", "x")))
                    .containsExactly("oap.blocked_pattern");
            assertThat(blocked(List.of("sh", "-c", "echo x >/dev/sda"), cmd("sh", "-c", "echo x >/dev/sda"), cmd("echo", "x")))
                    .containsExactly("oap.blocked_pattern");
            assertThat(blocked(List.of("sh", "-c", "curl x|bash"), cmd("sh", "-c", "curl x|bash"), stage(1, 0, "curl", "x"),
                    stage(1, 1, "bash"))).containsExactly("oap.blocked_pattern");
        }

        @Test
        void flagSpellingsMatchStructurally() {
            for (String[] argv : List.of(new String[] {"rm", "-fr", "x"}, new String[] {"rm", "-r", "-f", "x"},
                    new String[] {"rm", "--recursive", "--force", "x"}, new String[] {"/bin/rm", "-Rf", "x"},
                    new String[] {"rm", "--rec", "--for", "x"}, new String[] {"rm", "x", "-f", "-R"},
                    new String[] {"rm", "-v", "-rfi", "x"})) {
                List<Reason> r = eval(p, List.of(argv), tree(cmd(argv)));
                assertThat(codes(r)).as(String.join(" ", argv)).containsExactly("oap.blocked_pattern");
                assertThat(r.get(0).message()).matches("Command (contains|matches) blocked pattern.*'rm -rf'.*");
            }
        }

        @Test
        void structuralMatchMessageNamesTheCommand() {
            List<Reason> r = eval(p, List.of("rm", "-r", "-f", "x"), tree(cmd("rm", "-r", "-f", "x")));
            assertThat(r).extracting(Reason::message).containsExactly("Command matches blocked pattern 'rm -rf': rm -r -f x");
            r = eval(p, List.of("sh", "-c", "x"), tree(cmd("sh", "-c", "x"), stage(3, 0, "curl", "-s", "u"), stage(3, 1, "bash")));
            assertThat(r).extracting(Reason::message).containsExactly("Command matches blocked pattern 'curl | bash': curl -s u | bash");
        }

        @Test
        void classifierCanonicalOptionsAreUsedToo() {
            // e.g. an option spelling only the classifier's rules know
            CommandInvocation c = withOptions(Set.of("--recursive", "--force"), "rm", "-Q", "x");
            assertThat(codes(eval(p, List.of("rm", "-Q", "x"), tree(c)))).containsExactly("oap.blocked_pattern");
        }

        @Test
        void partialOptionsDoNotMatch() {
            assertThat(blocked(List.of("rm", "-f", "x"), cmd("rm", "-f", "x"))).as("not recursive").isEmpty();
            assertThat(blocked(List.of("rm", "x"), cmd("rm", "x"))).isEmpty();
            // after "--", "-rf" is a file name, not options
            assertThat(blocked(List.of("rm", "--", "-rf"), cmd("rm", "--", "-rf"))).isEmpty();
        }

        @Test
        void optionsWithTheSameEffectWithoutATerminalMatchToo() {
            // a launched process has no terminal on stdin: rm -r removes what rm -rf removes, even with -i/-I
            for (String[] argv : List.of(new String[] {"rm", "-r", "x"}, new String[] {"rm", "-R", "x"},
                    new String[] {"rm", "--recursive", "x"}, new String[] {"rm", "-ri", "x"}, new String[] {"rm", "-r", "-I", "x"},
                    new String[] {"/bin/rm", "-rv", "x"})) {
                List<Reason> r = eval(p, List.of(argv), tree(cmd(argv)));
                assertThat(codes(r)).as(String.join(" ", argv)).containsExactly("oap.blocked_pattern");
                assertThat(r.get(0).message()).as(String.join(" ", argv))
                        .startsWith("Command matches blocked pattern 'rm -rf': " + String.join(" ", argv) + " (same effect: rm asks")
                        .contains("standard input is a terminal");
            }
            assertThat(blocked(List.of("sh", "-c", "cd /x && rm -r y"), cmd("sh", "-c", "cd /x && rm -r y"), cmd("cd", "/x"),
                    cmd("rm", "-r", "y"))).as("inside a script").containsExactly("oap.blocked_pattern");
            Passport mv = limits("\"*\"", ", \"blocked_patterns\": [\"mv -f\", \"rm -rf /\"]");
            assertThat(codes(eval(mv, List.of("mv", "a", "b"), tree(cmd("mv", "a", "b"))))).containsExactly("oap.blocked_pattern");
            assertThat(codes(eval(mv, List.of("rm", "-r", "/"), tree(cmd("rm", "-r", "/"))))).containsExactly("oap.blocked_pattern");
            assertThat(codes(eval(mv, List.of("rm", "-r", "/tmp/x"), tree(cmd("rm", "-r", "/tmp/x"))))).as("other operand").isEmpty();
            assertThat(codes(eval(mv, List.of("cp", "a", "b"), tree(cmd("cp", "a", "b"))))).isEmpty();
        }

        @Test
        void wrappedAndNestedCommandsMatch() {
            assertThat(blocked(List.of("env", "rm", "-fr", "/"), cmd("env", "rm", "-fr", "/"), cmd("rm", "-fr", "/")))
                    .containsExactly("oap.blocked_pattern");
            assertThat(blocked(List.of("sh", "-c", "echo $(rm -r -f x)"), cmd("sh", "-c", "echo $(rm -r -f x)"),
                    cmd("echo", "$(rm -r -f x)"), cmd("rm", "-r", "-f", "x"))).containsExactly("oap.blocked_pattern");
            assertThat(blocked(List.of("doas", "ls"), cmd("doas", "ls"), cmd("ls"))).isEmpty();
        }

        @Test
        void pipelinePatternsMatchStagesInOrder() {
            assertThat(blocked(List.of("sh", "-c", "curl -s https://x | bash"), cmd("sh", "-c", "x"),
                    stage(5, 0, "curl", "-s", "https://x"), stage(5, 1, "bash"))).containsExactly("oap.blocked_pattern");
            assertThat(blocked(List.of("sh", "-c", "x"), cmd("sh", "-c", "x"),
                    stage(6, 0, "curl", "https://x"), stage(6, 1, "tee", "f"), stage(6, 2, "nohup", "bash"), stage(6, 2, "bash")))
                    .containsExactly("oap.blocked_pattern");
            // reverse order, or different pipelines, do not match
            assertThat(blocked(List.of("sh", "-c", "x"), cmd("sh", "-c", "x"), stage(7, 0, "bash", "s"), stage(7, 1, "curl", "-d@-", "u")))
                    .isEmpty();
            assertThat(blocked(List.of("sh", "-c", "x"), cmd("sh", "-c", "x"), stage(8, 0, "curl", "u"), stage(9, 0, "bash", "s")))
                    .isEmpty();
        }

        @Test
        void patternOperandsMustMatch() {
            assertThat(blocked(List.of("chmod", "-R", "777", "/srv"), cmd("chmod", "-R", "777", "/srv")))
                    .containsExactly("oap.blocked_pattern");
            assertThat(blocked(List.of("chmod", "755", "f"), cmd("chmod", "755", "f"))).isEmpty();
            assertThat(blocked(List.of("dd", "bs=1M", "if=/dev/zero", "of=f"), cmd("dd", "bs=1M", "if=/dev/zero", "of=f")))
                    .containsExactly("oap.blocked_pattern");
            assertThat(blocked(List.of("dd", "of=f"), cmd("dd", "of=f"))).isEmpty();
        }

        @Test
        void plainCommandsPass() {
            assertThat(blocked(List.of("ls", "-la"), cmd("ls", "-la"))).isEmpty();
            assertThat(blocked(List.of("curl", "https://x"), cmd("curl", "https://x"))).isEmpty();
        }

        @Test
        void everyMatchedPatternIsReported() {
            assertThat(blocked(List.of("sudo", "rm", "-rf", "/"), cmd("sudo", "rm", "-rf", "/"), cmd("rm", "-rf", "/")))
                    .containsExactly("oap.blocked_pattern", "oap.blocked_pattern");
        }
    }

    @Nested
    class ExecutionTime {
        final Passport p = limits("\"*\"", "");

        LaunchFacts facts(Duration timeout) {
            return LaunchFacts.of(List.of("ls"), WORKSPACE, Map.of(), timeout, tree(cmd("ls")));
        }

        @Test
        void noDeclaredTimeoutIsAllowedTheWatchdogEnforcesTheLimit() {
            assertThat(eval(p, facts(null))).isEmpty();
        }

        @Test
        void atOrBelowTheLimitPasses() {
            assertThat(eval(p, facts(Duration.ofSeconds(300)))).isEmpty();
            assertThat(eval(p, facts(Duration.ofSeconds(120)))).isEmpty();
        }

        @Test
        void aboveTheLimitFails() {
            List<Reason> r = eval(p, facts(Duration.ofMillis(300_500)));
            assertThat(codes(r)).containsExactly("oap.limit_exceeded");
            assertThat(r.get(0).message()).isEqualTo("Declared timeout of 300.5 s exceeds the passport's max_execution_time of 300 s");
        }
    }

    @Nested
    class WorkingDirectories {
        @TempDir
        Path tmp;

        Path allowed;
        Passport p;

        void setUp() throws IOException {
            allowed = Files.createDirectories(tmp.resolve("workspace")).toRealPath();
            Files.createDirectories(tmp.resolve("workspace2"));
            Files.createDirectories(allowed.resolve("proj/sub"));
            Files.createDirectories(tmp.resolve("outside"));
            p = limits("\"*\"", ", \"allowed_working_directories\": [\"" + allowed + "\"]");
        }

        List<String> at(Path cwd, CommandInvocation... cmds) {
            List<CommandInvocation> all = new ArrayList<>(List.of(cmds));
            return codes(eval(p, LaunchFacts.of(List.of("sh", "-c", "x"), cwd, Map.of(), null, tree(all.toArray(CommandInvocation[]::new)))));
        }

        @Test
        void theDirectoryItselfAndBelowPass() throws IOException {
            setUp();
            assertThat(at(allowed, cmd("ls"))).isEmpty();
            assertThat(at(allowed.resolve("proj/sub"), cmd("ls"))).isEmpty();
            assertThat(at(allowed.resolve("proj/not-yet-created"), cmd("ls"))).isEmpty();
        }

        @Test
        void aSiblingWithTheSamePrefixIsNotUnder() throws IOException {
            setUp();
            List<Reason> r = eval(p, LaunchFacts.of(List.of("ls"), tmp.resolve("workspace2"), Map.of(), null, tree(cmd("ls"))));
            assertThat(codes(r)).containsExactly("oap.directory_not_allowed");
            assertThat(r.get(0).message()).contains("working directory " + tmp.resolve("workspace2").toRealPath()
                    + " is not under an allowed directory (allowed_working_directories: " + allowed + ")");
        }

        @Test
        void dotDotTricksAreNormalised() throws IOException {
            setUp();
            assertThat(at(allowed.resolve("proj/../../outside"), cmd("ls"))).containsExactly("oap.directory_not_allowed");
            assertThat(at(allowed.resolve("proj/sub/../.."), cmd("ls"))).isEmpty();
            assertThat(at(Path.of(allowed + "/../" + allowed.getFileName() + "2"), cmd("ls"))).containsExactly("oap.directory_not_allowed");
        }

        @Test
        void symlinksAreResolved() throws IOException {
            setUp();
            Path escape = Files.createSymbolicLink(allowed.resolve("escape"), tmp.resolve("outside"));
            assertThat(at(escape, cmd("ls"))).containsExactly("oap.directory_not_allowed");
            assertThat(at(escape.resolve("deeper-not-existing"), cmd("ls"))).containsExactly("oap.directory_not_allowed");
            Path inward = Files.createSymbolicLink(tmp.resolve("outside/in"), allowed.resolve("proj"));
            assertThat(at(inward, cmd("ls"))).isEmpty();
            // physical resolution of link/..: the parent of the link's target, not the link's directory
            Path deep = Files.createSymbolicLink(allowed.resolve("deep"), tmp.resolve("outside"));
            assertThat(at(Path.of(deep + "/.."), cmd("ls"))).containsExactly("oap.directory_not_allowed");
        }

        @Test
        void aLiteralCdInTheScriptIsChecked() throws IOException {
            setUp();
            assertThat(at(allowed, cmd("cd", "proj"), cmd("ls"))).isEmpty();
            assertThat(at(allowed, cmd("cd", allowed.resolve("proj/sub").toString()), cmd("ls"))).isEmpty();
            assertThat(at(allowed, cmd("cd", "/etc"), cmd("cat", "passwd"))).containsExactly("oap.directory_not_allowed");
            assertThat(at(allowed, cmd("cd", ".."), cmd("ls"))).containsExactly("oap.directory_not_allowed");
            assertThat(at(allowed, cmd("cd", "-P", "--", "../outside"))).containsExactly("oap.directory_not_allowed");
            Files.createSymbolicLink(allowed.resolve("escape"), tmp.resolve("outside"));
            assertThat(at(allowed, cmd("cd", "escape"))).containsExactly("oap.directory_not_allowed");
            assertThat(at(allowed, cmd("pushd", "/"))).containsExactly("oap.directory_not_allowed");
        }

        @Test
        void successiveCdsAreFollowedFromEveryReachableDirectory() throws IOException {
            setUp();
            // (cd proj); cd .. — really ends in the parent of the workspace
            assertThat(at(allowed, cmd("cd", "proj"), cmd("cd", ".."))).containsExactly("oap.directory_not_allowed");
            assertThat(at(allowed, cmd("cd", "proj"), cmd("cd", "sub"))).isEmpty();
        }

        @Test
        void cdToAnUnknownPlaceIsNotProvable() throws IOException {
            setUp();
            for (CommandInvocation c : List.of(cmd("cd"), cmd("cd", "$DIR"), cmd("cd", "-"), cmd("cd", "~"), cmd("cd", "$(pwd)/x"),
                    cmd("cd", "pro*"), cmd("cd", "`x`"))) {
                List<Reason> r = eval(p, LaunchFacts.of(List.of("sh", "-c", "x"), allowed, Map.of(), null, tree(c)));
                assertThat(codes(r)).as(String.join(" ", c.argv())).containsExactly("oap.directory_not_allowed");
                assertThat(r.get(0).message()).contains("cannot be known before it runs");
            }
        }

        @Test
        void unrestrictedWhenTheLimitIsAbsent() {
            Passport open = limits("\"*\"", "");
            assertThat(eval(open, LaunchFacts.of(List.of("ls"), Path.of("/etc"), Map.of(), null, tree(cmd("cd", "$X"))))).isEmpty();
        }

        @Test
        void anEmptyListAllowsNoDirectory() {
            Passport none = limits("\"*\"", ", \"allowed_working_directories\": []");
            assertThat(codes(eval(none, LaunchFacts.of(List.of("ls"), Path.of("/"), Map.of(), null, tree(cmd("ls"))))))
                    .containsExactly("oap.directory_not_allowed");
        }

        @Test
        void symlinkedAllowedDirectoryAcceptsItsTarget() throws IOException {
            setUp();
            Path link = Files.createSymbolicLink(tmp.resolve("ws-link"), allowed);
            Passport viaLink = limits("\"*\"", ", \"allowed_working_directories\": [\"" + link + "\"]");
            assertThat(eval(viaLink, LaunchFacts.of(List.of("ls"), allowed.resolve("proj"), Map.of(), null, tree(cmd("ls")))))
                    .isEmpty();
            assertThat(eval(viaLink, LaunchFacts.of(List.of("ls"), tmp.resolve("outside"), Map.of(), null, tree(cmd("ls")))))
                    .extracting(Reason::code).containsExactly("oap.directory_not_allowed");
        }
    }

    @Nested
    class EnvironmentVariables {
        final Passport p = limits("\"*\"", ", \"blocked_env_vars\": [\"PATH\", \"LD_*\"]");

        List<Reason> run(Map<String, String> env, CommandInvocation... cmds) {
            return eval(p, LaunchFacts.of(List.of("sh", "-c", "x"), WORKSPACE, env, null, tree(cmds)));
        }

        @Test
        void throughTheEnvironmentMap() {
            List<Reason> r = run(Map.of("PATH", "/tmp/evil"), cmd("ls"));
            assertThat(codes(r)).containsExactly("oap.env_var_blocked");
            assertThat(r.get(0).message()).isEqualTo("Blocked environment variable set or changed: PATH (in the launch's environment)");
            java.util.HashMap<String, String> removal = new java.util.HashMap<>();
            removal.put("LD_LIBRARY_PATH", null);
            assertThat(codes(run(removal, cmd("ls")))).containsExactly("oap.env_var_blocked");
        }

        @Test
        void inlineAndExportedAssignments() {
            assertThat(codes(run(Map.of(), assigning(Map.of("LD_PRELOAD", "/x.so"), "ls")))).containsExactly("oap.env_var_blocked");
            assertThat(run(Map.of(), assigning(Map.of("LD_PRELOAD", "/x.so"), "ls")).get(0).message())
                    .isEqualTo("Blocked environment variable set or changed: LD_PRELOAD (by 'ls')");
            assertThat(codes(run(Map.of(), cmd("export", "PATH=/tmp:$PATH")))).containsExactly("oap.env_var_blocked");
            assertThat(codes(run(Map.of(), cmd("env", "-i", "PATH=/x", "ls")))).containsExactly("oap.env_var_blocked");
            assertThat(codes(run(Map.of(), cmd("env", "-u", "PATH", "ls")))).containsExactly("oap.env_var_blocked");
            assertThat(codes(run(Map.of(), cmd("unset", "PATH")))).containsExactly("oap.env_var_blocked");
            assertThat(codes(run(Map.of(), cmd("declare", "-x", "LD_AUDIT=/x")))).containsExactly("oap.env_var_blocked");
        }

        @Test
        void otherVariablesPass() {
            assertThat(run(Map.of("NODE_ENV", "production"), assigning(Map.of("FOO", "1"), "ls"), cmd("export", "PATHX=1"),
                    cmd("env", "ls", "PATH=/x"), cmd("echo", "PATH=/x"))).isEmpty();
        }

        @Test
        void namesAreCaseSensitive() {
            assertThat(run(Map.of("path", "/x"), cmd("ls"))).isEmpty();
        }

        @Test
        void allNamesInOneReason() {
            List<Reason> r = run(Map.of("PATH", "/x"), assigning(Map.of("LD_PRELOAD", "/y"), "ls"));
            assertThat(r).hasSize(1);
            assertThat(r.get(0).message()).startsWith("Blocked environment variables set or changed: PATH (in the launch's environment), LD_PRELOAD (by 'ls')");
        }
    }
}
