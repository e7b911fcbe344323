package dev.cmdgate.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

/** Renaming what a class file names, by its constant pool alone: the JVM must accept and run the result. */
class ClassFileNamesTest {

    private static final String FIXTURE = "dev/cmdgate/agent/instrument/ClassFileNamesTest$Fixture";
    private static final String HELPER = "dev/cmdgate/agent/instrument/ClassFileNamesTest$Helper";

    /** Constants of every width (a long and a double take two pool slots), a string, a lambda, another class. */
    public static final class Fixture implements Supplier<String> {
        static final long BIG = 123_456_789_012_345L;
        static final double HALF = 0.5;

        @Override
        public String get() {
            Supplier<String> lambda = () -> "dev/cmdgate/agent/instrument/ClassFileNamesTest$Helper";
            return BIG + " " + HALF + " " + Helper.name() + " " + lambda.get() + " " + getClass().getName();
        }
    }

    public static final class Helper {
        public static String name() {
            return "helper";
        }
    }

    private static byte[] bytesOf(String internalName) throws IOException {
        try (InputStream in = ClassFileNamesTest.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    /** Defines the renamed fixture and helper in a loader of their own. */
    private static final class Renamed extends ClassLoader {
        Renamed() {
            super(ClassFileNamesTest.class.getClassLoader());
        }

        Class<?> define(byte[] bytes) {
            return defineClass(null, bytes, 0, bytes.length);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRenamedClassRunsUnderItsNewNamesWithShorterAndLongerNames() throws Exception {
        Map<String, String> renames = Map.of(FIXTURE, "x/F", HELPER, "some/much/longer/package/name/TheHelperRenamed");
        byte[] fixture = ClassFileNames.rename(bytesOf(FIXTURE), renames);
        byte[] helper = ClassFileNames.rename(bytesOf(HELPER), renames);

        assertThat(new ClassReader(fixture).getClassName()).isEqualTo("x/F");
        assertThat(new ClassReader(helper).getClassName()).isEqualTo("some/much/longer/package/name/TheHelperRenamed");
        Renamed loader = new Renamed();
        loader.define(helper);
        Class<?> renamed = loader.define(fixture);
        String answer = ((Supplier<String>) renamed.getConstructor().newInstance()).get();
        // the string constant that spelled the helper's name is renamed too: a relocation renames every mention
        assertThat(answer).isEqualTo("123456789012345 0.5 helper some/much/longer/package/name/TheHelperRenamed x.F");
    }

    @Test
    void theSuperClassIsReadFromThePool() throws Exception {
        assertThat(ClassFileNames.superName(bytesOf(FIXTURE))).isEqualTo("java/lang/Object");
        assertThat(ClassFileNames.superName(bytesOf("dev/cmdgate/agent/instrument/LaunchHookWeaver$HookingVisitor")))
                .isEqualTo("org/objectweb/asm/ClassVisitor");
    }

    @Test
    void withoutAMatchTheClassFileIsUnchanged() throws Exception {
        byte[] original = bytesOf(FIXTURE);
        assertThat(ClassFileNames.rename(original, Map.of("no/such/Name", "other/Name"))).isEqualTo(original);
    }

    @Test
    void whatIsNoClassFileIsRefused() {
        assertThatThrownBy(() -> ClassFileNames.rename(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, Map.of()))
                .isInstanceOf(IllegalArgumentException.class);
        byte[] badTag = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, 0, 2, 99, 0, 0};
        assertThatThrownBy(() -> ClassFileNames.rename(badTag, Map.of())).isInstanceOf(IllegalArgumentException.class);
    }
}
