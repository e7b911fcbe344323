package dev.cmdgate.core.decision;

import dev.cmdgate.core.LaunchSite;
import dev.cmdgate.core.SiteFiles;
import java.util.List;

/**
 * A launch's site whose files are watched: whether the classifier asked about any of them. A verdict that
 * depended on files ({@code .git/config} for {@code git status}) is not remembered for a later launch: the files
 * may have changed since.
 */
final class WatchedSite implements LaunchSite, SiteFiles {

    private final LaunchSite site;
    private final SiteFiles files;
    private volatile boolean consulted;

    WatchedSite(LaunchSite site, SiteFiles files) {
        this.site = site;
        this.files = files;
    }

    /** Whether any file was asked about. */
    boolean consulted() {
        return consulted;
    }

    @Override
    public String cwd() {
        return site.cwd();
    }

    @Override
    public List<String> callerClasses() {
        return site.callerClasses();
    }

    @Override
    public List<String> callerOrigins() {
        return site.callerOrigins();
    }

    @Override
    public SiteFiles files() {
        return this;
    }

    @Override
    public String read(String path) throws Unreadable {
        consulted = true;
        return files.read(path);
    }

    @Override
    public List<String> list(String path) throws Unreadable {
        consulted = true;
        return files.list(path);
    }

    @Override
    public Kind kind(String path) throws Unreadable {
        consulted = true;
        return files.kind(path);
    }

    @Override
    public String realPath(String path) throws Unreadable {
        consulted = true;
        return files.realPath(path);
    }

    @Override
    public String linkTarget(String path) throws Unreadable {
        consulted = true;
        return files.linkTarget(path);
    }

    @Override
    public byte[] bytes(String path, int max) throws Unreadable {
        consulted = true;
        return files.bytes(path, max);
    }

    @Override
    public String variable(String name) {
        consulted = true;
        return files.variable(name);
    }

    @Override
    public String home() {
        consulted = true;
        return files.home();
    }
}
