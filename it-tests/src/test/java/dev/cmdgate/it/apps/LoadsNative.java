package dev.cmdgate.it.apps;

import java.nio.file.Path;

/** Loads one of the JDK's own JNI libraries (one nothing else loads) from the unnamed module, a restricted method, and says how it went. */
public final class LoadsNative {

    private LoadsNative() {
    }

    public static void main(String[] args) {
        String lib = Path.of(System.getProperty("java.home"), "lib", System.mapLibraryName("j2gss")).toString();
        try {
            System.load(lib);
            System.out.println("NATIVE loaded");
        } catch (IllegalCallerException e) {
            System.out.println("NATIVE refused " + e.getMessage());
        }
    }
}
