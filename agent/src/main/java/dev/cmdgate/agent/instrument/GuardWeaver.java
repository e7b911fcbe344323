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
 *       another agent's request that names a class cmdgate guards), and {@code transform} — what the JVM
 *       calls for each agent when a class is loaded or redefined — returns "no change" for another
 *       agent's transformers on such a class;</li>
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

    private GuardWeaver() {
    }

    /** The woven class, or null when not every expected method was found (a JDK of unknown shape). */
    static byte[] instrument(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        Visitor v = new Visitor(writer);
        reader.accept(v, 0);
        int expected = INSTRUMENTATION_IMPL.equals(v.owner) ? 3 : DCMD_WRAPPER.equals(v.owner) ? 1 : -1;
        return v.hooks == expected ? writer.toByteArray() : null;
    }

    private static final class Visitor extends ClassVisitor {
        String owner;
        int hooks;

        Visitor(ClassVisitor next) {
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
            if ((access & Opcodes.ACC_STATIC) != 0) {
                return mv;
            }
            if (INSTRUMENTATION_IMPL.equals(owner)) {
                if ("retransformClasses".equals(name) && "([Ljava/lang/Class;)V".equals(desc)) {
                    hooks++;
                    return new AskFirst(mv, BridgeOps.GUARD_RETRANSFORM, 1, false);
                }
                if ("redefineClasses".equals(name) && "([Ljava/lang/instrument/ClassDefinition;)V".equals(desc)) {
                    hooks++;
                    return new AskFirst(mv, BridgeOps.GUARD_REDEFINE, 1, false);
                }
                if ("transform".equals(name) && TRANSFORM_DESC.equals(desc)) {
                    hooks++;
                    return new AskFirst(mv, BridgeOps.GUARD_TRANSFORM, 3, true);   // local 3: the class name
                }
            } else if (DCMD_WRAPPER.equals(owner) && "execute".equals(name) && "([Ljava/lang/String;)Ljava/lang/String;".equals(desc)) {
                hooks++;
                return new AskFirst(mv, BridgeOps.GUARD_DIAGNOSTIC_COMMAND, -1, false);
            }
            return mv;
        }

        /**
         * At entry: {@code CmdgateBridge.call(op, new Object[]{this, <local>})}; for the command runner the
         * second element is the command ({@code this.cmd}) and the third the arguments. With
         * {@code skipOnTrue}, a {@code Boolean.TRUE} answer returns null at once.
         */
        private final class AskFirst extends MethodVisitor {
            private final String op;
            private final int local;
            private final boolean skipOnTrue;

            AskFirst(MethodVisitor mv, String op, int local, boolean skipOnTrue) {
                super(Opcodes.ASM9, mv);
                this.op = op;
                this.local = local;
                this.skipOnTrue = skipOnTrue;
            }

            @Override
            public void visitCode() {
                super.visitCode();
                mv.visitLdcInsn(op);
                mv.visitInsn(local < 0 ? Opcodes.ICONST_3 : Opcodes.ICONST_2);
                mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
                mv.visitInsn(Opcodes.DUP);
                mv.visitInsn(Opcodes.ICONST_0);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitInsn(Opcodes.AASTORE);
                mv.visitInsn(Opcodes.DUP);
                mv.visitInsn(Opcodes.ICONST_1);
                if (local < 0) {
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitFieldInsn(Opcodes.GETFIELD, owner, "cmd", "Ljava/lang/String;");
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_2);
                    mv.visitVarInsn(Opcodes.ALOAD, 1);
                } else {
                    mv.visitVarInsn(Opcodes.ALOAD, local);
                }
                mv.visitInsn(Opcodes.AASTORE);
                LaunchHookWeaver.callBridge(mv);
                if (!skipOnTrue) {
                    mv.visitInsn(Opcodes.POP);
                    return;
                }
                Label go = new Label();
                mv.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/Boolean", "TRUE", "Ljava/lang/Boolean;");
                mv.visitJumpInsn(Opcodes.IF_ACMPNE, go);
                mv.visitInsn(Opcodes.ACONST_NULL);
                mv.visitInsn(Opcodes.ARETURN);
                mv.visitLabel(go);
                // the method's own first frame follows as a delta of this one, which equals the implicit first frame
                mv.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
            }
        }
    }
}
