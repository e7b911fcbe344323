package dev.cmdgate.agent.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cmdgate.agent.bridge.BridgeOps;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The native weaver on classes shaped like the libraries' (made here with ASM): each expected method
 * asks the bridge, the woven class passes the JVM's verifier, and a class of unknown shape is not left
 * unhooked but woven so that its process methods refuse ({@code native.unhooked}). The real libraries'
 * classes are woven in the forked-JVM tests (NativeJrubyIT, NativeJnaIT, NativeFfmIT), where a Read
 * command still running shows that the full hooks, not the refusing fallback, were applied.
 */
class NativeWeaverTest {

    private static final String SPAWNP = "(Ljava/lang/String;Ljava/util/Collection;Ljava/util/Collection;"
            + "[Ljava/lang/CharSequence;[Ljava/lang/CharSequence;)J";

    @Test
    void jnr_posix_of_the_known_shape_asks_the_bridge_at_each_process_method() throws Exception {
        byte[] woven = NativeWeaver.instrument(NativeTargets.BASE_NATIVE_POSIX, basePosix(SPAWNP, true), true);

        Map<String, List<String>> ops = bridgeOps(woven);
        assertThat(ops.get("posix_spawnp")).containsExactly(BridgeOps.NATIVE_CALL);
        assertThat(ops.get("execv")).containsExactly(BridgeOps.NATIVE_CALL);
        assertThat(ops.get("execve")).containsExactly(BridgeOps.NATIVE_CALL);
        assertThat(ops.get("fork")).containsExactly(BridgeOps.NATIVE_CALL);
        assertThat(ops.get("getpid")).isEmpty();
        verifies(NativeTargets.BASE_NATIVE_POSIX, woven);
    }

    @Test
    void jnr_posix_of_an_unknown_shape_refuses_its_process_methods_instead_of_staying_unhooked() throws Exception {
        // posix_spawnp with another signature, and no fork: not every expected hook point is there
        String otherSpawnp = "(Ljava/lang/String;Ljava/util/List;[Ljava/lang/String;)J";
        byte[] woven = NativeWeaver.instrument(NativeTargets.BASE_NATIVE_POSIX, basePosix(otherSpawnp, false), true);

        Map<String, List<String>> ops = bridgeOps(woven);
        assertThat(ops.get("posix_spawnp")).containsExactly(BridgeOps.NATIVE_UNHOOKED);
        assertThat(ops.get("execv")).containsExactly(BridgeOps.NATIVE_UNHOOKED);
        assertThat(ops.get("execve")).containsExactly(BridgeOps.NATIVE_UNHOOKED);
        assertThat(ops.get("getpid")).as("other methods are left alone").isEmpty();
        verifies(NativeTargets.BASE_NATIVE_POSIX, woven);
    }

    @Test
    void a_generated_jnr_posix_binding_hooks_its_process_methods_and_cannot_keep_a_native_stub_for_one() throws Exception {
        String name = "jnr/posix/LinuxLibC$jnr$ffi$3";
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL, name, null, "java/lang/Object", null);
        constructor(cw);
        returning(cw, "execv", "(Ljava/lang/CharSequence;[Ljava/lang/CharSequence;)I", 0);
        returning(cw, "getpid", "()I", 0);
        cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_NATIVE, "fork", "()I", null, null).visitEnd();
        cw.visitEnd();

        byte[] woven = NativeWeaver.instrument(name, cw.toByteArray(), true);

        Map<String, List<String>> ops = bridgeOps(woven);
        assertThat(ops.get("execv")).containsExactly(BridgeOps.NATIVE_CALL);
        assertThat(ops.get("getpid")).isEmpty();
        assertThat(ops).as("the native fork stub is renamed, so jnr-ffi cannot attach it and the binding fails")
                .doesNotContainKey("fork").containsKey("fork" + NativeWeaver.UNHOOKABLE_SUFFIX);
        verifies(name, woven);
    }

    @Test
    void targets_are_chosen_by_exact_name_and_the_bootstrap_waits_for_the_same_classes() {
        assertThat(NativeTargets.target("com/sun/jna/Function")).isTrue();
        assertThat(NativeTargets.target("com/sun/jna/FunctionMapper")).isFalse();
        assertThat(NativeTargets.target("jnr/posix/LinuxLibC$jnr$ffi$0")).isTrue();
        assertThat(NativeTargets.target("jnr/posix/LinuxLibC")).isFalse();
        assertThat(NativeTargets.target("jdk/internal/foreign/abi/AbstractLinker")).isTrue();
        assertThat(InstrumentGuard.guarded("com/kenai/jffi/Library")).as("no other agent may change them").isTrue();
    }

    /** A class named like jnr-posix's BaseNativePOSIX with these methods (bodies that just return). */
    private static byte[] basePosix(String spawnpDesc, boolean withFork) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, NativeTargets.BASE_NATIVE_POSIX, null, "java/lang/Object", null);
        constructor(cw);
        returning(cw, "posix_spawnp", spawnpDesc, 0);
        returning(cw, "execv", "(Ljava/lang/String;[Ljava/lang/String;)I", 0);
        returning(cw, "execve", "(Ljava/lang/String;[Ljava/lang/String;[Ljava/lang/String;)I", 0);
        if (withFork) {
            returning(cw, "fork", "()I", 0);
        }
        returning(cw, "getpid", "()I", 0);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void constructor(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void returning(ClassWriter cw, String name, String desc, int value) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, name, desc, null, null);
        mv.visitCode();
        Type r = Type.getReturnType(desc);
        if (r.getSort() == Type.LONG) {
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitInsn(Opcodes.LRETURN);
        } else {
            mv.visitInsn(Opcodes.ICONST_0 + value);
            mv.visitInsn(Opcodes.IRETURN);
        }
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** For each method, the bridge operations (string constants loaded just before a bridge call) it makes. */
    private static Map<String, List<String>> bridgeOps(byte[] bytes) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                List<String> ops = new ArrayList<>();
                out.put(name, ops);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitLdcInsn(Object value) {
                        if (value instanceof String s && s.startsWith("native.")) {
                            ops.add(s);
                        }
                    }
                };
            }
        }, 0);
        return out;
    }

    /** Defines the woven class in a loader of its own and links it: the JVM's verifier accepts the bytes. */
    private static void verifies(String internalName, byte[] bytes) throws Exception {
        String name = internalName.replace('/', '.');
        ClassLoader loader = new ClassLoader(NativeWeaverTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                if (n.equals(name)) {
                    synchronized (getClassLoadingLock(n)) {
                        Class<?> c = findLoadedClass(n);
                        return c != null ? c : defineClass(n, bytes, 0, bytes.length);
                    }
                }
                return super.loadClass(n, resolve);
            }
        };
        Class<?> c = Class.forName(name, true, loader);   // initialises, so links and verifies every method
        for (Method m : c.getDeclaredMethods()) {
            assertThat(Modifier.isAbstract(m.getModifiers())).isFalse();
        }
    }
}
