package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The built-in rules read a program at a time (when a command first names it) must be exactly the
 * rules read whole: same sections, same rows, same {@code builtin.rules:LINE} on every verdict.
 */
class LazyBuiltinTest {

    static List<String> dumpAll(Collection<Section> tops) {
        List<String> out = new ArrayList<>();
        for (Section s : tops) {
            out.add(RuleSetDump.of(s));
        }
        out.sort(null);
        return out;
    }

    private static List<Section> tops(RuleSet r) {
        List<Section> out = new ArrayList<>();
        for (Section s : r.allSections()) {
            if (s.parent == null) {
                out.add(s);
            }
        }
        return out;
    }

    @Test
    void everyProgramReadAloneIsWhatTheWholeReadGives() {
        RuleSet whole = RuleSet.builtinReadWhole();
        RuleSet lazy = RuleSet.lazyBuiltin();
        assertThat(whole.programs.size()).isGreaterThan(1000);
        // each program looked up on its own, in an order unlike the file's
        List<String> names = new ArrayList<>(new TreeSet<>(whole.programs.keySet()));
        java.util.Collections.reverse(names);
        for (String name : names) {
            Section a = whole.programs.get(name);
            Section b = lazy.program(name);
            assertThat(b).as(name).isNotNull();
            assertThat(RuleSetDump.of(b)).as(name).isEqualTo(RuleSetDump.of(a));
        }
        assertThat(dumpAll(tops(lazy))).isEqualTo(dumpAll(tops(whole)));
        assertThat(lazy.prefixPrograms.size()).isEqualTo(whole.prefixPrograms.size()).isPositive();
        assertThat(new TreeMap<>(lazy.verdicts)).isEqualTo(new TreeMap<>(whole.verdicts));
        assertThat(lazy.languages).as("no language is read before it is met").isEmpty();
        assertThat(whole.languages.size()).isGreaterThan(10);
        for (String name : whole.languages.keySet()) {
            assertThat(RuleSetDump.of(lazy.language(name))).as(name).isEqualTo(RuleSetDump.of(whole.languages.get(name)));
        }
        assertThat(lazy.language("no-such-language")).isNull();
        assertThat(lazy.lists).isEqualTo(whole.lists);
        // and everything else: the settings, the examples, the order of the prefix programs
        assertThat(RuleSetDump.whole(RuleSet.lazyBuiltin())).isEqualTo(RuleSetDump.whole(whole));
    }

