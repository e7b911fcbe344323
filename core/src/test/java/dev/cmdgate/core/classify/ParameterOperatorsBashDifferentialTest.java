package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.cmdgate.core.shell.DoubleQuoted;
import dev.cmdgate.core.shell.ParameterExpansion;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import dev.cmdgate.core.shell.ShellWalker;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Word;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Compares {@link ParameterOperators} with what bash 5.2 prints for the same expansion of a made-up value:
 * {@code bash -c "v=\"VALUE\"; printf '%s\0' \"${v…}\""} in an empty directory. Operands are plain unquoted text
 * here, so the pattern is the operand as written and an {@code &} in a replacement the match. Skipped without a
 * bash of version 5.2 or later (earlier bash keeps {@code &}).
 */
class ParameterOperatorsBashDifferentialTest {

    private static String bash;

    @TempDir
    static Path emptyDir;

    @BeforeAll
    static void findBash() throws Exception {
        for (String p : List.of("/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash")) {
            if (new File(p).canExecute()) {
                String version = run(p, "printf '%s' \"${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}\"").get(0);
                String[] v = version.split("\\.");
                if (Integer.parseInt(v[0]) > 5 || Integer.parseInt(v[0]) == 5 && Integer.parseInt(v[1]) >= 2) {
                    bash = p;
                }
                return;
            }
        }
    }

    @ParameterizedTest(name = "[{index}] v={0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "qq.zz.ww|${v%.*}", "qq.zz.ww|${v%%.*}", "qq.zz.ww|${v#*.}", "qq.zz.ww|${v##*.}",
        "qq.zz.ww|${v#q}", "qq.zz.ww|${v%w}", "qq.zz.ww|${v%%[wz]*}", "qq.zz.ww|${v#[!q]}",
        "a/b/.c|${v##*/}", "a/b/.c|${v%/*}", "a/b/.c|${v#?}", "a/b/.c|${v//[\\/]/_}",
        "mxnxo|${v/x/}", "mxnxo|${v//x/}", "mxnxo|${v//x/yy}", "mxnxo|${v/#m/k}", "mxnxo|${v/%o/k}",
        "mxnxo|${v/%x*/k}", "mxnxo|${v/x*/k}", "mxnxo|${v//?/k}", "mxnxo|${v//*/k}", "mxnxo|${v//[mo]}",
        "mxnxo|${v/#/k}", "mxnxo|${v/%/k}", "mxnxo|${v//}", "mxnxo|${v/x/[&]}", "mxnxo|${v//x/&&}",
        "mxnxo|${v/#m*/<&>}", "``|${v/*/k}", "``|${v//*/k}", "``|${v/#/k}", "``|${v%*}",
        "mXnXo|${v^}", "mXnXo|${v^^}", "mXnXo|${v,,}", "mXnXo|${v,}", "MXnxo|${v,}", "mXnXo|${v~}",
        "mXnXo|${v~~}", "mXnXo|${v^^[mn]}", "mXnXo|${v,,[X]}", "mXnXo|${v~~[a-m]}", "mXnXo|${v^n}",
        "mXnXo|${v@U}", "mXnXo|${v@L}", "mXnXo|${v@u}", "mX'nXo|${v@Q}", "mX nXo|${v@Q}", "mXnXo|${#v}", "mX\\x41o|${v@E}", "mX\\tn'o|${v@E}",
        "mxnxo|${v:1:3}", "mxnxo|${v:(-2)}", "mxnxo|${v:1:-1}",
    })
    void matchesBash(String value, String expansion) throws Exception {
        assumeTrue(bash != null, "bash 5.2 or later not installed");
        String script = "v=\"" + value + "\"; printf '%s\\0' \"" + expansion + "\"";
        List<String> expected = run(bash, script);
        assertThat(expected).hasSize(1);
        assertThat(ours(value, expansion)).as(script).isEqualTo(expected.get(0));
    }

    /** The expansion as {@link ParameterOperators} computes it, from the parse of {@code "EXPANSION"}. */
    private static String ours(String value, String expansion) {
        ParseResult r = ShellParser.parse("printf x \"" + expansion + "\"");
        assertThat(r.errors()).isEmpty();
        SimpleCommand c = ShellWalker.simpleCommands(r.script()).get(0);
        ParameterExpansion pe = (ParameterExpansion) ((DoubleQuoted) c.words().get(2).parts().get(0)).parts().get(0);
        String op = pe.operator();
        List<Word> args = pe.arguments();
        String first = args.isEmpty() ? "" : args.get(0).literalValue();
        if (pe.length()) {
            return ParameterOperators.length(value);
        }
        switch (op) {
            case "#", "##", "%", "%%" -> {
                return ParameterOperators.trim(value, op, first, false);
            }
            case "/", "//", "/#", "/%" -> {
                String rep = args.size() > 1 ? args.get(1).literalValue() : "";
                List<String> pieces = new ArrayList<>();
                int from = 0;
                for (int at = rep.indexOf('&'); at >= 0; at = rep.indexOf('&', from)) {
                    pieces.add(rep.substring(from, at));
                    pieces.add(null);
                    from = at + 1;
                }
                pieces.add(rep.substring(from));
                return ParameterOperators.replace(value, op, first, new ParameterOperators.Replacement(pieces), false);
            }
            case "@" -> {
                return ParameterOperators.transform(value, first);
            }
            case ":" -> {
                Integer len = args.size() > 1 ? ExpansionValues.number(args.get(1)) : null;
                return ParameterOperators.substring(value, ExpansionValues.number(args.get(0)), len);
            }
            default -> {
                return ParameterOperators.caseChange(value, op, first);
            }
        }
    }

    private static List<String> run(String bash, String script) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(bash, "--norc", "--noprofile", "-c", script)
                .directory(emptyDir.toFile()).redirectErrorStream(false);
        pb.environment().put("LC_ALL", "C.UTF-8");
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        String s = new String(out, StandardCharsets.UTF_8);
        List<String> words = new ArrayList<>();
        int from = 0;
        for (int i = s.indexOf('\0'); i >= 0; i = s.indexOf('\0', from)) {
            words.add(s.substring(from, i));
            from = i + 1;
        }
        if (from < s.length()) {
            words.add(s.substring(from));
        }
        return words;
    }
}
