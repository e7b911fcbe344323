package dev.cmdgate.agent.instrument;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Puts a call to {@code LaunchBridge} at the entry of the JDK's launch funnel:
 * <ul>
 *   <li>{@code ProcessImpl.start(String[], Map, String, Redirect[], boolean)} — every launch, before any
 *       redirect file is opened;</li>
 *   <li>{@code ProcessBuilder.startPipeline(List)} — a whole pipeline, before its first stage starts;</li>
 *   <li>the {@code ProcessImpl} constructor — reflective construction that skips {@code start}.</li>
 * </ul>
 * The injected code only touches java.base types: it finds the bridge through the system class
 * loader and calls it through a {@code MethodHandle}, so no class needs to be added to the boot class
 * path (that would print a class-sharing warning) and no package of java.base needs to be opened.
 * It adds no members, so the same transformation also works when retransforming a loaded class.
 * Exceptions from the bridge propagate unchanged; if the bridge cannot be reached the lookup itself
 * throws, and the launch fails: closed.
 */
final class LaunchHookWeaver {

    static final String BRIDGE = "dev.cmdgate.api.bridge.LaunchBridge";
    static final String PROCESS_IMPL = LaunchHookTransformer.PROCESS_IMPL;
    static final String PROCESS_BUILDER = LaunchHookTransformer.PROCESS_BUILDER;
    static final String START_DESC =
            "([Ljava/lang/String;Ljava/util/Map;Ljava/lang/String;[Ljava/lang/ProcessBuilder$Redirect;Z)Ljava/lang/Process;";
    static final String PIPELINE_DESC = "(Ljava/util/List;)Ljava/util/List;";

    private LaunchHookWeaver() {
    }

    /** Returns the instrumented class, or null when it has nothing to hook (so it is left as it was). */
    public static byte[] instrument(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        HookingVisitor visitor = new HookingVisitor(writer);
        reader.accept(visitor, 0);
        return visitor.hooks == 0 ? null : writer.toByteArray();
    }

    private static final class HookingVisitor extends ClassVisitor {
        private String owner;
        int hooks;

        HookingVisitor(ClassVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            owner = name;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
            String hook = hookFor(access, name, desc);
            if (hook == null) {
                return mv;
            }
            hooks++;
            boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
            boolean hookExit = "onStart".equals(hook);
            return new MethodVisitor(Opcodes.ASM9, mv) {
                @Override
                public void visitCode() {
                    super.visitCode();
                    emitBridgeCall(mv, hook, desc, isStatic);
                }

                @Override
                public void visitInsn(int opcode) {
                    if (hookExit && opcode == Opcodes.ARETURN) {
                        emitStartedCall(mv);
                    }
                    super.visitInsn(opcode);
                }
            };
        }

        private String hookFor(int access, String name, String desc) {
            boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
            if (PROCESS_IMPL.equals(owner)) {
                if (isStatic && "start".equals(name) && START_DESC.equals(desc)) {
                    return "onStart";
                }
                if ("<init>".equals(name)) {
                    return "onConstruct";
                }
            } else if (PROCESS_BUILDER.equals(owner) && isStatic && "startPipeline".equals(name) && PIPELINE_DESC.equals(desc)) {
                return "onPipeline";
            }
            return null;
        }
    }

