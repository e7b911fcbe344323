package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Checks the built-in rules against themselves: every option that says it writes a file must be
 * declared in a {@code writes} row, so the file is checked against the sensitive places (shell start-up
 * files, {@code ~/.ssh}, cron, systemd units, sudoers, {@code /etc}) and devices, not only given the
 * option's own verdict; the same for {@code when} rows that say a command writes to a file. And the
 * layout a reviewer reads them by: one block per program ({@link #layoutProblems}).
 */
class BuiltinRulesSelfCheckTest {

    /** The longest header line: a longer list of names is wrapped into several headers. */
    static final int HEADER_WIDTH = 120;

    /**
     * What breaks the layout of a rules text, each as {@code ORIGIN:LINE: problem}: a header longer than
     * {@value #HEADER_WIDTH} characters; a name written twice in one header; a section (program or
     * sub-command, outside {@code [@settings]} and {@code [@lang]}) opened by more than one header; a
     * program whose headers are not all in one block (another program's header between them); an
     * {@code example} row whose line does not name its section's program (it belongs in that program's block); a
     * second {@code is} or {@code code-file} row in one section (only the last counts: the first misleads a reader).
     */
    static List<String> layoutProblems(String text, String origin) {
        List<String> problems = new ArrayList<>();
        Map<String, Integer> opened = new HashMap<>();
        Map<String, Integer> blockOf = new HashMap<>();
        Set<String> block = new HashSet<>();
        int blocks = 0;
        List<String> programs = List.of();
        Set<String> onceIn = new HashSet<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String raw = lines[i];
            String at = origin + ":" + (i + 1) + ": ";
            List<String> t = RuleLine.split(raw);
            if (t.isEmpty()) {
                continue;
            }
            if (ONE_PER_SECTION.contains(t.get(0)) && !programs.isEmpty() && !onceIn.add(t.get(0))) {
                problems.add(at + "a second " + t.get(0) + " row in this section: only the last counts");
            }
            if (t.get(0).equals("example") && !programs.isEmpty() && t.size() > 1 && !namesOneOf(t.get(1), programs)) {
                problems.add(at + "example \"" + t.get(1) + "\" does not name " + String.join(" or ", programs)
                        + ": it belongs in the block of the program it shows");
            }
            if (!t.get(0).startsWith("[")) {
                continue;
            }
            onceIn = new HashSet<>();
            int hash = raw.indexOf('#');
            String h = (hash >= 0 ? raw.substring(0, hash) : raw).trim();
            if (raw.length() > HEADER_WIDTH) {
                problems.add(at + "header of " + raw.length() + " characters (at most " + HEADER_WIDTH
                        + "): wrap the names into several headers");
            }
            String inner = h.substring(1, h.length() - 1).trim();
            programs = List.of();
            if (inner.startsWith("@")) {
                List<String> names = inner.startsWith("@lang ") ? List.of(inner.substring(6).split("\\|")) : List.of();
                if (new HashSet<>(names).size() < names.size()) {
                    problems.add(at + "[" + inner + "] names a language twice");
                }
                block = new HashSet<>();
                continue;
            }
            List<List<String>> paths = RuleLine.headerPaths(inner);
            Set<String> keys = new HashSet<>();
            Set<String> firsts = new HashSet<>();
            List<String> names = new ArrayList<>();
            for (List<String> p : paths) {
                String key = String.join(" ", p);
                if (!keys.add(key)) {
                    problems.add(at + "[" + inner + "] names " + key + " twice");
                    continue;
                }
                Integer first = opened.putIfAbsent(key, i + 1);
                if (first != null) {
                    problems.add(at + "[" + key + "] is opened again (first at " + origin + ":" + first
                            + "): write all its rows under one header");
                }
                if (firsts.add(p.get(0))) {
                    names.add(p.get(0));
                }
            }
            // a block: headers in a row whose programs overlap ([a|b], [a x|b x], [a y], [b y])
            boolean joins = false;
            for (String name : names) {
                joins |= block.contains(name);
            }
            if (!joins) {
                block = new HashSet<>();
                blocks++;
            }
            block.addAll(names);
            for (String name : names) {
                Integer was = blockOf.put(name, blocks);
                if (was != null && was != blocks) {
                    problems.add(at + name + "'s headers are not in one block: another program's header comes between");
                }
            }
            programs = names;
        }
        return problems;
    }

    /** Rows of which a section's last replaces the others (an earlier one never counts). */
    private static final Set<String> ONE_PER_SECTION = Set.of("is", "code-file");

    /** Whether a shell line names one of the programs as a word (a prefix program {@code mkfs*}: a word starting so). */
    private static boolean namesOneOf(String line, List<String> programs) {
        for (String word : line.split("[\\s;|&()'\"`/]+")) {
            for (String p : programs) {
                if (word.equals(p) || p.endsWith("*") && word.startsWith(p.substring(0, p.length() - 1))) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void theBuiltInRulesAreOneBlockPerProgram() {
        assertThat(layoutProblems(BuiltinRules.text(), RuleSet.BUILTIN_NAME)).isEmpty();
    }

    @Test
    void theLayoutChecksRejectWhatBreaksThemWithFileAndLine() {
        assertThat(layoutProblems("[a|b|a]\nis Read minimal \"x\"\n", "t.rules"))
                .containsExactly("t.rules:1: [a|b|a] names a twice");
        assertThat(layoutProblems("[a]\nis Read minimal \"x\"\n[a x]\n[b]\n[a]\nopt -f\n", "t.rules"))
                .containsExactly("t.rules:5: [a] is opened again (first at t.rules:1): write all its rows under one header",
                        "t.rules:5: a's headers are not in one block: another program's header comes between");
        assertThat(layoutProblems("[a]\n[b]\n[a x]\n", "t.rules"))
                .containsExactly("t.rules:3: a's headers are not in one block: another program's header comes between");
        assertThat(layoutProblems("[a|b]\n[a x|b x]\n[a y]\n[b y]\n[c]\n", "t.rules")).isEmpty();
        assertThat(layoutProblems("[a]\nexample \"b -f\" -> Read\n[a x]\nexample \"a x\" -> Read\n", "t.rules"))
                .containsExactly("t.rules:2: example \"b -f\" does not name a: it belongs in the block of the program it shows");
        assertThat(layoutProblems("[a]\nis Read minimal \"x\"\nopt -f\nis Write low \"y\"\n[b]\nis Read minimal \"z\"\n", "t.rules"))
                .containsExactly("t.rules:4: a second is row in this section: only the last counts");
        assertThat(layoutProblems("[mkfs*]\nexample \"sudo mkfs.ext4 /dev/sdb1\" -> Destructive\n", "t.rules")).isEmpty();
        String longHeader = "[" + "x".repeat(HEADER_WIDTH) + "]";
        assertThat(layoutProblems("\n" + longHeader + "\n", "t.rules"))
                .containsExactly("t.rules:2: header of " + longHeader.length() + " characters (at most 120): wrap the names into several headers");
        assertThat(layoutProblems("[@settings]\nexample \"ls\" -> Read\n[@lang a|b]\n[@lang c|c]\n[@settings]\n", "t.rules"))
                .containsExactly("t.rules:4: [@lang c|c] names a language twice");
    }

    /** A reason that says the option's value is a file or directory the command writes. */
    static final Pattern WRITES_A_FILE = Pattern.compile(
            "\\b(writes?|downloads?|saves?|dumps?|extracts?|copies|logs?)\\b[^()]*\\b(file|files|directory|log|archive|output|report|dump|cache)\\b"
                    + "|\\bto a file\\b|\\binto a directory\\b|\\blog file\\b");

    /** Text in parentheses is an example or an aside ("(it may write files …)"), not what the value is. */
    static boolean saysItWritesAFile(Rating v) {
        return v != null && WRITES_A_FILE.matcher(v.reason().toLowerCase(Locale.ROOT).replaceAll("\\([^)]*\\)", "")).find();
    }

    /** The write rows that apply in a section: its own and those of the sections above it. */
    static List<WriteRule> writesOnPath(Section s) {
        List<WriteRule> out = new ArrayList<>();
        for (Section x = s; x != null; x = x.parent()) {
            out.addAll(x.writes());
        }
        return out;
    }

    @Test
    void everyOptionThatWritesAFileIsDeclaredAsWrites() {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Section s : RuleSet.builtin().allSections()) {
            for (OptionSpec o : s.options()) {
                if (o.arity() == OptionSpec.Arity.NONE || !saysItWritesAFile(o.effect())) {
                    continue;
                }
                checked++;
                boolean declared = false;
                for (WriteRule w : writesOnPath(s)) {
                    declared |= (w.target() == WriteRule.Target.OPT || w.target() == WriteRule.Target.MENTIONS_OPT
                            || w.target() == WriteRule.Target.PARTS_OPT)
                            && o.canonical().equals(w.name());
                }
                if (!declared) {
                    missing.add("[" + s.key() + "] " + String.join("/", o.names()) + " -> \"" + o.effect().reason() + "\"");
                }
            }
        }
        assertThat(checked).as("options whose reason says they write a file").isGreaterThan(50);
        assertThat(missing).as("options that write a file but have no 'writes opt' row").isEmpty();
    }

    @Test
    void everyWhenRowThatWritesAFileHasAWritesRow() {
        List<String> missing = new ArrayList<>();
        for (Section s : RuleSet.builtin().allSections()) {
            for (When w : s.whens()) {
                if (saysItWritesAFile(w.verdict()) && writesOnPath(s).isEmpty()) {
                    missing.add("[" + s.key() + "] when " + w.text() + " -> \"" + w.verdict().reason() + "\"");
                }
            }
        }
        assertThat(missing).as("when rows that write a file in a section without any writes row").isEmpty();
    }

    @Test
    void theCheckRecognisesWhatItLooksFor() {
        Rating w = new Rating(dev.cmdgate.core.CommandClass.WRITE, dev.cmdgate.core.RiskLevel.LOW, "");
        assertThat(saysItWritesAFile(new Rating(w.commandClass(), w.level(), "writes its output to a file (sort -o)"))).isTrue();
        assertThat(saysItWritesAFile(new Rating(w.commandClass(), w.level(), "downloads to a file"))).isTrue();
        assertThat(saysItWritesAFile(new Rating(w.commandClass(), w.level(), "writes a log file"))).isTrue();
        assertThat(saysItWritesAFile(new Rating(w.commandClass(), w.level(), "extracts files into a directory"))).isTrue();
        assertThat(saysItWritesAFile(new Rating(w.commandClass(), w.level(), "runs a compression program"))).isFalse();
        assertThat(saysItWritesAFile(new Rating(w.commandClass(), w.level(), "runs a sed script file (it may write files)"))).isFalse();
        assertThat(saysItWritesAFile(new Rating(w.commandClass(), w.level(), "reads key bindings that can run commands"))).isFalse();
    }

    @Test
    void theSensitivePlacesOfTheAttackCatalogueAreSensitive() {
        RuleSet r = RuleSet.builtin();
        for (String p : List.of("~/.bashrc", "~/.zshenv", "~/.shrc", "~/.bash_logout", "~/.xprofile", "~/.config/fish/config.fish",
                "/etc/profile.d/x.sh", "~/.ssh/authorized_keys", "/home/alice/.ssh/authorized_keys", "/etc/cron.d/job",
                "/var/spool/cron/crontabs/root", "/var/at/tabs/root", "/etc/sudoers.d/x", "/etc/systemd/system/x.timer",
                "~/.config/systemd/user/x.service", "/home/alice/.config/autostart/x.desktop", "~/Library/LaunchAgents/x.plist",
                "/Library/LaunchDaemons/x.plist", "/var/log/auth.log", "/var/log", "~/.bash_history", "/root/.zsh_history",
                "/var/mail/root", "/private/etc/sudoers")) {
            assertThat(r.isSensitivePath(p)).as(p).isTrue();
        }
        for (String p : List.of("/tmp/x", "build/out.txt", "~/project/main.c", "~/notes.txt", "/var/tmp/x")) {
            assertThat(r.isSensitivePath(p)).as(p).isFalse();
        }
    }
}
