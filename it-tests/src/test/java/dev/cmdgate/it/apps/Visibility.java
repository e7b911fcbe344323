package dev.cmdgate.it.apps;

/**
 * Prints {@code CLASS <name> visible|absent} for each class name and {@code RESOURCE <name> visible|absent}
 * for each resource name (arguments prefixed {@code class:} / {@code resource:}), as the application's own
 * class loader sees them.
 */
public final class Visibility {

    private Visibility() {
    }

    public static void main(String[] args) {
        ClassLoader app = Visibility.class.getClassLoader();
        for (String a : args) {
            if (a.startsWith("class:")) {
                String name = a.substring(6);
                String seen;
                try {
                    Class.forName(name, false, app);
                    seen = "visible";
                } catch (ClassNotFoundException | LinkageError e) {
                    seen = "absent";
                }
                Attempt.print("CLASS " + name + " " + seen);
            } else if (a.startsWith("resource:")) {
                String name = a.substring(9);
                Attempt.print("RESOURCE " + name + " " + (app.getResource(name) != null ? "visible" : "absent"));
            }
        }
    }
}
