package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * The globs of a list that start at a fixed place ({@code /}, {@code ~}, either escaped), in the list's order, each
 * with the number of its slashes: a shell pattern on the line is compared as a pattern with each of them, and one
 * naming fewer slashes than a glob holds cannot meet it, so the count, read once at load, rules out most of them
 * without reading either text. Immutable.
 */
public final class RootedGlobs {

    private final String[] globs;
    private final int[] slashes;

    private RootedGlobs(String[] globs, int[] slashes) {
        this.globs = globs;
        this.slashes = slashes;
    }

    /** The rooted ones of {@code globs}, in order. */
    public static RootedGlobs of(List<String> globs) {
        List<String> kept = new ArrayList<>(globs.size());
        for (String g : globs) {
            if (rooted(g)) {
                kept.add(g);
            }
        }
        String[] out = kept.toArray(new String[0]);
        int[] counts = new int[out.length];
        for (int i = 0; i < out.length; i++) {
            counts[i] = count(out[i]);
        }
        return new RootedGlobs(out, counts);
    }

    /** Whether a path or glob starts at a fixed place: its first character, or the one it escapes, is / or ~. */
    public static boolean rooted(String path) {
        if (path.isEmpty()) {
            return false;
        }
        char c = path.charAt(0);
        if (c == '\\' && path.length() > 1) {
            c = path.charAt(1);
        }
        return c == '/' || c == '~';
    }

    public int size() {
        return globs.length;
    }

    public String glob(int i) {
        return globs[i];
    }

    /** The slashes of the i-th glob. */
    public int slashes(int i) {
        return slashes[i];
    }

    private static int count(String s) {
        int n = 0;
        for (int i = s.indexOf('/'); i >= 0; i = s.indexOf('/', i + 1)) {
            n++;
        }
        return n;
    }
}
