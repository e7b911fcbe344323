package dev.cmdgate.agent.instrument;

import dev.cmdgate.agent.bridge.BridgeOps;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Puts a call to cmdgate's bridge ({@code java.lang.CmdgateBridge.call}) at the entry of the JDK's
 * launch funnel, and makes the JDK launch what the bridge answers — copies of its arguments that only
 * cmdgate holds, so no other thread and no subclass can change what runs after it was judged:
 * <ul>
 *   <li>{@code ProcessImpl.start(String[], Map, String, Redirect[], boolean)} — every launch, before any
 *       redirect file is opened: argv, environment, directory and redirects are replaced by the copies;
 *       at its exit the new Process goes through the bridge too (stdin gating, the watchdog);</li>
 *   <li>{@code ProcessBuilder.startPipeline(List)} — a whole pipeline, before its first stage starts: the
 *       list is replaced by builders only cmdgate holds;</li>
 *   <li>the {@code ProcessImpl} constructor — construction that skipped {@code start}: its byte arrays are
 *       replaced by copies.</li>
 * </ul>
 * The bridge is a class of java.base, so the woven code calls it directly; it uses no branches (no
 * stack map frames) and adds no members, so the same transformation also works when retransforming a
 * loaded class. A class in which not every expected hook point is found is left as it was (null), which
 * {@link LauncherHooks} treats as a launcher it could not hook: fail closed on a JDK of unknown shape.
 */
final class LaunchHookWeaver {

    /** The bridge class every woven hook calls, by its internal name. */
    static final String BRIDGE = "java/lang/CmdgateBridge";
    private static final String CALL_DESC = "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/Object;";
    static final String PROCESS_IMPL = LaunchHookTransformer.PROCESS_IMPL;
    static final String PROCESS_BUILDER = LaunchHookTransformer.PROCESS_BUILDER;
    static final String START_DESC =
            "([Ljava/lang/String;Ljava/util/Map;Ljava/lang/String;[Ljava/lang/ProcessBuilder$Redirect;Z)Ljava/lang/Process;";
    /** {@code ProcessImpl(prog, argBlock, argc, envBlock, envc, dir, fds, forceNullOutputStream, redirectErrorStream)} on JDK 17 to 25. */
    static final String CONSTRUCTOR_DESC = "([B[BI[BI[B[IZZ)V";
    static final String PIPELINE_DESC = "(Ljava/util/List;)Ljava/util/List;";
    /** {@code private native int forkAndExec(mode, helperpath, prog, argBlock, argc, envBlock, envc, dir, fds, redirectErrorStream)}. */
    static final String FORK = "forkAndExec";
    static final String FORK_DESC = "(I[B[B[BI[BI[B[IZ)I";


    private LaunchHookWeaver() {
    }

