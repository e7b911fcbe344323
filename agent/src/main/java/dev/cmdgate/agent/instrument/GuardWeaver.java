package dev.cmdgate.agent.instrument;

import dev.cmdgate.agent.bridge.BridgeOps;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Weaves the guards that keep other instrumentation away from cmdgate's hooks:
 * <ul>
 *   <li>{@code sun.instrument.InstrumentationImpl}, the Java side of every {@code java.lang.instrument}
 *       agent: {@code retransformClasses} and {@code redefineClasses} ask the bridge first (it refuses
 *       another agent's request that names a class cmdgate hooks, and its redefinition of any class of the JDK
 *       or of cmdgate), and {@code transform} — what the JVM calls for each agent when a class is loaded or
 *       redefined — returns "no change" for another agent's transformers on such a class (see
 *       {@link TransformGuard}); {@code redefineModule} asks before another agent opens or exports a
 *       package of the JDK's modules; {@code loadClassAndCallAgentmain} — how every agent loaded while the JVM
 *       runs starts — asks before the agent's class is even loaded;</li>
 *   <li>the DiagnosticCommand MBean's command runner, which can load an agent ({@code JVMTI.agent_load})
 *       even where attaching is switched off: it asks the bridge before running a command.</li>
 * </ul>
 * Like {@link LaunchHookWeaver} it adds no members, so it works when retransforming a loaded class.
 */
final class GuardWeaver {

    static final String INSTRUMENTATION_IMPL = "sun/instrument/InstrumentationImpl";
    static final String DCMD_WRAPPER = "com/sun/management/internal/DiagnosticCommandImpl$Wrapper";
    private static final String TRANSFORM_DESC = "(Ljava/lang/Module;Ljava/lang/ClassLoader;Ljava/lang/String;"
            + "Ljava/lang/Class;Ljava/security/ProtectionDomain;[BZ)[B";
    private static final String REDEFINE_MODULE_DESC = "(Ljava/lang/Module;Ljava/util/Set;Ljava/util/Map;Ljava/util/Map;"
            + "Ljava/util/Set;Ljava/util/Map;)V";
    private static final String AGENTMAIN_DESC = "(Ljava/lang/String;Ljava/lang/String;)V";
    private static final int[] FIRST = {1};

    private GuardWeaver() {
    }

    /** The woven class, or null when not every expected method was found (a JDK of unknown shape). */
    static byte[] instrument(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        Visitor v = new Visitor(writer);
        reader.accept(v, 0);
        int expected = INSTRUMENTATION_IMPL.equals(v.owner) ? 5 : DCMD_WRAPPER.equals(v.owner) ? 1 : -1;
        return v.hooks == expected ? writer.toByteArray() : null;
    }

    private static final class Visitor extends ClassVisitor {
        String owner;
        int hooks;

        Visitor(ClassVisitor next) {
            // ASM 8's API: the highest the JDK's own copy on JDK 17 knows (JdkAsmWeaving); these JDK classes are not sealed
            super(Opcodes.ASM8, next);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            owner = name;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
            if ((access & Opcodes.ACC_STATIC) != 0) {
                return mv;
            }
            if (INSTRUMENTATION_IMPL.equals(owner)) {
                if ("retransformClasses".equals(name) && "([Ljava/lang/Class;)V".equals(desc)) {
                    hooks++;
                    return new AskFirst(mv, BridgeOps.GUARD_RETRANSFORM, FIRST);
                }
                if ("redefineClasses".equals(name) && "([Ljava/lang/instrument/ClassDefinition;)V".equals(desc)) {
                    hooks++;
                    return new AskFirst(mv, BridgeOps.GUARD_REDEFINE, FIRST);
                }
                if ("redefineModule".equals(name) && REDEFINE_MODULE_DESC.equals(desc)) {
                    hooks++;
                    // the module, its extra exports and its extra opens
                    return new AskFirst(mv, BridgeOps.GUARD_REDEFINE_MODULE, new int[] {1, 3, 4});
                }
                if ("loadClassAndCallAgentmain".equals(name) && AGENTMAIN_DESC.equals(desc)) {
                    hooks++;
                    return new AskFirst(mv, BridgeOps.GUARD_AGENTMAIN, FIRST);   // the agent's class name
                }
                if ("transform".equals(name) && TRANSFORM_DESC.equals(desc)) {
                    hooks++;
                    return new TransformGuard(mv);
                }
            } else if (DCMD_WRAPPER.equals(owner) && "execute".equals(name) && "([Ljava/lang/String;)Ljava/lang/String;".equals(desc)) {
                hooks++;
                return new AskFirst(mv, BridgeOps.GUARD_DIAGNOSTIC_COMMAND, null);
            }
            return mv;
        }

