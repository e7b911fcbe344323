package dev.cmdgate.it.support;

import java.util.ArrayList;
import java.util.List;

/** Builds the command line of the {@code Commands} test application: attempts separated by {@code --}. */
public final class Spec {

    private final List<String> args = new ArrayList<>();

    public static Spec attempts() {
        return new Spec();
    }

    /** One attempt: its name, then {@code @options} and argv words ({@code |} separates pipeline stages). */
    public Spec add(String name, Object... words) {
        if (!args.isEmpty()) {
            args.add("--");
        }
        args.add(name);
        for (Object w : words) {
            args.add(String.valueOf(w));
        }
        return this;
    }

    public List<String> args() {
        return List.copyOf(args);
    }
}
