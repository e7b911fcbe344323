package dev.cmdgate.agent.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where refusals leave cmdgate: SecurityException, or (cmdgate.refusal=io) an IOException around it. */
class BridgeRouterTest {

    private static final String MESSAGE = "cmdgate: blocked touch x (Write, medium): no [decision 1]";

    /** A gate that refuses every JDK launch. */
    private static final class Refusing implements JdkHooks {
        @Override
        public Object[] checkStart(String[] cmdarray, Map<String, String> environment, String dir, Redirect[] redirects,
                                   boolean redirectErrorStream) {
            throw new SecurityException(MESSAGE);
        }

        @Override
        public List<ProcessBuilder> checkPipeline(List<ProcessBuilder> builders) {
            throw new SecurityException(MESSAGE);
        }

        @Override
        public Object[] checkConstruct(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
            throw new IllegalStateException("a bug while deciding");
        }

        @Override
        public Object[] checkFork(byte[] prog, byte[] argBlock, int argc, byte[] envBlock, int envc, byte[] dir) {
            throw new SecurityException(MESSAGE);
        }

        @Override
        public Process started(Process process) {
            return process;
        }
    }

    private static BridgeRouter gate(boolean io) {
        return new BridgeRouter(Refusing::new, () -> null, new ThreadScopes(), null, (op, a) -> {
            throw new SecurityException(MESSAGE);
        }, io);
    }

    private static Object[] start() {
        return new Object[] {new String[] {"touch", "x"}, null, null, new Redirect[3], false};
    }

    @Test
    void bySecurityExceptionByDefault() {
        assertThatThrownBy(() -> gate(false).apply(BridgeOps.START, start()))
                .isExactlyInstanceOf(SecurityException.class).hasMessage(MESSAGE);
    }

    @Test
    void asAnIoExceptionWithTheSameMessageWhoseCauseIsTheRefusal() {
        BridgeRouter g = gate(true);
        assertThatThrownBy(() -> g.apply(BridgeOps.START, start()))
                .isExactlyInstanceOf(IOException.class).hasMessage(MESSAGE)
                .cause().isExactlyInstanceOf(SecurityException.class).hasMessage(MESSAGE);
        assertThatThrownBy(() -> g.apply(BridgeOps.PIPELINE, new Object[] {List.of()}))
                .isExactlyInstanceOf(IOException.class).hasMessage(MESSAGE);
        // an internal error is a refusal too, and takes the same form
        assertThatThrownBy(() -> g.apply(BridgeOps.CONSTRUCT, new Object[] {null, null, 0, null, 0, null}))
                .isExactlyInstanceOf(IOException.class).hasMessageStartingWith("cmdgate: blocked: internal error")
                .cause().isInstanceOf(SecurityException.class);
        // native routes have no IOException to throw: they keep the SecurityException
        assertThatThrownBy(() -> g.apply(BridgeOps.NATIVE_CALL, new Object[0])).isExactlyInstanceOf(SecurityException.class);
        assertThat(MESSAGE).startsWith("cmdgate: blocked");
    }
}
