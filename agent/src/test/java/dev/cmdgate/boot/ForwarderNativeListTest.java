package dev.cmdgate.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.instrument.NativeTargets;
import org.junit.jupiter.api.Test;

/**
 * The bootstrap's forwarder holds back the native-access library classes cmdgate weaves until cmdgate's
 * module is there (it cannot use the module's classes): its list must be the weaver's.
 */
class ForwarderNativeListTest {

    @Test
    void the_forwarder_waits_for_exactly_the_classes_the_native_weaver_hooks() {
        assertThat(Forwarder.NATIVE).isEqualTo(NativeTargets.CLASSES);
        for (String name : new String[] {"jnr/posix/LinuxLibC$jnr$ffi$0", "jnr/posix/LinuxLibC", "jnr/ffi/Foo$jnr$ffi$1"}) {
            assertThat(Forwarder.generatedJnrPosixBinding(name)).as(name).isEqualTo(NativeTargets.generatedJnrPosixBinding(name));
        }
    }
}