    /**
     * Returns the instrumented class, or null when it is not a launcher class of the expected shape.
     *
     * @param nativePrefix null, or the native-method prefix cmdgate registered: the JDK's native
     *                     {@code forkAndExec} is then renamed with it (the JVM still finds its C function by
     *                     stripping the prefix) and a Java method of the old name, which asks the bridge
     *                     first, takes its place. Only possible when the class is first loaded, or when the
     *                     loaded class already has it: retransforming cannot add methods.
     */
    public static byte[] instrument(byte[] bytes, String nativePrefix) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        HookingVisitor visitor = new HookingVisitor(writer, nativePrefix);
        reader.accept(visitor, 0);
        return visitor.complete() ? writer.toByteArray() : null;
    }

    private static final class HookingVisitor extends ClassVisitor {
        private final String nativePrefix;
        private String owner;
        private int hooks;
        private boolean forkWrapped;

        HookingVisitor(ClassVisitor next, String nativePrefix) {
            // ASM 8's API: the highest the JDK's own copy on JDK 17 knows (JdkAsmWeaving); these JDK classes are not sealed
            super(Opcodes.ASM8, next);
            this.nativePrefix = nativePrefix;
        }

        boolean complete() {
            if (PROCESS_IMPL.equals(owner)) {
                return hooks == 2 && forkWrapped == (nativePrefix != null);
            }
            return PROCESS_BUILDER.equals(owner) && hooks == 1;
        }

        @Override
        public void visitEnd() {
            if (forkWrapped) {
                emitForkWrapper(cv, owner, nativePrefix);
            }
            super.visitEnd();
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            owner = name;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
            if (nativePrefix != null && PROCESS_IMPL.equals(owner) && FORK.equals(name) && FORK_DESC.equals(desc)
                    && (access & Opcodes.ACC_NATIVE) != 0) {
                forkWrapped = true;
                return super.visitMethod(access, nativePrefix + name, desc, signature, exceptions);
            }
            MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
            boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
            if (PROCESS_IMPL.equals(owner) && isStatic && "start".equals(name) && START_DESC.equals(desc)) {
                hooks++;
                // entry: replace cmdarray, environment, dir, redirects (locals 0-3) with the bridge's copies
                return new EntryAndExit(mv, BridgeOps.START, desc, 0, new int[] {0, 1, 2, 3});
            }
            if (PROCESS_IMPL.equals(owner) && "<init>".equals(name) && CONSTRUCTOR_DESC.equals(desc)) {
                hooks++;
                // entry: replace prog, argBlock, envBlock, dir (locals 1, 2, 4, 6) with copies
                return new EntryAndExit(mv, BridgeOps.CONSTRUCT, "([B[BI[BI[B)V", 1, new int[] {1, 2, 4, 6});
            }
            if (PROCESS_BUILDER.equals(owner) && isStatic && "startPipeline".equals(name) && PIPELINE_DESC.equals(desc)) {
                hooks++;
                return new EntryAndExit(mv, BridgeOps.PIPELINE, desc, 0, null);
            }
            return mv;
        }
    }

    /**
     * At method entry: {@code Object r = CmdgateBridge.call(op, new Object[]{args…})}, then the arguments
     * are replaced by the answer (one array element per replaced local, or the answer itself for one
     * argument); at {@code ARETURN} of {@code ProcessImpl.start}, the Process goes through the bridge.
     */
    private static final class EntryAndExit extends MethodVisitor {
        private final String op;
        private final String argsDesc;
        private final int firstLocal;
        private final int[] replaced;

        /**
         * @param argsDesc   a descriptor whose parameters are the arguments passed (a prefix of the method's)
         * @param firstLocal the local of the first parameter (0 static, 1 instance)
         * @param replaced   the locals set from the answer array, in order; null: the answer replaces the first argument
         */
        EntryAndExit(MethodVisitor mv, String op, String argsDesc, int firstLocal, int[] replaced) {
            super(Opcodes.ASM8, mv);
            this.op = op;
            this.argsDesc = argsDesc;
            this.firstLocal = firstLocal;
            this.replaced = replaced;
        }

        @Override
        public void visitCode() {
            super.visitCode();
            Type[] args = Type.getArgumentTypes(argsDesc);
            mv.visitLdcInsn(op);
            pushInt(mv, args.length);
            mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
            int local = firstLocal;
            Type[] locals = new Type[firstLocal + 2 * args.length + 1];
            for (int i = 0; i < args.length; i++) {
                mv.visitInsn(Opcodes.DUP);
                pushInt(mv, i);
                mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), local);
                box(mv, args[i]);
                mv.visitInsn(Opcodes.AASTORE);
                locals[local] = args[i];
                local += args[i].getSize();
            }
            callBridge(mv);
            if (replaced == null) {
                mv.visitTypeInsn(Opcodes.CHECKCAST, args[0].getInternalName());
                mv.visitVarInsn(Opcodes.ASTORE, firstLocal);
                return;
            }
            mv.visitTypeInsn(Opcodes.CHECKCAST, "[Ljava/lang/Object;");
            for (int i = 0; i < replaced.length; i++) {
                if (i < replaced.length - 1) {
                    mv.visitInsn(Opcodes.DUP);
                }
                pushInt(mv, i);
                mv.visitInsn(Opcodes.AALOAD);
                mv.visitTypeInsn(Opcodes.CHECKCAST, locals[replaced[i]].getInternalName());
                mv.visitVarInsn(Opcodes.ASTORE, replaced[i]);
            }
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode == Opcodes.ARETURN && BridgeOps.START.equals(op)) {
                // stack: process → ("started", new Object[]{process}) → call → (Process)
                mv.visitInsn(Opcodes.ICONST_1);
                mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
                mv.visitInsn(Opcodes.DUP_X1);
                mv.visitInsn(Opcodes.SWAP);
                mv.visitInsn(Opcodes.ICONST_0);
                mv.visitInsn(Opcodes.SWAP);
                mv.visitInsn(Opcodes.AASTORE);
                mv.visitLdcInsn(BridgeOps.STARTED);
                mv.visitInsn(Opcodes.SWAP);
                callBridge(mv);
                mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/Process");
            }
            super.visitInsn(opcode);
        }
    }

    /**
     * {@code private int forkAndExec(mode, helperpath, prog, argBlock, argc, envBlock, envc, dir, fds, res)}:
     * asks the bridge about the byte blocks (it answers the ones to fork with: the same arrays when the
     * constructor has just passed them on, else copies it judged), then calls the renamed native with the
     * JDK's own spawn helper, whatever helper path the caller passed.
     */
    private static void emitForkWrapper(ClassVisitor cv, String owner, String nativePrefix) {
        MethodVisitor mv = cv.visitMethod(Opcodes.ACC_PRIVATE, FORK, FORK_DESC, null, new String[] {"java/io/IOException"});
        mv.visitCode();
        // locals: 0 this, 1 mode, 2 helperpath, 3 prog, 4 argBlock, 5 argc, 6 envBlock, 7 envc, 8 dir, 9 fds, 10 res
        mv.visitLdcInsn(BridgeOps.FORK);
        pushInt(mv, 6);
        mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
        int[] locals = {3, 4, 5, 6, 7, 8};
        for (int i = 0; i < locals.length; i++) {
            mv.visitInsn(Opcodes.DUP);
            pushInt(mv, i);
            boolean isInt = locals[i] == 5 || locals[i] == 7;
            mv.visitVarInsn(isInt ? Opcodes.ILOAD : Opcodes.ALOAD, locals[i]);
            if (isInt) {
                box(mv, Type.INT_TYPE);
            }
            mv.visitInsn(Opcodes.AASTORE);
        }
        callBridge(mv);
        mv.visitTypeInsn(Opcodes.CHECKCAST, "[Ljava/lang/Object;");
        int[] replaced = {3, 4, 6, 8};
        for (int i = 0; i < replaced.length; i++) {
            if (i < replaced.length - 1) {
                mv.visitInsn(Opcodes.DUP);
            }
            pushInt(mv, i);
            mv.visitInsn(Opcodes.AALOAD);
            mv.visitTypeInsn(Opcodes.CHECKCAST, "[B");
            mv.visitVarInsn(Opcodes.ASTORE, replaced[i]);
        }
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, "helperpath", "[B");
        for (int local = 3; local <= 10; local++) {
            mv.visitVarInsn(local == 5 || local == 7 || local == 10 ? Opcodes.ILOAD : Opcodes.ALOAD, local);
        }
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, nativePrefix + FORK, FORK_DESC, false);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Emits the call into cmdgate's bridge, {@code java.lang.CmdgateBridge.call(String operation, Object[] arguments)}:
     * the operation and its arguments on the stack become its answer (an Object). Every hook cmdgate weaves
     * reaches cmdgate through this one call.
     */
    static void callBridge(MethodVisitor mv) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, "call", CALL_DESC, false);
    }

    static void pushInt(MethodVisitor mv, int value) {
        if (value <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + value);
        } else {
            mv.visitIntInsn(Opcodes.BIPUSH, value);
        }
    }

    /** Boxes the primitive of type t on the stack (nothing for a reference). */
    static void box(MethodVisitor mv, Type t) {
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
