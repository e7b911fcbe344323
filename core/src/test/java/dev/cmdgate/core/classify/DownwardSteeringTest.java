package dev.cmdgate.core.classify;

import static dev.cmdgate.core.classify.SteeringTest.assertClass;
import static dev.cmdgate.core.classify.SteeringTest.files;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.SiteFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code down:NAME} files (a program that looks for its configuration from each file it works on upwards loads the
 * one beside the file, below the working directory) and the {@code json} reader (one member of a JSON object), on a
 * made-up program and on prettier. Nothing here runs; the lines are only classified over files held in memory.
 */
class DownwardSteeringTest {

    @TempDir
    static Path dir;

    static CommandClassifier fmtx;

    static final CommandClassifier BUILTIN = Classifiers.standard(null);

    @BeforeAll
    static void rules() throws IOException {
        Path rules = dir.resolve("fmtx.rules");
        Files.writeString(rules, String.join("\n",
                "[fmtx]",
                "is Read minimal \"checks files\"",
                "steer text down:fmtx.config.js ignore vendor cache-* -> Write high \"a configuration is code\"",
                "steer json up:tool.json down:tool.json key fmtx has plugin ignore vendor -> Write high \"settings load plugins\"",
                "steer json up:lib/fmtx/package.json key version starts 0. 1. -> Write high \"an old fmtx loads plugins\"",
                ""), StandardCharsets.UTF_8);
        fmtx = Classifiers.standard(rules);
    }

    static Classification judge(CommandClassifier c, String line, SiteFiles files) {
        return c.classifyArgv(List.of("sh", "-c", line), Map.of(), LaunchSite.of(FixtureFiles.CWD, LaunchSite.NoFrames.NO_FRAMES, files));
    }

