package dev.cmdgate.agent.instrument;

import dev.cmdgate.agent.bridge.BridgeOps;
import dev.cmdgate.agent.natives.ProcessFunctions;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Hooks the Java entries of the native-access libraries through which a JVM can create a process
 * without the JDK's launcher, so that each such call asks cmdgate's bridge first
 * ({@code java.lang.CmdgateBridge.call}, operations {@code native.*} of {@link BridgeOps}):
 * <ul>
 *   <li>jnr-posix (JRuby's {@code system}, backticks, {@code spawn}, {@code IO.popen}): {@code BaseNativePOSIX}'s
 *       {@code posix_spawnp} (the overload all others reach, with argv, environment and file actions),
 *       {@code execv}, {@code execve} and {@code fork}; and the methods named after a process function in
 *       the libc binding jnr-ffi generates for jnr-posix ({@code jnr/posix/…$jnr$ffi$N}, what {@code POSIX.libc()} returns);</li>
 *   <li>jffi, under jnr-ffi and JRuby's FFI: {@code Library.getSymbolAddress}, so that a process function is
 *       bound only where cmdgate hooks its calls;</li>
 *   <li>JNA: {@code Function.invoke} (interface mapping, {@code Function.invoke…}), {@code NativeLibrary.getSymbolAddress}
 *       (the addresses of process functions, for calls through a raw address) and each function
 *       {@code Native.register} binds (direct mapping);</li>
 *   <li>the JDK's foreign function API (JDK 22+): the handles {@code AbstractLinker.downcallHandle} returns.</li>
 * </ul>
 * Classes are chosen by exact name, whatever their class loader ({@link NativeTargets}). Like the other weavers it adds no
 * branches and no members, so the same bytes work when an already-loaded class is retransformed. A
 * class in which not every expected method is found (a version of the library cmdgate does not know)
 * is woven instead so that each of its methods that could reach a process function refuses, through the
 * bridge ({@link BridgeOps#NATIVE_UNHOOKED}): fail closed, never silently unhooked.
 */
final class NativeWeaver {

    static final String BASE_NATIVE_POSIX = NativeTargets.BASE_NATIVE_POSIX;
    static final String JFFI_LIBRARY = NativeTargets.JFFI_LIBRARY;
    static final String JNA_FUNCTION = NativeTargets.JNA_FUNCTION;
    static final String JNA_NATIVE_LIBRARY = NativeTargets.JNA_NATIVE_LIBRARY;
    static final String JNA_NATIVE = NativeTargets.JNA_NATIVE;
    static final String FFM_LINKER = NativeTargets.FFM_LINKER;

    private static final String SPAWNP_DESC = "(Ljava/lang/String;Ljava/util/Collection;Ljava/util/Collection;"
            + "[Ljava/lang/CharSequence;[Ljava/lang/CharSequence;)J";
    private static final String JNA_INVOKE_DESC = "(Ljava/lang/reflect/Method;[Ljava/lang/Class;Ljava/lang/Class;"
            + "[Ljava/lang/Object;Ljava/util/Map;)Ljava/lang/Object;";
    private static final String JNA_INVOKE_CONVERTED_DESC = "([Ljava/lang/Object;Ljava/lang/Class;Z)Ljava/lang/Object;";
    private static final String JNA_GET_FUNCTION_DESC = "(Ljava/lang/String;Ljava/lang/reflect/Method;)Lcom/sun/jna/Function;";
    private static final String FFM_BOUND_DESC = "(Ljava/lang/foreign/MemorySegment;Ljava/lang/foreign/FunctionDescriptor;"
            + "[Ljava/lang/foreign/Linker$Option;)Ljava/lang/invoke/MethodHandle;";
    private static final String FFM_UNBOUND_DESC = "(Ljava/lang/foreign/FunctionDescriptor;[Ljava/lang/foreign/Linker$Option;)"
            + "Ljava/lang/invoke/MethodHandle;";
    /** The suffix a native method of a generated binding is renamed with when it cannot be hooked (its binding then fails). */
    static final String UNHOOKABLE_SUFFIX = "$cmdgate$unhookable";

    private NativeWeaver() {
    }

    private static boolean generatedJnrPosixBinding(String internalName) {
        return NativeTargets.generatedJnrPosixBinding(internalName);
    }

    /**
     * The woven class. {@code newClass} is false when an already-loaded class is retransformed (nothing may
     * then be renamed). Never null for a target: a class of unknown shape is woven to refuse.
     */
    static byte[] instrument(String internalName, byte[] bytes, boolean newClass) {
        ClassReader reader = new ClassReader(bytes);
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        Hooks hooks = new Hooks(writer, internalName, newClass);
        reader.accept(hooks, 0);
        if (hooks.complete()) {
            return writer.toByteArray();
        }
        ClassWriter fallback = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        reader.accept(new Refusing(fallback, internalName), 0);
        return fallback.toByteArray();
    }

    /** How many hooks each class must get; -1: any number (a generated binding hooks what it has). */
    private static int expected(String owner) {
        return switch (owner) {
            case BASE_NATIVE_POSIX -> 4;
            case JFFI_LIBRARY, JNA_NATIVE_LIBRARY, JNA_NATIVE -> 1;
            case JNA_FUNCTION, FFM_LINKER -> 2;
            default -> -1;
        };
    }

    /** The methods refused when a class is not of the expected shape: those that lead to a process function. */
    private static boolean refusedWhenUnhooked(String owner, String method) {
        return switch (owner) {
            case BASE_NATIVE_POSIX -> ProcessFunctions.isProcessFunction(method) || method.equals("exec");
            case JFFI_LIBRARY, JNA_NATIVE_LIBRARY -> method.equals("getSymbolAddress") || method.equals("getFunction");
            case JNA_FUNCTION -> method.startsWith("invoke");
            case JNA_NATIVE -> method.equals("register");
            case FFM_LINKER -> method.equals("downcallHandle");
            default -> false;
        };
    }

    private static final class Hooks extends ClassVisitor {
        private final String owner;
        private final boolean newClass;
        private int hooks;

        Hooks(ClassVisitor next, String owner, boolean newClass) {
            super(Opcodes.ASM9, next);
            this.owner = owner;
            this.newClass = newClass;
        }

        boolean complete() {
            int e = expected(owner);
            return e < 0 ? true : owner.equals(JNA_NATIVE) ? hooks >= e : hooks == e;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
            boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
            if (generatedJnrPosixBinding(owner) && !isStatic && ProcessFunctions.isProcessFunction(name)) {
                if ((access & Opcodes.ACC_NATIVE) != 0) {
                    // A function jnr-ffi compiled to a native stub has no Java body to hook. For a new class the
                    // method is renamed, so that jnr-ffi cannot attach its stub and the whole binding fails.
                    return super.visitMethod(access, newClass ? name + UNHOOKABLE_SUFFIX : name, desc, signature, exceptions);
                }
                if ((access & Opcodes.ACC_ABSTRACT) == 0) {
                    hooks++;
                    return new CallAtEntry(super.visitMethod(access, name, desc, signature, exceptions),
                            "jnr-libc", name, desc, false, allReferenceParams(desc));
                }
            }
            MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
            if (isStatic) {
                return owner.equals(JNA_NATIVE) && name.equals("register")
                        && desc.equals("(Ljava/lang/Class;Lcom/sun/jna/NativeLibrary;)V") ? new RegisterCallSites(mv) : mv;
            }
            switch (owner) {
                case BASE_NATIVE_POSIX -> {
                    if ((name.equals("posix_spawnp") && desc.equals(SPAWNP_DESC))
                            || (name.equals("execv") && desc.equals("(Ljava/lang/String;[Ljava/lang/String;)I"))
                            || (name.equals("execve") && desc.equals("(Ljava/lang/String;[Ljava/lang/String;[Ljava/lang/String;)I"))
                            || (name.equals("fork") && desc.equals("()I"))) {
                        hooks++;
                        return new CallAtEntry(mv, "jnr-posix", name, desc, false, allReferenceParams(desc));
                    }
                }
                case JFFI_LIBRARY, JNA_NATIVE_LIBRARY -> {
                    if (name.equals("getSymbolAddress") && desc.equals("(Ljava/lang/String;)J")) {
                        hooks++;
                        return new SymbolAtExit(mv, owner.equals(JFFI_LIBRARY) ? "jffi" : "jna");
                    }
                }
                case JNA_FUNCTION -> {
                    if (name.equals("invoke") && desc.equals(JNA_INVOKE_DESC)) {
                        hooks++;
                        return new CallAtEntry(mv, "jna", null, desc, true, new int[] {3});   // inArgs
                    }
                    if (name.equals("invoke") && desc.equals(JNA_INVOKE_CONVERTED_DESC)) {
                        hooks++;
                        return new CallAtEntry(mv, "jna-converted", null, desc, true, new int[] {0});   // args
                    }
                }
                case FFM_LINKER -> {
                    if (name.equals("downcallHandle") && (desc.equals(FFM_BOUND_DESC) || desc.equals(FFM_UNBOUND_DESC))) {
                        hooks++;
                        return new LinkAtExit(mv, desc.equals(FFM_BOUND_DESC));
                    }
                }
                default -> {
                    // a generated binding's other methods
                }
            }
            return mv;
        }

        /** {@code Native.register}: each function it binds goes through the bridge before it is registered. */
        private final class RegisterCallSites extends MethodVisitor {
            RegisterCallSites(MethodVisitor mv) {
                super(Opcodes.ASM9, mv);
            }

            @Override
            public void visitMethodInsn(int opcode, String ownerName, String name, String desc, boolean itf) {
                super.visitMethodInsn(opcode, ownerName, name, desc, itf);
                if (opcode == Opcodes.INVOKEVIRTUAL && ownerName.equals(JNA_NATIVE_LIBRARY) && name.equals("getFunction")
                        && desc.equals(JNA_GET_FUNCTION_DESC)) {
                    hooks++;
                    // stack: function → function, function → call(native.link, {"jna-register", function}) → pop
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitLdcInsn(BridgeOps.NATIVE_LINK);
                    mv.visitInsn(Opcodes.SWAP);
                    mv.visitInsn(Opcodes.ICONST_2);
                    mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");   // op, function, array
                    mv.visitInsn(Opcodes.DUP_X1);                               // op, array, function, array
                    mv.visitInsn(Opcodes.SWAP);                                 // op, array, array, function
                    mv.visitInsn(Opcodes.ICONST_1);
                    mv.visitInsn(Opcodes.SWAP);                                 // op, array, array, 1, function
                    mv.visitInsn(Opcodes.AASTORE);                              // op, array
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_0);
                    mv.visitLdcInsn("jna-register");
                    mv.visitInsn(Opcodes.AASTORE);
                    LaunchHookWeaver.callBridge(mv);
                    mv.visitInsn(Opcodes.POP);
                }
            }
        }

        /**
         * At entry: {@code Object[] r = (Object[]) CmdgateBridge.call("native.call", new Object[]{route,
         * function, address, new Object[]{args…}})}, then each replaced parameter is set from {@code r}. For
         * JNA ({@code jna}) the function is {@code this.functionName} and the address {@code this.peer}.
         */
        private final class CallAtEntry extends MethodVisitor {
            private final String route;
            private final String function;
            private final String desc;
            private final boolean jna;
            private final int[] replaced;   // parameter indexes (0-based) set from the answer

            CallAtEntry(MethodVisitor mv, String route, String function, String desc, boolean jna, int[] replaced) {
                super(Opcodes.ASM9, mv);
                this.route = route;
                this.function = function;
                this.desc = desc;
                this.jna = jna;
                this.replaced = replaced;
            }

            @Override
            public void visitCode() {
                super.visitCode();
                Type[] params = Type.getArgumentTypes(desc);
                int[] locals = new int[params.length];
                for (int i = 0, l = 1; i < params.length; l += params[i].getSize(), i++) {
                    locals[i] = l;
                }
                mv.visitLdcInsn(BridgeOps.NATIVE_CALL);
                mv.visitInsn(Opcodes.ICONST_4);
                mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
                store(0, () -> mv.visitLdcInsn(route));
                store(1, () -> {
                    if (jna) {
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        mv.visitFieldInsn(Opcodes.GETFIELD, owner, "functionName", "Ljava/lang/String;");
                    } else {
                        mv.visitLdcInsn(function);
                    }
                });
                store(2, () -> {
                    if (jna) {
                        mv.visitVarInsn(Opcodes.ALOAD, 0);
                        mv.visitFieldInsn(Opcodes.GETFIELD, owner, "peer", "J");
                        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Long", "valueOf", "(J)Ljava/lang/Long;", false);
                    } else {
                        mv.visitInsn(Opcodes.ACONST_NULL);
                    }
                });
                store(3, () -> {
                    if (jna) {
                        mv.visitVarInsn(Opcodes.ALOAD, locals[replaced[0]]);   // JNA's own argument array
                        return;
                    }
                    pushInt(params.length);
                    mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
                    for (int i = 0; i < params.length; i++) {
                        mv.visitInsn(Opcodes.DUP);
                        pushInt(i);
                        mv.visitVarInsn(params[i].getOpcode(Opcodes.ILOAD), locals[i]);
                        box(params[i]);
                        mv.visitInsn(Opcodes.AASTORE);
                    }
                });
                LaunchHookWeaver.callBridge(mv);
                mv.visitTypeInsn(Opcodes.CHECKCAST, "[Ljava/lang/Object;");
                if (jna) {
                    mv.visitVarInsn(Opcodes.ASTORE, locals[replaced[0]]);   // the answer is the argument array itself
                    return;
                }
                if (replaced.length == 0) {
                    mv.visitInsn(Opcodes.POP);
                    return;
                }
                for (int k = 0; k < replaced.length; k++) {
                    int i = replaced[k];
                    if (k < replaced.length - 1) {
                        mv.visitInsn(Opcodes.DUP);
                    }
                    pushInt(i);
                    mv.visitInsn(Opcodes.AALOAD);
                    mv.visitTypeInsn(Opcodes.CHECKCAST, params[i].getInternalName());
                    mv.visitVarInsn(Opcodes.ASTORE, locals[i]);
                }
            }

            private void store(int index, Runnable push) {
                mv.visitInsn(Opcodes.DUP);
                pushInt(index);
                push.run();
                mv.visitInsn(Opcodes.AASTORE);
            }

            private void pushInt(int v) {
                LaunchHookWeaver.pushInt(mv, v);
            }

            private void box(Type t) {
                LaunchHookWeaver.box(mv, t);
            }
        }

        /**
         * At each {@code LRETURN}: {@code return ((Long) CmdgateBridge.call("native.symbol", new Object[]{route,
         * name, Long.valueOf(address), this})).longValue();}
         */
        private final class SymbolAtExit extends MethodVisitor {
            private final String route;

            SymbolAtExit(MethodVisitor mv, String route) {
                super(Opcodes.ASM9, mv);
                this.route = route;
            }

            @Override
            public void visitInsn(int opcode) {
                if (opcode == Opcodes.LRETURN) {
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Long", "valueOf", "(J)Ljava/lang/Long;", false);
                    // stack: Long → array with the Long at 2
                    mv.visitInsn(Opcodes.ICONST_4);
                    mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");   // Long, array
                    mv.visitInsn(Opcodes.DUP_X1);                               // array, Long, array
                    mv.visitInsn(Opcodes.SWAP);                                 // array, array, Long
                    mv.visitInsn(Opcodes.ICONST_2);
                    mv.visitInsn(Opcodes.SWAP);                                 // array, array, 2, Long
                    mv.visitInsn(Opcodes.AASTORE);                              // array
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_0);
                    mv.visitLdcInsn(route);
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_1);
                    mv.visitVarInsn(Opcodes.ALOAD, 1);
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_3);
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitLdcInsn(BridgeOps.NATIVE_SYMBOL);
                    mv.visitInsn(Opcodes.SWAP);
                    LaunchHookWeaver.callBridge(mv);
                    mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/Long");
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Long", "longValue", "()J", false);
                }
                super.visitInsn(opcode);
            }
        }

        /**
         * At each {@code ARETURN} of {@code downcallHandle}: {@code return (MethodHandle) CmdgateBridge.call(
         * "native.link", new Object[]{"ffm", handle, symbol or null, descriptor});}
         */
        private final class LinkAtExit extends MethodVisitor {
            private final boolean bound;

            LinkAtExit(MethodVisitor mv, boolean bound) {
                super(Opcodes.ASM9, mv);
                this.bound = bound;
            }

            @Override
            public void visitInsn(int opcode) {
                if (opcode == Opcodes.ARETURN) {
                    mv.visitInsn(Opcodes.ICONST_4);
                    mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");   // handle, array
                    mv.visitInsn(Opcodes.DUP_X1);                               // array, handle, array
                    mv.visitInsn(Opcodes.SWAP);                                 // array, array, handle
                    mv.visitInsn(Opcodes.ICONST_1);
                    mv.visitInsn(Opcodes.SWAP);
                    mv.visitInsn(Opcodes.AASTORE);                              // array
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_0);
                    mv.visitLdcInsn("ffm");
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_2);
                    if (bound) {
                        mv.visitVarInsn(Opcodes.ALOAD, 1);
                    } else {
                        mv.visitInsn(Opcodes.ACONST_NULL);
                    }
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_3);
                    mv.visitVarInsn(Opcodes.ALOAD, bound ? 2 : 1);
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitLdcInsn(BridgeOps.NATIVE_LINK);
                    mv.visitInsn(Opcodes.SWAP);
                    LaunchHookWeaver.callBridge(mv);
                    mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/invoke/MethodHandle");
                }
                super.visitInsn(opcode);
            }
        }
    }

    /** The fallback: each method that could lead to a process function refuses at entry. */
    private static final class Refusing extends ClassVisitor {
        private final String owner;

        Refusing(ClassVisitor next, String owner) {
            super(Opcodes.ASM9, next);
            this.owner = owner;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, desc, signature, exceptions);
            if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || !refusedWhenUnhooked(owner, name)) {
                return mv;
            }
            return new MethodVisitor(Opcodes.ASM9, mv) {
                @Override
                public void visitCode() {
                    super.visitCode();
                    mv.visitLdcInsn(BridgeOps.NATIVE_UNHOOKED);
                    mv.visitInsn(Opcodes.ICONST_2);
                    mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_0);
                    mv.visitLdcInsn(owner.replace('/', '.'));
                    mv.visitInsn(Opcodes.AASTORE);
                    mv.visitInsn(Opcodes.DUP);
                    mv.visitInsn(Opcodes.ICONST_1);
                    mv.visitLdcInsn(name);
                    mv.visitInsn(Opcodes.AASTORE);
                    LaunchHookWeaver.callBridge(mv);
                    mv.visitInsn(Opcodes.POP);
                }
            };
        }
    }

    /** Parameter indexes of the reference-typed parameters of {@code desc}. */
    private static int[] allReferenceParams(String desc) {
        Type[] params = Type.getArgumentTypes(desc);
        int n = 0;
        for (Type t : params) {
            n += t.getSort() >= Type.ARRAY ? 1 : 0;
        }
        int[] out = new int[n];
        for (int i = 0, k = 0; i < params.length; i++) {
            if (params[i].getSort() >= Type.ARRAY) {
                out[k++] = i;
            }
        }
        return out;
    }
}