        /**
         * At entry of {@code transform(module, loader, className, redefined, domain, bytes, retransformer)}:
         * <pre>
         * Object r = CmdgateBridge.call("guard.transform", new Object[]{this, className});
         * if (r != Boolean.FALSE) {
         *     if (r == Boolean.TRUE
         *             || CmdgateBridge.call("guard.transform-origin", new Object[]{this, className, loader}) == Boolean.TRUE) {
         *         return null;
         *     }
         * }
         * </pre>
         * The first answer is FALSE for cmdgate's own agent, so a JVM with no other agent makes the one call it
         * always made; only another agent's classes are asked about a second time, with their loader.
         */
        private final class TransformGuard extends MethodVisitor {
            private static final int CLASS_NAME = 3;
            private static final int LOADER = 2;

            TransformGuard(MethodVisitor mv) {
                super(Opcodes.ASM8, mv);
            }

            @Override
            public void visitCode() {
                super.visitCode();
                ask(BridgeOps.GUARD_TRANSFORM, new int[] {0, CLASS_NAME});
                Label goOnWithAnswer = new Label();
                Label skip = new Label();
                Label goOn = new Label();
                mv.visitInsn(Opcodes.DUP);
                mv.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/Boolean", "FALSE", "Ljava/lang/Boolean;");
                mv.visitJumpInsn(Opcodes.IF_ACMPEQ, goOnWithAnswer);
                mv.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/Boolean", "TRUE", "Ljava/lang/Boolean;");
                mv.visitJumpInsn(Opcodes.IF_ACMPEQ, skip);
                ask(BridgeOps.GUARD_TRANSFORM_ORIGIN, new int[] {0, CLASS_NAME, LOADER});
                mv.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/Boolean", "TRUE", "Ljava/lang/Boolean;");
                mv.visitJumpInsn(Opcodes.IF_ACMPNE, goOn);
                mv.visitLabel(skip);
                mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                mv.visitInsn(Opcodes.ACONST_NULL);
                mv.visitInsn(Opcodes.ARETURN);
                mv.visitLabel(goOnWithAnswer);
                mv.visitFrame(Opcodes.F_SAME1, 0, null, 1, new Object[] {"java/lang/Object"});
                mv.visitInsn(Opcodes.POP);
                mv.visitLabel(goOn);
                // the method's own first frame follows as a delta of this one, which equals the implicit first frame
                mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
            }

            /** Pushes {@code CmdgateBridge.call(op, new Object[]{<locals>…})}. */
            private void ask(String op, int[] locals) {
                mv.visitLdcInsn(op);
                mv.visitIntInsn(Opcodes.BIPUSH, locals.length);
                mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
                for (int i = 0; i < locals.length; i++) {
                    store(mv, i, locals[i]);
                }
                LaunchHookWeaver.callBridge(mv);
            }
        }

        /**
         * At entry: {@code CmdgateBridge.call(op, new Object[]{this, <locals>…})}; for the command runner (no locals)
         * the second element is the command ({@code this.cmd}) and the third the arguments.
         */
        private final class AskFirst extends MethodVisitor {
            private final String op;
            private final int[] locals;

            AskFirst(MethodVisitor mv, String op, int[] locals) {
                super(Opcodes.ASM8, mv);
                this.op = op;
                this.locals = locals;
            }

            @Override
            public void visitCode() {
                super.visitCode();
                mv.visitLdcInsn(op);
                mv.visitIntInsn(Opcodes.BIPUSH, locals == null ? 3 : 1 + locals.length);
                mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
                store(mv, 0, 0);
                if (locals == null) {
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitIntInsn(Opcodes.BIPUSH, 1);
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitFieldInsn(Opcodes.GETFIELD, owner, "cmd", "Ljava/lang/String;");
                    mv.visitInsn(Opcodes.AASTORE);
                    store(mv, 2, 1);
                } else {
                    for (int i = 0; i < locals.length; i++) {
                        store(mv, i + 1, locals[i]);
                    }
                }
                LaunchHookWeaver.callBridge(mv);
                mv.visitInsn(Opcodes.POP);
            }
        }
    }

    /** {@code array[index] = local} on the array at the top of the stack, which stays there. */
    private static void store(MethodVisitor mv, int index, int local) {
        mv.visitInsn(Opcodes.DUP);
        mv.visitIntInsn(Opcodes.BIPUSH, index);
        mv.visitVarInsn(Opcodes.ALOAD, local);
        mv.visitInsn(Opcodes.AASTORE);
    }
}
