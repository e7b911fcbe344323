package dev.cmdgate.agent.instrument;

import java.util.Set;

/**
 * The classes of native-access libraries {@link NativeWeaver} hooks, by internal name, for any class
 * loader. Kept apart from the weaver so that the check the transformer makes for every class the JVM
 * loads loads no ASM. The bootstrap's forwarder holds the same list (a unit test keeps them equal).
 */
public final class NativeTargets {

    static final String BASE_NATIVE_POSIX = "jnr/posix/BaseNativePOSIX";
    static final String JFFI_LIBRARY = "com/kenai/jffi/Library";
    static final String JNA_FUNCTION = "com/sun/jna/Function";
    static final String JNA_NATIVE_LIBRARY = "com/sun/jna/NativeLibrary";
    static final String JNA_NATIVE = "com/sun/jna/Native";
    static final String FFM_LINKER = "jdk/internal/foreign/abi/AbstractLinker";
    /** Woven by exact name; jnr-ffi's generated jnr-posix bindings are recognised by {@link #generatedJnrPosixBinding}. */
    public static final Set<String> CLASSES = Set.of(BASE_NATIVE_POSIX, JFFI_LIBRARY, JNA_FUNCTION, JNA_NATIVE_LIBRARY,
            JNA_NATIVE, FFM_LINKER);

    private NativeTargets() {
    }

    /** True for a class {@link NativeWeaver} handles. */
    public static boolean target(String internalName) {
        return CLASSES.contains(internalName) || generatedJnrPosixBinding(internalName);
    }

    /** A libc binding jnr-ffi generated for jnr-posix ({@code <interface>$jnr$ffi$<n>}, the interface in jnr.posix). */
    public static boolean generatedJnrPosixBinding(String internalName) {
        return internalName.startsWith("jnr/posix/") && internalName.contains("$jnr$ffi$");
    }
}