    static Classification judge(CommandClassifier c, String line, Map<String, String> files) {
        return judge(c, line, new FixtureFiles(files));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "a/fmtx.config.js => Write",
            "a/b/c/d/e/fmtx.config.js => Write",
            "fmtx.config.js => Write",
            // a directory the row ignores is not walked, at any depth
            "vendor/fmtx.config.js => Read",
            "a/vendor/fmtx.config.js => Read",
            "cache-1/fmtx.config.js => Read",
            // another name, or the file above the working directory (down: is below only)
            "a/fmtx.config.json => Read",
            "/fmtx.config.js => Read",
    })
    void aFileBelowTheWorkingDirectoryCounts(String path, String expected) {
        assertClass(judge(fmtx, "fmtx .", files(path, "module.exports = {}", "src/x.txt", "")), CommandClass.parse(expected));
    }

    @Test
    void anEmptyCodeFileRunsNothing() {
        assertClass(judge(fmtx, "fmtx .", files("src/fmtx.config.js", "  \n")), CommandClass.READ);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "fmtx src => Read",
            "fmtx 'src/**/*.txt' - => Read",
            "fmtx src/../src => Write",
            "fmtx ../elsewhere => Write",
            "fmtx /etc => Write",
            "fmtx ~/notes => Write",
            "fmtx '{src,/etc}/*' => Write",
            "fmtx '{src,~/x}/*' => Write",
            "fmtx \"$D\" => Write",
            "fmtx src/$(cat name) => Write",
    })
    void everyOperandMustLieWhereTheFilesWereRead(String line, String expected) {
        assertClass(judge(fmtx, line, files("src/x.txt", "")), CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{1} -> {2}")
    @CsvSource(delimiterString = " => ", value = {
            "tool.json => {\"name\": \"x\"} => Read",
            "tool.json => {\"fmtx\": {\"width\": 80}, \"deps\": {\"fmtx-plugin-x\": \"1\"}} => Read",
            "tool.json => {\"fmtx\": {\"plugins\": [\"x\"]}} => Write",
            "tool.json => {\"fmtx\": {\"overrides\": [{\"options\": {\"PLUGINS\": [\"x\"]}}]}} => Write",
            // an escape the parser decodes is matched decoded
            "tool.json => {\"fmtx\": {\"\\u0070lugins\": [\"x\"]}} => Write",
            // a string names a shared configuration (a module); any other value is no settings object either
            "tool.json => {\"fmtx\": \"@acme/fmtx-config\"} => Write",
            "tool.json => {\"fmtx\": [1]} => Write",
            // not a JSON object, or not JSON at all: not judged
            "tool.json => [1] => Write",
            "tool.json => {\"fmtx\": => Write",
            "sub/tool.json => {\"fmtx\": \"x\"} => Write",
            "vendor/tool.json => {\"fmtx\": \"x\"} => Read",
            "/tool.json => {\"fmtx\": \"x\"} => Write",
    })
    void aJsonMemberIsJudgedByItsValue(String path, String text, String expected) {
        assertClass(judge(fmtx, "fmtx .", files(path, text)), CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = " => ", value = {
            "{\"version\": \"1.4.0\"} => Write",
            "{\"version\": \"0.9\"} => Write",
            "{\"version\": \"2.0.0\"} => Read",
            "{\"version\": \"10.1\"} => Read",
            "{\"name\": \"fmtx\"} => Read",
            // with starts, only a string is compared; any other value is still no version cmdgate can read
            "{\"version\": 1} => Write",
            // a member given twice is not guessed (node takes the last one, other readers the first)
            "{\"version\": \"1.0\", \"version\": \"2.0\"} => Write",
    })
    void aStringMemberCountsByHowItStarts(String text, String expected) {
        assertClass(judge(fmtx, "fmtx .", files("lib/fmtx/package.json", text)), CommandClass.parse(expected));
    }

    @Test
    void aLinkToADirectoryBelowIsNotWalkedThrough() {
        FixtureFiles plain = new FixtureFiles(files("src/x.txt", "", "/elsewhere/fmtx.config.js", "module.exports = {}"));
        SiteFiles linked = new LinkAt(plain, FixtureFiles.CWD + "/src/link", "/elsewhere");
        assertClass(judge(fmtx, "fmtx .", plain), CommandClass.READ);
        assertClass(judge(fmtx, "fmtx .", linked), CommandClass.WRITE);
        // inside an ignored directory it is not reached
        assertClass(judge(fmtx, "fmtx .", new LinkAt(plain, FixtureFiles.CWD + "/vendor/link", "/elsewhere")), CommandClass.READ);
    }

    @Test
    void tooManyDirectoriesBelowAreNotGuessed() {
        String[] many = new String[2 * (Steering.MAX_WALKED_DIRECTORIES + 1)];
        for (int i = 0; i <= Steering.MAX_WALKED_DIRECTORIES; i++) {
            many[2 * i] = "d" + (i / 40) + "/e" + i + "/x.txt";
            many[2 * i + 1] = "";
        }
        assertClass(judge(fmtx, "fmtx .", files(many)), CommandClass.WRITE);
    }

    @Test
    void theFormsAreCheckedWhenTheRulesAreRead() throws IOException {
        for (String row : List.of(
                "steer text down:a/b.js -> Write high \"x\"",
                "steer text down: -> Write high \"x\"",
                "steer json up:p.json has plugin -> Write high \"x\"",
                "steer text up:p.json key x -> Write high \"x\"",
                "steer text up:p.js ignore node_modules -> Write high \"x\"")) {
            Path rules = dir.resolve("bad.rules");
            Files.writeString(rules, "[fmty]\nis Read minimal \"x\"\n" + row + "\n", StandardCharsets.UTF_8);
            assertThatThrownBy(() -> Classifiers.standard(rules)).as(row).hasMessageContaining("steer");
        }
    }

    // ------------------------------------------------------------------ prettier

    @ParameterizedTest(name = "{0} with {1} -> {3}")
    @CsvSource(delimiterString = " => ", value = {
            "prettier --check . => src/a.ts => export const a = 1; => Read",
            "prettier --list-different 'src/**/*.{ts,tsx}' => src/a.ts => x => Read",
            "prettier --check src => src/lib/.prettierrc.cjs => module.exports = {}; => Write",
            "prettier --check src => src/lib/prettier.config.ts => export default {}; => Write",
            "prettier --check src => .prettierrc.mjs => export default {}; => Write",
            "prettier --check src => src/.prettierrc.yaml => plugins: [prettier-plugin-svelte] => Write",
            "prettier --check src => src/.prettierrc => {\"semi\": false} => Read",
            // a configuration that is neither a JSON object nor a plain YAML mapping may be a string naming a shared configuration (a module)
            "prettier --check src => src/.prettierrc.toml => semi = false => Read",
            "prettier --check src => src/.prettierrc.toml => plugins = [\"prettier-plugin-x\"] => Write",
            "prettier --check src => src/.prettierrc.yml => semi: false => Read",
            "prettier --check src => src/.prettierrc => tabWidth: 4 => Read",
            "prettier --check src => src/.prettierrc => ./evil.cjs => Write",
            "prettier --check src => src/.prettierrc.yaml => '@acme/config' => Write",
            "prettier --check src => src/.prettierrc => \"./evil.cjs\" => Write",
            "prettier --check src => .prettierrc.json => \"@acme/prettier-config\" => Write",
            "prettier --check src => src/package.yaml => prettier: ./evil.cjs => Write",
            "prettier --config conf.json -c src => conf.json => \"./evil.cjs\" => Write",
            "prettier --check src => src/package.json => {\"prettier\": \"./conf.cjs\"} => Write",
            "prettier --check src => node_modules/pkg/package.json => {\"prettier\": \"./conf.cjs\"} => Read",
            "prettier --with-node-modules --check src => src/a.ts => x => Write",
            "prettier --stdin-filepath ../x/a.ts => src/a.ts => x => Write",
            "prettier --config conf.json -c src => conf.json => {\"plugins\": [\"x\"]} => Write",
            "prettier --config conf.json -c src => conf.json => {\"semi\": true} => Read",
            "prettier --config conf.cts -c src => conf.cts => x => Write",
            "prettier --version => .prettierrc.js => module.exports = {}; => Read",
    })
    void prettierIsReadWhenWhatConfiguresItIsData(String line, String path, String text, String expected) {
        assertClass(judge(BUILTIN, line, files(path, text)), CommandClass.parse(expected));
    }

    @ParameterizedTest(name = "{0} with {1} -> {3}")
    @CsvSource(delimiterString = " => ", value = {
            "markdownlint-cli2 '**/*.md' => docs/a.md => # a => Read",
            "markdownlint-cli2 'docs/**/*.md' => docs/guide/deep/.markdownlint.mjs => export default {}; => Write",
            "markdownlint-cli2 '**/*.md' => docs/.markdownlint-cli2.yaml => outputFormatters: [[x]] => Write",
            "markdownlint-cli2 '*.md' => .markdownlint-cli2.jsonc => {\"globs\": [\"../tg/*.md\"]} => Write",
            "markdownlint-cli2 '**/*.md' => docs/.markdownlint.json => {\"default\": true} => Read",
            "markdownlint-cli2 '**/*.md' => package.json => {\"markdownlint-cli2\": {\"fix\": true}} => Write",
            "markdownlint-cli2 '/srv/**/*.md' => docs/a.md => # a => Write",
            "markdownlint docs => .markdownlintrc => {\"customRules\": [\"x\"]} => Write",
            "markdownlint docs => ~/.markdownlintrc => {\"MD013\": false} => Read",
    })
    void markdownlintIsReadWhenWhatConfiguresItIsData(String line, String path, String text, String expected) {
        assertClass(judge(BUILTIN, line, files(path, text)), CommandClass.parse(expected));
    }

    @Test
    void aFindingNamesTheFileBelow() {
        Classification c = judge(BUILTIN, "prettier --check .", files("web/ui/.prettierrc.js", "module.exports = {}"));
        assertThat(c.findings().toString()).contains("web/ui/.prettierrc.js");
    }

    /** The files given, with a symbolic link to a directory at one path. */
    private record LinkAt(SiteFiles files, String link, String target) implements SiteFiles {
        @Override
        public String read(String path) throws Unreadable {
            return files.read(path);
        }

        @Override
        public List<String> list(String path) throws Unreadable {
            String parent = link.substring(0, link.lastIndexOf('/'));
            List<String> names = files.list(path);
            if (path.equals(parent)) {
                List<String> more = new java.util.ArrayList<>(names == null ? List.of() : names);
                more.add(link.substring(link.lastIndexOf('/') + 1));
                return more;
            }
            return names;
        }

        @Override
        public Kind kind(String path) throws Unreadable {
            return path.equals(link) ? Kind.LINK : files.kind(path);
        }

        @Override
        public String realPath(String path) throws Unreadable {
            return path.equals(link) ? target : files.realPath(path);
        }

        @Override
        public String linkTarget(String path) throws Unreadable {
            return path.equals(link) ? target : files.linkTarget(path);
        }

        @Override
        public byte[] bytes(String path, int max) throws Unreadable {
            return files.bytes(path, max);
        }

        @Override
        public String variable(String name) {
            return files.variable(name);
        }

        @Override
        public String home() {
            return files.home();
        }
    }
}