    /**
     * Emits: {@code <the bridge handle for hook>.invokeExact(new Object[]{args…})}. No branches, so no
     * stack map frames are needed.
     */
    static void emitBridgeCall(MethodVisitor mv, String hook, String desc, boolean isStatic) {
        emitBridgeHandle(mv, hook, Type.VOID_TYPE, Type.getType("[Ljava/lang/Object;"));
        Type[] args = Type.getArgumentTypes(desc);
        pushInt(mv, args.length);
        mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
        int local = isStatic ? 0 : 1;
        for (int i = 0; i < args.length; i++) {
            mv.visitInsn(Opcodes.DUP);
            pushInt(mv, i);
            mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), local);
            box(mv, args[i]);
            mv.visitInsn(Opcodes.AASTORE);
            local += args[i].getSize();
        }
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact",
                "([Ljava/lang/Object;)V", false);
    }

    /**
     * Before {@code ARETURN} of {@code ProcessImpl.start}, with the new Process on the stack:
     * {@code process = <the bridge handle for onStarted>.invokeExact(process)}.
     */
    static void emitStartedCall(MethodVisitor mv) {
        Type process = Type.getType("Ljava/lang/Process;");
        emitBridgeHandle(mv, "onStarted", process, process);
        mv.visitInsn(Opcodes.SWAP);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact",
                "(Ljava/lang/Process;)Ljava/lang/Process;", false);
    }

    /**
     * Pushes the handle of the bridge's static method {@code name(parameter) → result} with one
     * {@code ldc} of a dynamically-computed constant (JVMS 4.4.13): the JVM resolves
     * {@code publicLookup().findStatic(systemLoader.loadClass(BRIDGE), name, type)} on the first launch
     * and keeps the handle for that call site, instead of a class and method-handle lookup on every
     * launch. It is built only from java.base's {@code ConstantBootstraps.invoke}, so java.base still
     * needs no access to cmdgate; it adds no members, so it still works when retransforming. If the
     * resolution fails (no bridge), the JVM remembers the error and every later launch fails the
     * same way: closed.
     */
    private static void emitBridgeHandle(MethodVisitor mv, String name, Type result, Type parameter) {
        mv.visitLdcInsn(bridgeHandle(name, Type.getMethodType(result, parameter)));
    }

    private static final Handle CONSTANT_INVOKE = new Handle(Opcodes.H_INVOKESTATIC,
            "java/lang/invoke/ConstantBootstraps", "invoke",
            "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;Ljava/lang/invoke/MethodHandle;"
                    + "[Ljava/lang/Object;)Ljava/lang/Object;", false);

    static ConstantDynamic bridgeHandle(String name, Type methodType) {
        ConstantDynamic lookup = new ConstantDynamic("publicLookup", "Ljava/lang/invoke/MethodHandles$Lookup;",
                CONSTANT_INVOKE, new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/MethodHandles", "publicLookup",
                        "()Ljava/lang/invoke/MethodHandles$Lookup;", false));
        ConstantDynamic loader = new ConstantDynamic("systemLoader", "Ljava/lang/ClassLoader;", CONSTANT_INVOKE,
                new Handle(Opcodes.H_INVOKESTATIC, "java/lang/ClassLoader", "getSystemClassLoader",
                        "()Ljava/lang/ClassLoader;", false));
        ConstantDynamic bridge = new ConstantDynamic("bridge", "Ljava/lang/Class;", CONSTANT_INVOKE,
                new Handle(Opcodes.H_INVOKEVIRTUAL, "java/lang/ClassLoader", "loadClass",
                        "(Ljava/lang/String;)Ljava/lang/Class;", false),
                loader, BRIDGE);
        return new ConstantDynamic(name, "Ljava/lang/invoke/MethodHandle;", CONSTANT_INVOKE,
                new Handle(Opcodes.H_INVOKEVIRTUAL, "java/lang/invoke/MethodHandles$Lookup", "findStatic",
                        "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;", false),
                lookup, bridge, name, methodType);
    }

    private static void pushInt(MethodVisitor mv, int value) {
        if (value <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + value);
        } else {
            mv.visitIntInsn(Opcodes.BIPUSH, value);
        }
    }

    private static void box(MethodVisitor mv, Type t) {
        String wrapper = switch (t.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.INT -> "java/lang/Integer";
            case Type.LONG -> "java/lang/Long";
            case Type.CHAR -> "java/lang/Character";
            case Type.BYTE -> "java/lang/Byte";
            case Type.SHORT -> "java/lang/Short";
            case Type.FLOAT -> "java/lang/Float";
            case Type.DOUBLE -> "java/lang/Double";
            default -> null;
        };
        if (wrapper != null) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper, "valueOf",
                    "(" + t.getDescriptor() + ")L" + wrapper + ";", false);
        }
    }
}
