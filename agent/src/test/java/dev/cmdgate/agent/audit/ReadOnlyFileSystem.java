package dev.cmdgate.agent.audit;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessMode;
import java.nio.file.CopyOption;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.spi.FileSystemProvider;
import java.util.Map;
import java.util.Set;

/**
 * A file system on which nothing exists and nothing can be created: every open fails exactly as the
 * JDK reports the kernel's EROFS ({@code FileSystemException(path, null, "Read-only file system")}).
 * Running as root, chmod cannot produce that error and a real read-only mount needs privileges a test
 * may not have; a {@link Path} from here reaches {@link AuditSink} through its own provider, so the
 * sink sees the error a read-only disk gives without any change to the sink.
 */
public final class ReadOnlyFileSystem extends FileSystem {

    public static final String EROFS = "Read-only file system";

    private final Provider provider = new Provider();

    /** A path that prints like {@code unix} but lives on this read-only file system. */
    public static Path path(String unix) {
        ReadOnlyFileSystem fs = new ReadOnlyFileSystem();
        Path real = Path.of(unix);
        return (Path) Proxy.newProxyInstance(Path.class.getClassLoader(), new Class<?>[] {Path.class}, (self, m, args) -> {
            if (m.getName().equals("getFileSystem")) {
                return fs;
            }
            try {
                return m.invoke(real, args);   // toString, equals, getParent …: those of the real path
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }

    private static final class Provider extends FileSystemProvider {
        @Override
        public FileChannel newFileChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
                throws IOException {
            throw new FileSystemException(path.toString(), null, EROFS);
        }

        @Override
        public SeekableByteChannel newByteChannel(Path path, Set<? extends OpenOption> options, FileAttribute<?>... attrs)
                throws IOException {
            throw new FileSystemException(path.toString(), null, EROFS);
        }

        @Override
        public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options)
                throws IOException {
            throw new NoSuchFileException(path.toString());
        }

        @Override
        public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
            throw new NoSuchFileException(path.toString());
        }

        @Override
        public void checkAccess(Path path, AccessMode... modes) throws IOException {
            throw new NoSuchFileException(path.toString());
        }

        @Override
        public String getScheme() {
            return "readonly-test";
        }

        @Override
        public FileSystem newFileSystem(URI uri, Map<String, ?> env) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileSystem getFileSystem(URI uri) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Path getPath(URI uri) {
            throw new UnsupportedOperationException();
        }

        @Override
        public DirectoryStream<Path> newDirectoryStream(Path dir, DirectoryStream.Filter<? super Path> filter) throws IOException {
            throw new FileSystemException(dir.toString(), null, EROFS);
        }

        @Override
        public void createDirectory(Path dir, FileAttribute<?>... attrs) throws IOException {
            throw new FileSystemException(dir.toString(), null, EROFS);
        }

        @Override
        public void delete(Path path) throws IOException {
            throw new FileSystemException(path.toString(), null, EROFS);
        }

        @Override
        public void copy(Path source, Path target, CopyOption... options) throws IOException {
            throw new FileSystemException(target.toString(), null, EROFS);
        }

        @Override
        public void move(Path source, Path target, CopyOption... options) throws IOException {
            throw new FileSystemException(target.toString(), null, EROFS);
        }

        @Override
        public boolean isSameFile(Path path, Path path2) {
            return path.equals(path2);
        }

        @Override
        public boolean isHidden(Path path) {
            return false;
        }

        @Override
        public FileStore getFileStore(Path path) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
            return null;
        }

        @Override
        public void setAttribute(Path path, String attribute, Object value, LinkOption... options) throws IOException {
            throw new FileSystemException(path.toString(), null, EROFS);
        }
    }

    @Override
    public FileSystemProvider provider() {
        return provider;
    }

    @Override
    public void close() {
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public boolean isReadOnly() {
        return true;
    }

    @Override
    public String getSeparator() {
        return "/";
    }

    @Override
    public Iterable<Path> getRootDirectories() {
        return Set.of();
    }

    @Override
    public Iterable<FileStore> getFileStores() {
        return Set.of();
    }

    @Override
    public Set<String> supportedFileAttributeViews() {
        return Set.of("basic");
    }

    @Override
    public Path getPath(String first, String... more) {
        return path(Path.of(first, more).toString());
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        throw new UnsupportedOperationException();
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException();
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException();
    }
}