    @Test
    void theIndexTheBuildWroteIsTheIndexOfTheRulesText() throws Exception {
        byte[] shipped;
        try (var in = RuleSet.class.getResourceAsStream(BuiltinIndex.RESOURCE)) {
            assertThat(in).as(BuiltinIndex.RESOURCE).isNotNull();
            shipped = in.readAllBytes();
        }
        assertThat(shipped).isEqualTo(BuiltinIndex.write(BuiltinRules.text()));
        BuiltinIndex index = BuiltinIndex.builtin();
        assertThat(index.programNames()).hasSizeGreaterThan(1000).contains("git", "true", "rm").doesNotContain("mkfs*");
        for (String name : index.programNames()) {
            assertThat(index.knows(name)).as(name).isTrue();
        }
        assertThat(index.languageNames()).contains("python", "javascript", "perl");
        for (String name : index.languageNames()) {
            assertThat(index.languageBlocks(name)).as(name).isNotEmpty();
        }
        assertThat(index.languageBlocks("git")).as("a program is not a language").isNull();
        assertThat(index.knows("no-such-program")).isFalse();
        assertThat(index.knows("")).isFalse();
        // the text of the rules with one character more is not the text this index was written for
        assertThatThrownBy(() -> BuiltinIndex.read(BuiltinRules.text() + " ", shipped))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("does not belong to");
        assertThatThrownBy(() -> BuiltinIndex.read(BuiltinRules.text(), java.util.Arrays.copyOf(shipped, shipped.length - 1)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("damaged");
    }

    @Test
    void aProgramIsReadOnceAndOnlyWhenNamed() {
        RuleSet lazy = RuleSet.lazyBuiltin();
        assertThat(lazy.programs).isEmpty();
        Section git = lazy.program("git");
        assertThat(lazy.program("git")).isSameAs(git);
        assertThat(lazy.program("/no/such")).isNull();
        assertThat(lazy.program("mkfs.ext4")).isNotNull().isSameAs(lazy.program("mkfs.vfat"));
        assertThat(lazy.program("python3.12")).isSameAs(lazy.program("python"));
    }

    @Test
    void userRowsChangeTheBuiltInSectionsTheyName() {
        RuleSet user = RuleSet.withUserText("[git push]\nis Read minimal \"pushing is fine here\"\n[ls]\nreset\nis Write low \"x\"\n",
                "u.rules");
        Section push = user.program("git").subs.get("push");
        assertThat(push.verdict.rule()).isEqualTo("u.rules:2");
        assertThat(user.program("git").verdict.rule()).startsWith("builtin.rules:");
        assertThat(user.program("ls").verdict.rule()).isEqualTo("u.rules:5");
        assertThat(user.program("ls").options).isEmpty();
        // the shared built-in rule set is not changed by a user's file
        assertThat(RuleSet.builtin().program("git").subs.get("push").verdict.rule()).startsWith("builtin.rules:");
        assertThat(RuleSet.builtin().program("ls").options).isNotEmpty();
        // an option the built-in section declares is known to the user's rows
        RuleSet ok = RuleSet.withUserText("[rm]\nwhen -r -> Destructive high \"recursive\"\n", "v.rules");
        assertThat(ok.program("rm").whens.get(ok.program("rm").whens.size() - 1).verdict().rule()).isEqualTo("v.rules:2");
        assertThatThrownBy(() -> RuleSet.withUserText("[rm]\nwhen --no-such-option -> Write low \"x\"\n", "w.rules"))
                .hasMessageContaining("w.rules line 2");
    }

    @Test
    void headersAreSplitAsTheRegularExpressionsSplitThem() {
        for (String h : List.of("a", "a b", "a|b", "a|b c|d", "npm install|npm i", "npm install | npm i", "a|", "x y|",
                "python|python3 -m:pip|-m:pip3", "a\tb", "a  b  c")) {
            assertThat(RuleLine.headerPaths(h)).as(h).isEqualTo(byRegex(h));
            List<String> firsts = new ArrayList<>();
            for (List<String> p : byRegex(h)) {
                if (!firsts.contains(p.get(0))) {
                    firsts.add(p.get(0));
                }
            }
            assertThat(RuleLine.headerFirstWords(h)).as(h).isEqualTo(firsts);
        }
        assertThatThrownBy(() -> RuleLine.headerPaths("a||b")).hasMessageContaining("empty name");
        assertThatThrownBy(() -> RuleLine.headerPaths("nix profile|nix run|nix-env")).hasMessageContaining("mixes");
    }

    /** The header split as it was written with regular expressions. */
    private static List<List<String>> byRegex(String inner) {
        String[] whole = inner.split("\\s*\\|\\s*");
        boolean allPaths = whole.length > 1;
        for (String w : whole) {
            allPaths &= w.trim().split("\\s+").length > 1;
        }
        List<List<String>> paths = new ArrayList<>();
        if (allPaths) {
            for (String w : whole) {
                paths.add(List.of(w.trim().split("\\s+")));
            }
            return paths;
        }
        paths.add(new ArrayList<>());
        for (String w : inner.split("\\s+")) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> p : paths) {
                for (String a : w.split("\\|")) {
                    List<String> q = new ArrayList<>(p);
                    q.add(a);
                    next.add(q);
                }
            }
            paths = next;
        }
        return paths;
    }

    @Test
    void theBuiltInRulesTextIsAscii() throws Exception {
        // every gated JVM reads it on its first launch: ASCII is copied as it is, anything else is decoded
        // character by character, in the interpreter (about 10 ms for this file)
        byte[] text;
        try (java.io.InputStream in = RuleSet.class.getResourceAsStream(RuleSet.BUILTIN)) {
            text = in.readAllBytes();
        }
        for (int i = 0; i < text.length; i++) {
            if (text[i] < 0) {
                int line = 1;
                for (int k = 0; k < i; k++) {
                    line += text[k] == '\n' ? 1 : 0;
                }
                throw new AssertionError("builtin.rules line " + line + " has a character that is not ASCII");
            }
        }
        assertThat(text.length).isGreaterThan(100_000);
    }

    @Test
    void aStreamIsReadWholeWhateverItSaysItHolds() throws Exception {
        byte[] data = new byte[20_000];
        new java.util.Random(3).nextBytes(data);
        for (int claims : new int[] {0, 1, 8191, 19_999, 20_000, 20_001, 40_000}) {
            java.io.InputStream in = new java.io.ByteArrayInputStream(data) {
                @Override
                public synchronized int available() {
                    return claims;
                }
            };
            assertThat(BuiltinRules.readWhole(in)).as("available() = %d", claims).isEqualTo(data);
        }
        assertThat(BuiltinRules.readWhole(new java.io.ByteArrayInputStream(new byte[0]))).isEmpty();
    }
}
