package demo;

/** Something to compile. */
public final class Greeter {

    private Greeter() {
    }

    public static String greet(String name) {
        return "hello " + name;
    }
}
