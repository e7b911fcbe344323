package dev.cmdgate.core.classify;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files words really name, for trust rows: a path with the symbolic links on its way resolved, as far as
 * it exists (the part below the last existing directory is kept as written). Anything the file system cannot
 * answer leaves the path as it is.
 */
final class RealPaths {

    private RealPaths() {
    }

    /** The path with the links of its longest existing beginning resolved; {@code path} itself when none is. */
    static String real(String path) {
        try {
            Path p = Path.of(path).toAbsolutePath().normalize();
            Path existing = p;
            while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return path;
            }
            Path real = existing.toRealPath().resolve(existing.relativize(p));
            return real.normalize().toString();
        } catch (IOException | RuntimeException e) {
            return path;
        }
    }

    /**
     * The words with each one that reaches a file through a symbolic link, or goes up with {@code ..} — an absolute
     * one, or a relative one taken from {@code realDir} (null: relative words are left alone) — replaced by the
     * absolute path it reaches; the same list when no word does. A bare program name is left alone: it is found on PATH, not here.
     */
    static List<Arg> resolved(List<Arg> words, String realDir) {
        List<Arg> out = null;
        // the shell's ~ is $HOME (the JVM's own: a launch that changes it is judged for that already)
        String home = System.getenv("HOME") != null ? System.getenv("HOME") : System.getProperty("user.home");
        for (int i = 0; i < words.size(); i++) {
            Arg a = words.get(i);
            String t = a.text;
            if (a.dynamic || t.isEmpty() || (i == 0 && t.indexOf('/') < 0)) {
                continue;
            }
            // a shell expands ~/x to the home directory's x; an argv word is the literal name: both are looked at
            List<String> candidates = new ArrayList<>(2);
            if (t.startsWith("/")) {
                candidates.add(t);
            } else if (realDir != null) {
                candidates.add(realDir + "/" + t);
            }
            if ((t.equals("~") || t.startsWith("~/")) && home != null) {
                candidates.add(home + t.substring(1));
            }
            for (String c : candidates) {
                String written = PathText.resolveDots(PathText.normalize(c));
                String reached = real(written);
                // a word going up (target/../..) names what lies above, whatever a glob such as target/* says
                if (!reached.equals(written) || climbs(t)) {
                    if (out == null) {
                        out = new ArrayList<>(words);
                    }
                    out.set(i, Arg.literal(reached));
                    break;
                }
            }
        }
        return out == null ? words : out;
    }

    private static boolean climbs(String path) {
        return path.equals("..") || path.startsWith("../") || path.endsWith("/..") || path.contains("/../");
    }
}
