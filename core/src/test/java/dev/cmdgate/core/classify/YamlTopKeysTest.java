package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class YamlTopKeysTest {

    @Test
    void aPlainBlockMappingGivesItsKeys() {
        assertThat(YamlTopKeys.of("# style\n---\nsemi: false\ntabWidth: 2 # spaces\noverrides:\n  - files: '*.md'\n    options:\n\n      proseWrap: always\n"))
                .containsExactly("semi", "tabWidth", "overrides");
        assertThat(YamlTopKeys.of("printWidth:\r\n  100\r\n")).containsExactly("printWidth");
    }

    @Test
    void aDocumentThatIsNoPlainMappingIsNotRead() {
        assertThat(YamlTopKeys.of("\"@acme/prettier-config\"\n")).isNull();
        assertThat(YamlTopKeys.of("./shared.cjs\n")).isNull();
        assertThat(YamlTopKeys.of("{plugins: [x]}\n")).isNull();
        assertThat(YamlTopKeys.of("\"plugins\": [x]\n")).isNull();
        assertThat(YamlTopKeys.of("? plugins\n: [x]\n")).isNull();
        assertThat(YamlTopKeys.of("<<: *base\n")).isNull();
        assertThat(YamlTopKeys.of("!!map\nsemi: false\n")).isNull();
        assertThat(YamlTopKeys.of("plugins:[x]\n")).isNull();
        assertThat(YamlTopKeys.of("semi: false\n---\nplugins: [x]\n")).isNull();
        assertThat(YamlTopKeys.of("  semi: false\n")).isNull();
        assertThat(YamlTopKeys.of("semi: false\n\tplugins: [x]\n")).isNull();
        assertThat(YamlTopKeys.of("# only a comment\n")).isNull();
        assertThat(YamlTopKeys.of("")).isNull();
    }

    @Test
    void onlyNamesThatMaySayYamlAreReadAsYaml() {
        assertThat(YamlTopKeys.mayBeYaml("/p/.prettierrc")).isTrue();
        assertThat(YamlTopKeys.mayBeYaml("/p/.prettierrc.yaml")).isTrue();
        assertThat(YamlTopKeys.mayBeYaml("/p/a/package.yml")).isTrue();
        assertThat(YamlTopKeys.mayBeYaml("/p/.prettierrc.json")).isFalse();
        assertThat(YamlTopKeys.mayBeYaml("/p/.prettierrc.toml")).isFalse();
        assertThat(YamlTopKeys.mayBeYaml("/p/package.json")).isFalse();
    }
}
