package dev.cmdgate.core.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The index must answer exactly as trying every glob in turn would; it only skips globs that cannot match. */
class GlobIndexTest {

    private static final List<String> GLOBS = List.of(
            "~/.ssh/*", "*/.ssh/*", ".ssh/*", "/etc/ssh/ssh_host_*", "/proc/*/environ", "/etc/shadow", "~/.kube/config",
            "/var/spool/cron*", "*/site-packages/*.pth", ".env", ".env.*", "*.env", "*.ppk", "*.keychain-db", "id_rsa",
            "Login Data", "a\\*b", "x?z", "*", "/usr/*", "*/.git/hooks", ".git/config", "*.", "");

    private static final String[] PARTS = {
        "", "~", ".ssh", "ssh", "etc", "shadow", "proc", "1", "environ", "var", "spool", "cron", "crontabs", ".kube",
        "config", "site-packages", "x.pth", ".env", ".env.local", "prod.env", "k.ppk", "a.keychain-db", "id_rsa",
        "Login Data", "a*b", "axb", "xyz", "usr", "bin", ".git", "hooks", "src", "README.md", "ssh_host_rsa_key", "a.b", "a.", "s.sh", "shh", "h.s",
    };

    /** Without the globs every text must be tried against, so that the first, signature test decides. */
    private static final List<String> FILTERABLE = GLOBS.stream()
            .filter(g -> !List.of("*", "a\\*b", "x?z").contains(g)).toList();

    @Test
    void answersAsEveryGlobInTurn() {
        answersAsEveryGlobInTurn(GLOBS);
    }

    @Test
    void answersAsEveryGlobInTurnWhereTheSignaturesDecide() {
        assertThat(FILTERABLE).hasSize(GLOBS.size() - 3);
        answersAsEveryGlobInTurn(FILTERABLE);
        GlobIndex index = new GlobIndex(FILTERABLE);
        for (String text : List.of("src/main.rs", "README.md", "/home/u/x.java", "a/b/c")) {
            assertThat(index.matches(text)).as(text).isFalse();
        }
    }

    private static void answersAsEveryGlobInTurn(List<String> globs) {
        GlobIndex index = new GlobIndex(globs);
        Random random = new Random(7);
        for (int run = 0; run < 20_000; run++) {
            StringBuilder b = new StringBuilder();
            if (random.nextInt(3) == 0) {
                b.append('/');
            }
            int parts = 1 + random.nextInt(4);
            for (int i = 0; i < parts; i++) {
                if (i > 0) {
                    b.append('/');
                }
                b.append(PARTS[random.nextInt(PARTS.length)]);
            }
            String text = b.toString();
            assertThat(index.matches(text)).as(text).isEqualTo(Glob.anyMatch(globs, text));
            int from = text.lastIndexOf('/') + 1;
            assertThat(index.matches(text, from)).as(text + " from " + from)
                    .isEqualTo(Glob.anyMatch(globs, text.substring(from)));
            String name = PARTS[random.nextInt(PARTS.length)];
            if (!name.isEmpty() && name.indexOf('/') < 0 && Glob.anyMatch(globs, text + "/" + name)) {
                assertThat(index.mayMatchIn(text, name)).as(name + " in " + text).isTrue();
            }
        }
    }

    @Test
    void regionTableFindsOnlyWholeRegions() {
        RegionTable<String> t = new RegionTable<>(Map.of(".ssh", "a", "config", "b"));
        assertThat(t.get("/home/u/.ssh/id", 8, 12)).isEqualTo("a");
        assertThat(t.get("/home/u/.ssh/id", 8, 11)).isNull();
        assertThat(t.get("xconfig", 1, 7)).isEqualTo("b");
        assertThat(new RegionTable<String>(Map.of()).isEmpty()).isTrue();
        assertThat(new RegionTable<>(Map.of("", "e")).get("abc", 1, 1)).isEqualTo("e");
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            many.add("k" + i);
        }
        RegionTable<Boolean> big = new RegionTable<>(many.stream().collect(java.util.stream.Collectors.toMap(k -> k, k -> true)));
        for (String k : many) {
            assertThat(big.get("/" + k + "/", 1, k.length() + 1)).as(k).isTrue();
        }
        assertThat(big.get("k500", 0, 4)).isNull();
    }
}
