package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The directories a command of the line may run in, for the checks a relative name must pass as the path it is
 * there (credential stores, sensitive places, devices): the launch's directory, and every directory a change of
 * directory may have led to since ({@code cd}, {@code pushd}, a subshell's or a branch's cd too: none is dropped,
 * so {@code cd -}, {@code popd} and {@code pushd +N} lead to one already kept), or, while a command works
 * elsewhere ({@code env -C DIR}, {@code git -C DIR}, {@code tar -C DIR}), the directories it works in.
 *
 * <p>Each is kept absolute, or under the home directory as {@code ~/…} (as the credential and sensitive lists
 * write it). Two more states: the launch's directory is not known (the CLI without a working directory): a
 * relative name there is judged as it is written, as it always was; and a directory only known at run time
 * ({@code cd "$D"}, {@code cd /e*}, {@code cd ..} from a place not known): a relative name may then be the end of
 * any path, and the checks compare it with the ends of the paths they know.
 */
final class CommandDirectories {

    /** Past this many directories, where a name starts is taken as not known. */
    static final int MAX = 32;

    /** What is kept, for a command that works elsewhere and then ends. */
    record Saved(List<String> known, boolean asWritten, boolean anywhere) {
    }

    private List<String> known;
    private boolean asWritten;
    private boolean anywhere;

    /** @param cwd the launch's working directory, or null when it is not known */
    CommandDirectories(String cwd) {
        known = new ArrayList<>(2);
        if (cwd != null) {
            known.add(PathText.resolveDots(PathText.normalize(cwd)));
        }
        asWritten = cwd == null;
    }

    /** The directories known (absolute, or {@code ~/…}). */
    List<String> known() {
        return known;
    }

    /** Whether a directory only known at run time is among them. */
    boolean anywhere() {
        return anywhere;
    }

    /** Whether the launch's own directory, not known, (or a place below it) is among them. */
    boolean asWritten() {
        return asWritten;
    }

    /** A directory only known at run time is now among them. */
    void mayBeAnywhere() {
        anywhere = true;
    }

    /**
     * A change of directory to {@code target} (normalised; absolute, {@code ~/…} or relative), from any of the
     * directories kept: what it leads to joins them.
     */
    void changeTo(String target) {
        Led led = ledTo(target, known, asWritten);
        for (String d : led.dirs()) {
            if (!known.contains(d)) {
                known.add(d);
            }
        }
        anywhere |= led.anywhere();
        if (known.size() > MAX) {
            known = new ArrayList<>(known.subList(0, MAX));
            anywhere = true;
        }
    }

    /** Where a directory word leads: known directories, whether one only known at run time, whether one as written. */
    private record Led(List<String> dirs, boolean anywhere, boolean asWritten) {
    }

    private static Led ledTo(String target, List<String> from, boolean fromAsWritten) {
        List<String> out = new ArrayList<>(2);
        if (isRooted(target)) {
            String d = join(target, "");
            if (d != null) {
                out.add(d);
            }
            return new Led(out, d == null, false);
        }
        boolean unknown = false;
        for (String k : from) {
            String d = join(k, target);
            if (d == null) {
                unknown = true;
            } else if (!out.contains(d)) {
                out.add(d);
            }
        }
        // up from a directory not known: any directory above it, up to the root
        boolean climbs = fromAsWritten && climbs(target);
        return new Led(out, unknown || climbs, fromAsWritten && !climbs);
    }

    /**
     * A command that works in {@code targets} (as for {@link #changeTo}, from the directories kept now; null: a
     * directory only known at run time) until {@link #restore} puts back what this returns.
     */
    Saved enter(List<String> targets) {
        Saved saved = save();
        List<String> next = new ArrayList<>(targets.size());
        boolean nextAnywhere = false;
        boolean nextAsWritten = false;
        for (String t : targets) {
            if (t == null) {
                nextAnywhere = true;
                continue;
            }
            Led led = ledTo(t, saved.known(), saved.asWritten());
            for (String d : led.dirs()) {
                if (!next.contains(d) && next.size() < MAX) {
                    next.add(d);
                }
            }
            nextAnywhere |= led.anywhere() || saved.anywhere() && !isRooted(t);
            nextAsWritten |= led.asWritten();
        }
        known = next;
        anywhere = nextAnywhere;
        asWritten = nextAsWritten;
        return saved;
    }

    /** What is kept now. */
    Saved save() {
        return new Saved(List.copyOf(known), asWritten, anywhere);
    }

    /** Puts back what {@link #save} or {@link #enter} returned. */
    void restore(Saved s) {
        known = new ArrayList<>(s.known());
        asWritten = s.asWritten();
        anywhere = s.anywhere();
    }

    /**
     * The paths a relative name (normalised) is in each known directory ({@code ~/…} or absolute), without the name
     * as written; empty for a name that is not relative.
     */
    List<String> resolve(String name) {
        if (name.isEmpty() || isRooted(name) || name.charAt(0) == '$' || known.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>(known.size());
        for (String k : known) {
            String p = join(k, name);
            if (p != null && !out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * The part of a relative name that names something below whatever directory it starts from: after its last
     * {@code ../}, without {@code ./}; empty when nothing is left ({@code ..}, {@code .}).
     */
    static String tail(String name) {
        String n = name;
        int up = n.lastIndexOf("../");
        if (up >= 0) {
            n = n.substring(up + 3);
        } else if (n.equals("..")) {
            return "";
        }
        while (n.startsWith("./")) {
            n = n.substring(2);
        }
        if (n.endsWith("/..") || n.equals(".")) {
            return "";
        }
        return n;
    }

    private static boolean isRooted(String p) {
        return p.startsWith("/") || p.equals("~") || p.startsWith("~/");
    }

    /** Whether the relative word goes up ({@code ..} as a component). */
    private static boolean climbs(String p) {
        return p.equals("..") || p.startsWith("../") || p.contains("/../") || p.endsWith("/..");
    }

    /**
     * {@code rel} below {@code dir} with its dots resolved, kept under {@code ~} when {@code dir} is; null when it
     * climbs out of the home directory, whose place is not known.
     */
    static String join(String dir, String rel) {
        String whole = rel.isEmpty() ? dir : dir.endsWith("/") ? dir + rel : dir + "/" + rel;
        whole = PathText.normalize(whole);
        if (whole.equals("~") || whole.startsWith("~/")) {
            String below = PathText.resolveDots("/" + whole.substring(1));
            // resolveDots stops at the root: a climb above ~ is seen as fewer components than a plain walk keeps
            if (climbsAbove(whole.substring(1))) {
                return null;
            }
            return below.equals("/") ? "~" : "~" + below;
        }
        if (!whole.startsWith("/")) {
            return null;
        }
        String d = PathText.resolveDots(whole);
        return d.length() > 1 && d.endsWith("/") ? d.substring(0, d.length() - 1) : d;
    }

    /** Whether a path ({@code /a/../..}) goes above its start. */
    private static boolean climbsAbove(String p) {
        int depth = 0;
        for (String c : p.split("/")) {
            if (c.isEmpty() || c.equals(".")) {
                continue;
            }
            depth += c.equals("..") ? -1 : 1;
            if (depth < 0) {
                return true;
            }
        }
        return false;
    }
}
