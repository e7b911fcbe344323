package dev.cmdgate.it.apps;

/** The smallest application: prints one line and exits. */
public final class Hello {

    private Hello() {
    }

    public static void main(String[] args) {
        System.out.println("hello from app");
    }
}
