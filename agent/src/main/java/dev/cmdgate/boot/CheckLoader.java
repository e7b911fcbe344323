package dev.cmdgate.boot;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;

/**
 * A class loader for one purpose: checking the configuration at start-up, before the application runs,
 * with cmdgate's own classes read from its own jar. It is dropped afterwards; nothing it loads is given
 * any privilege or kept by the gate.
 */
final class CheckLoader extends ClassLoader {

    private final JarClasses jar;

    CheckLoader(JarClasses jar) {
        super("cmdgate-check", ClassLoader.getPlatformClassLoader());
        this.jar = jar;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!jar.isModuleClass(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes;
                try {
                    bytes = jar.read(name.replace('.', '/') + ".class");
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                c = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    /** Resources of the jar (the built-in rules, read when a user rules file is checked against them). */
    @Override
    protected URL findResource(String name) {
        if (jar.jar().getJarEntry(name) == null) {
            return null;
        }
        try {
            return new URL("jar:" + jar.path().toUri() + "!/" + name);
        } catch (MalformedURLException e) {
            return null;
        }
    }
}
