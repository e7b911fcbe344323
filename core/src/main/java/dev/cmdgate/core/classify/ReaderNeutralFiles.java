package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.List;

/**
 * The site's files as any process reads them: a path that may name the process reading it ({@code /proc/self/…},
 * {@code /proc/thread-self/…}, {@code /dev/fd/…}, {@code /dev/stdin} and its kin) is the JVM's own when cmdgate
 * reads it and git's when git does ({@code include.path = /proc/self/cwd/evil.cfg} is the launch directory's
 * file to git), so it is {@link SiteFiles.Unreadable}: what the program reads there cannot be told. Every path
 * under {@code /proc} is one: {@code /proc/N} of a pid not in use when cmdgate reads is the program itself once it
 * runs as pid N, and no steering file legitimately lives there. Judged on the path as written, its {@code .} and
 * {@code ..} taken as text, and on every symbolic link among its components: the link's target as written (judged
 * the same way, links in it too, at most {@link #MAX_LINKS} of them) and where it leads for this JVM ({@code
 * .git/p -> /proc/self}, or a link to {@code /proc}). A path holding {@code ..} always has its links looked at one by
 * one: where it ends for this JVM says nothing of the links it passed ({@code y/../../L/..} with {@code L ->
 * /proc/self/cwd} may end where its text does for cmdgate and elsewhere for git).
 */
final class ReaderNeutralFiles implements SiteFiles {

    private static final String[] READER_OWN = {"/proc", "/dev/fd", "/dev/stdin", "/dev/stdout", "/dev/stderr"};
    /** At most this many links are followed to judge one path (the kernel's own limit). */
    static final int MAX_LINKS = 40;

    private final SiteFiles files;

    ReaderNeutralFiles(SiteFiles files) {
        this.files = files;
    }

    /** Whether the absolute path may name the process that reads it. */
    static boolean readerOwn(String path) {
        String p = PathText.resolveDots(PathText.normalize(path));
        for (String own : READER_OWN) {
            if (p.equals(own) || p.startsWith(own + "/")) {
                return true;
            }
        }
        return false;
    }

    private String checked(String path) throws Unreadable {
        if (readerOwn(path) || throughLink(path, new int[] {MAX_LINKS})) {
            throw new Unreadable(path + " names the process that reads it: the program reads another file there than cmdgate");
        }
        return path;
    }

    /** Whether a link among the path's components leads to a place that names the reading process. */
    private boolean throughLink(String path, int[] links) throws Unreadable {
        String p = PathText.normalize(path);
        boolean dots = p.contains("/../") || p.endsWith("/..");
        String real = dots ? null : files.realPath(p);
        if (real != null && real.equals(PathText.resolveDots(p))) {
            return false;   // no link on the way (nearly every path)
        }
        int slash = p.lastIndexOf('/');
        if (!dots && real == null && slash > 0 && !p.endsWith("/.")) {
            // a missing file (most steering files are) in a directory reached without a link
            String dir = p.substring(0, slash);
            String realDir = files.realPath(dir);
            if (realDir != null && realDir.equals(PathText.resolveDots(dir)) && files.kind(p) == Kind.NONE) {
                return false;
            }
        }
        for (int end = p.indexOf('/', 1); ; end = p.indexOf('/', end + 1)) {
            String prefix = end < 0 ? p : p.substring(0, end);
            Kind kind = prefix.endsWith("/.") || prefix.endsWith("/..") ? Kind.DIRECTORY : files.kind(prefix);
            if (kind == Kind.LINK && leadsToReader(prefix, links)) {
                return true;
            }
            if (end < 0 || kind == Kind.NONE) {
                return false;   // nothing further on disk
            }
        }
    }

    /** Whether the link at {@code link} names the reading process by its target's text or where it leads. */
    private boolean leadsToReader(String link, int[] links) throws Unreadable {
        if (--links[0] < 0) {
            throw new Unreadable(link + ": more than " + MAX_LINKS + " links to follow");
        }
        String target = files.linkTarget(link);
        if (target != null) {
            String dir = files.realPath(link.substring(0, Math.max(1, link.lastIndexOf('/'))));
            String abs = target.startsWith("/") ? target : (dir == null ? "" : dir) + "/" + target;
            if (readerOwn(abs) || dir != null && throughLink(abs, links)) {
                return true;
            }
        }
        String real = files.realPath(link);
        return real != null && readerOwn(real);
    }

    @Override
    public String read(String path) throws Unreadable {
        return files.read(checked(path));
    }

    @Override
    public List<String> list(String path) throws Unreadable {
        return files.list(checked(path));
    }

    @Override
    public Kind kind(String path) throws Unreadable {
        return files.kind(checked(path));
    }

    @Override
    public String realPath(String path) throws Unreadable {
        return files.realPath(checked(path));
    }

    @Override
    public String linkTarget(String path) throws Unreadable {
        return files.linkTarget(checked(path));
    }

    @Override
    public byte[] bytes(String path, int max) throws Unreadable {
        return files.bytes(checked(path), max);
    }

    @Override
    public String variable(String name) {
        return files.variable(name);
    }

    @Override
    public String home() {
        return files.home();
    }
}
