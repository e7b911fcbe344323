package dev.cmdgate.core.classify;

import dev.cmdgate.core.SiteFiles;
import java.util.List;

/**
 * The site's files as any process reads them: a path that names the process reading it ({@code /proc/self/…},
 * {@code /proc/thread-self/…}, {@code /dev/fd/…}, {@code /dev/stdin} and its kin) is the JVM's own when cmdgate
 * reads it and git's when git does ({@code include.path = /proc/self/cwd/evil.cfg} is the launch directory's
 * file to git), so it is {@link SiteFiles.Unreadable}: what the program reads there cannot be told. Judged on the
 * path as written, its {@code .} and {@code ..} taken as text; a symbolic link leading there is not seen here.
 */
final class ReaderNeutralFiles implements SiteFiles {

    private static final String[] READER_OWN = {"/proc/self", "/proc/thread-self", "/dev/fd", "/dev/stdin", "/dev/stdout",
        "/dev/stderr"};

    private final SiteFiles files;

    ReaderNeutralFiles(SiteFiles files) {
        this.files = files;
    }

    /** Whether the absolute path names the process that reads it. */
    static boolean readerOwn(String path) {
        String p = PathText.resolveDots(PathText.normalize(path));
        for (String own : READER_OWN) {
            if (p.equals(own) || p.startsWith(own + "/")) {
                return true;
            }
        }
        return false;
    }

    private static String checked(String path) throws Unreadable {
        if (readerOwn(path)) {
            throw new Unreadable(path + " names the process that reads it: the program reads another file there than cmdgate");
        }
        return path;
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
