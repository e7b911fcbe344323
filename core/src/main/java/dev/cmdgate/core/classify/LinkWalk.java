package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Where an absolute path leads on disk at the moment a launch is decided, as the kernel follows it: every symbolic
 * link on the way resolved (a {@code ..} after a link goes up from the link's target), a dangling link followed to
 * where it points (a redirect creates through one), and the part below the last existing directory kept as written.
 * Both the gate's own files ({@link DiskPaths}) and the credential stores ({@link LinkedReads}) are judged through
 * it, so the two checks see the same disk.
 *
 * <p>The common case costs one call: the real path of a path that exists. Only a path that does not exist, or that
 * the reader cannot resolve whole, is walked one component at a time, which finds the links the real path could not
 * (a link to a directory the gate may not enter still names where it points).
 */
final class LinkWalk {

    /** Links followed at most, as the kernel's ELOOP limit. */
    static final int MAX_LINKS = 40;

    /** Why a path that goes round in links cannot be told: the kernel cannot follow it either (ELOOP). */
    static final String LOOP = "more than " + MAX_LINKS + " links on the way (a loop)";

    /**
     * Where a path leads. {@code path}: absolute, links resolved as far as they could be; {@code linked}: a link was
     * followed on the way (the text of the path does not tell where it leads); {@code unknown}: why the end cannot be
     * told (a loop, a link whose target cannot be read, a step the reader cannot take), null when it can.
     */
    record Reached(String path, boolean linked, String unknown) {
    }

    private LinkWalk() {
    }

    /** Where {@code absolute} (normalised; its {@code ..} not yet taken) leads on {@code disk}. */
    static Reached walk(SiteFiles disk, String absolute) {
        String asText = PathText.resolveDots(PathText.normalize(absolute));
        try {
            String real = disk.realPath(absolute);
            if (real != null) {
                return new Reached(real, !real.equals(asText), null);
            }
            if (absolute.indexOf("/..") < 0 && !asText.equals("/")) {
                // a file that is not there yet: its nearest existing directory, then the rest one component at a time
                int slash = asText.lastIndexOf('/');
                String dir = asText.substring(0, Math.max(1, slash));
                String dirReal = disk.realPath(dir);
                if (dirReal != null) {
                    Deque<String> rest = new ArrayDeque<>();
                    push(rest, asText.substring(slash + 1));
                    return stepwise(disk, dirReal, rest, !dirReal.equals(dir));
                }
            }
        } catch (SiteFiles.Unreadable | RuntimeException e) {
            // walked below, one component at a time, to find where it stops
        }
        Deque<String> rest = new ArrayDeque<>();
        push(rest, absolute);
        return stepwise(disk, "/", rest, false);
    }

    private static Reached stepwise(SiteFiles disk, String from, Deque<String> rest, boolean linkedBefore) {
        String cur = from;
        int hops = 0;
        boolean linked = linkedBefore;
        int missing = 0;   // components walked below the last one that exists
        while (!rest.isEmpty()) {
            String c = rest.pop();
            if (c.isEmpty() || c.equals(".")) {
                continue;
            }
            if (c.equals("..")) {
                cur = parent(cur);
                missing = Math.max(0, missing - 1);
                continue;
            }
            String next = cur.equals("/") ? "/" + c : cur + "/" + c;
            if (missing > 0) {
                // below a missing directory nothing is there; a later ".." may lead back to what is
                cur = next;
                missing++;
                if (!rest.contains("..")) {
                    return new Reached(join(cur, rest), linked, null);
                }
                continue;
            }
            SiteFiles.Kind kind;
            try {
                kind = disk.kind(next);
            } catch (SiteFiles.Unreadable | RuntimeException e) {
                return cannotTell(next, rest, linked, e);
            }
            if (kind == SiteFiles.Kind.LINK) {
                if (++hops > MAX_LINKS) {
                    return new Reached(join(next, rest), true, LOOP);
                }
                String target;
                try {
                    target = disk.linkTarget(next);
                } catch (SiteFiles.Unreadable | RuntimeException e) {
                    return new Reached(join(next, rest), true, "the link " + next + " cannot be read: " + e.getMessage());
                }
                if (target == null || target.isEmpty()) {
                    return new Reached(join(next, rest), true, "the link " + next + " changed while it was read");
                }
                linked = true;
                push(rest, target);
                if (target.startsWith("/")) {
                    cur = "/";
                }
                continue;
            }
            cur = next;
            if (kind == SiteFiles.Kind.NONE) {
                missing = 1;
                if (!rest.contains("..")) {
                    return new Reached(join(cur, rest), linked, null);
                }
            }
        }
        return new Reached(cur, linked, null);
    }

    /**
     * A step the reader cannot take (no permission, past the time limit): whether a link is there, and where it
     * leads, is not known. The path as written from there on is kept for the finding.
     */
    private static Reached cannotTell(String at, Deque<String> rest, boolean linked, Exception e) {
        return new Reached(join(at, rest), linked, at + " cannot be looked at: " + e.getMessage());
    }

    /** Puts the components of {@code path} in front of those still to walk, in order. */
    private static void push(Deque<String> rest, String path) {
        String[] parts = path.split("/");
        for (int i = parts.length - 1; i >= 0; i--) {
            if (!parts[i].isEmpty()) {
                rest.push(parts[i]);
            }
        }
    }

    private static String parent(String dir) {
        int slash = dir.lastIndexOf('/');
        return slash <= 0 ? "/" : dir.substring(0, slash);
    }

    /** {@code dir} followed by the components still to walk, with their dots resolved as text. */
    private static String join(String dir, Deque<String> rest) {
        if (rest.isEmpty()) {
            return dir;
        }
        StringBuilder b = new StringBuilder(dir);
        for (String c : rest) {
            if (b.length() == 0 || b.charAt(b.length() - 1) != '/') {
                b.append('/');
            }
            b.append(c);
        }
        return PathText.resolveDots(PathText.normalize(b.toString()));
    }
}
