package dev.cmdgate.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;


import dev.cmdgate.core.CommandClass;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LaunchScopeTest {

    @AfterEach
    void noScopeLeftOpen() {
        assertThat(LaunchScope.current()).isNull();
        assertThat(contextOf()).isEmpty();
    }

    @Test
    void attachesContextToTheThreadUntilClosed() {
        try (LaunchScope s = Cmdgate.scope().session("s-1").tool("shell").toolCall("call-7").put("user", "ann").open()) {
            assertThat(LaunchScope.current()).isSameAs(s);
            assertThat(contextOf()).containsExactly(
                    Map.entry("session_id", "s-1"), Map.entry("tool", "shell"),
                    Map.entry("tool_call_id", "call-7"), Map.entry("user", "ann"));
            assertThat(declaredOf()).isNull();
        }
        assertThat(contextOf()).isEmpty();
    }

    @Test
    void nestedScopesMergeAndCloseRestoresTheOuter() {
        try (LaunchScope outer = Cmdgate.scope().session("s-1").tool("shell").declare(CommandClass.WRITE).open()) {
            try (LaunchScope inner = Cmdgate.scope().tool("browser").toolCall("c-2").open()) {
                assertThat(contextOf()).containsEntry("session_id", "s-1")
                        .containsEntry("tool", "browser").containsEntry("tool_call_id", "c-2");
                assertThat(declaredOf()).isEqualTo(CommandClass.WRITE);
                assertThat(inner.declaredClass()).isEqualTo(CommandClass.WRITE);
            }
            assertThat(LaunchScope.current()).isSameAs(outer);
            assertThat(contextOf()).containsEntry("tool", "shell").doesNotContainKey("tool_call_id");
        }
    }

    @Test
    void declaredClassOfNestedScopesIsTheHighestNeverLower() {
        try (LaunchScope outer = Cmdgate.scope().declare(CommandClass.NETWORK).open();
             LaunchScope inner = Cmdgate.scope().declare(CommandClass.READ).open()) {
            assertThat(declaredOf()).isEqualTo(CommandClass.NETWORK);
        }
        try (LaunchScope s = Cmdgate.scope().declare(CommandClass.INSTALL).declare(CommandClass.WRITE).open()) {
            assertThat(s.declaredClass()).isEqualTo(CommandClass.INSTALL);
        }
    }

    @Test
    void closingAnOuterScopeClosesInnerOnesLeftOpenAndClosingTwiceIsHarmless() {
        LaunchScope outer = Cmdgate.scope().session("a").open();
        LaunchScope inner = Cmdgate.scope().session("b").open();
        outer.close();
        assertThat(inner.isClosed()).isTrue();
        assertThat(LaunchScope.current()).isNull();
        inner.close();
        outer.close();
        assertThat(LaunchScope.current()).isNull();
    }

    @Test
    void aScopeBelongsToItsThread() throws Exception {
        try (LaunchScope s = Cmdgate.scope().session("mine").open()) {
            Map<String, String> seenElsewhere = CompletableFuture.supplyAsync(LaunchScopeTest::contextOf).get();
            assertThat(seenElsewhere).isEmpty();
            Throwable closeElsewhere = CompletableFuture.supplyAsync(() -> {
                try {
                    s.close();
                    return null;
                } catch (IllegalStateException e) {
                    return e;
                }
            }).get();
            assertThat(closeElsewhere).isInstanceOf(IllegalStateException.class);
            assertThat(LaunchScope.current()).isSameAs(s);
        }
    }

    @Test
    void rejectsBadKeysAndValues() {
        assertThatThrownBy(() -> Cmdgate.scope().put("has space", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Cmdgate.scope().put("", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Cmdgate.scope().put("k", null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Cmdgate.scope().put("k", "x".repeat(1025))).isInstanceOf(IllegalArgumentException.class);
        LaunchScope.Builder b = Cmdgate.scope();
        for (int i = 0; i < 32; i++) {
            b.put("k" + i, "v");
        }
        assertThatThrownBy(() -> b.put("k32", "v")).isInstanceOf(IllegalArgumentException.class);
    }

    /** The calling thread's context as the agent would be told it: empty without a scope. */
    private static Map<String, String> contextOf() {
        LaunchScope s = LaunchScope.current();
        return s == null ? Map.of() : s.context();
    }

    private static CommandClass declaredOf() {
        LaunchScope s = LaunchScope.current();
        return s == null ? null : s.declaredClass();
    }
}
