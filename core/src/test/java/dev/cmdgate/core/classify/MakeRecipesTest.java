package dev.cmdgate.core.classify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The shell lines make code's recipes run: tab lines, the text after a rule's {@code ;}, make's references. */
class MakeRecipesTest {

    @Test
    void tabLinesAndTheTextAfterARulesSemicolonAreRecipes() {
        assertThat(MakeRecipes.of("all: ; rm -rf ~")).containsExactly("rm -rf ~");
        assertThat(MakeRecipes.of("x: y\n\t@echo a\n\t-rm b\nz := 1")).containsExactly("echo a", "rm b");
        assertThat(MakeRecipes.of("x:\n\techo a \\\n  b")).containsExactly("echo a    b");
    }

    @Test
    void assignmentsAndDirectivesAreNoRecipes() {
        assertThat(MakeRecipes.of("CFLAGS += -O2; x")).isEmpty();
        assertThat(MakeRecipes.of("x := $(shell date); y")).isEmpty();
        assertThat(MakeRecipes.of("x ::= a; b")).isEmpty();
        assertThat(MakeRecipes.of("# all: ; rm -rf ~")).isEmpty();
    }

    @Test
    void makeReferencesBecomeValuesOnlyKnownAtRunTime() {
        assertThat(MakeRecipes.of("x: ; rm -rf $(HOME) $@ $$PWD")).containsExactly("rm -rf ${MAKE_VALUE} ${MAKE_VALUE} $PWD");
    }
}
