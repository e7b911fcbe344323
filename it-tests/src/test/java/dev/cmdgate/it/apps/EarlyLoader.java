package dev.cmdgate.it.apps;

/**
 * A system class loader ({@code -Djava.system.class.loader=dev.cmdgate.it.apps.EarlyLoader}): the JVM creates it
 * while it starts, before any agent's premain. It launches {@code touch} of the file named by the system property
 * {@code it.marker}: a launch no gate that starts later can see.
 */
public final class EarlyLoader extends ClassLoader {

    public EarlyLoader(ClassLoader parent) {
        super(parent);
        String marker = System.getProperty("it.marker");
        if (marker != null) {
            try {
                new ProcessBuilder("touch", marker).start().waitFor();
            } catch (Exception e) {
                System.out.println("EARLY-LOADER " + e);
            }
        }
    }
}
