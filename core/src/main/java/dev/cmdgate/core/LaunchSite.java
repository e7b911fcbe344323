package dev.cmdgate.core;

import java.util.List;
import java.util.function.Supplier;

/**
 * Where a launch is made from, for the rules' {@code [@trust]} rows that are narrowed to a working
 * directory or a caller: the directory the process starts in and the classes of the launching frames
 * from the launch up to the application's caller (the JDK's and the launcher libraries' included,
 * cmdgate's left out). The frames are read only when a row asks for them: a stack walk is the costliest
 * part of a launch. A site may also read the files that steer a program ({@link SiteFiles}).
 */
public interface LaunchSite {

    /** No site known: no directory, no frames (a trust row with a condition never holds). */
    LaunchSite NONE = of(null, NoFrames.NO_FRAMES);

    /** No frames (a class, not {@code List::of}: no lambda is spun on a JVM's first decision). */
    final class NoFrames implements Supplier<List<String>> {
        /** Supplies the empty list. */
        public static final Supplier<List<String>> NO_FRAMES = new NoFrames();

        private NoFrames() {
        }

        @Override
        public List<String> get() {
            return List.of();
        }
    }

    /** The absolute directory the process starts in, or null when unknown. */
    String cwd();

    /** The class names of the launching frames, innermost first; empty when unknown. */
    List<String> callerClasses();

    /**
     * Where the code of each of {@link #callerClasses()} comes from, in the same order: {@code jrt:/MODULE} for a
     * class of the JDK's own modules (its runtime image), the absolute path of the jar or directory a class was
     * loaded from, or the empty string when that is not known (a class defined without a code source). Empty
     * when no frame's origin is known.
     */
    default List<String> callerOrigins() {
        return List.of();
    }

    /** Launching frames that also know where each frame's code comes from ({@link #callerOrigins()}). */
    interface Frames extends Supplier<List<String>> {
        /** The origins of the frames {@link #get()} lists, in the same order. */
        List<String> origins();
    }

    /** Frames as lists (for tools and tests): class names and, in the same order, their origins. */
    static Frames frames(List<String> classes, List<String> origins) {
        return new Frames() {
            @Override
            public List<String> get() {
                return classes;
            }

            @Override
            public List<String> origins() {
                return origins;
            }
        };
    }

    /**
     * The files at the site that may steer a program the rules call Read, or null when this site cannot be
     * read (a replayed audit line, a policy check): then such files are not looked at (where a command's work
     * tree is is still read from this machine's disk, through {@link DiskSiteFiles}).
     */
    default SiteFiles files() {
        return null;
    }

    /** A site; when {@code callerClasses} is {@link Frames}, its origins are the frames' origins. */
    static LaunchSite of(String cwd, Supplier<List<String>> callerClasses) {
        return of(cwd, callerClasses, null);
    }

    /** A site whose steering files {@code files} reads (null: none read). */
    static LaunchSite of(String cwd, Supplier<List<String>> callerClasses, SiteFiles files) {
        return new LaunchSite() {
            private List<String> frames;
            private List<String> origins;

            @Override
            public List<String> callerOrigins() {
                List<String> o = origins;
                if (o == null) {
                    o = callerClasses instanceof Frames f ? List.copyOf(f.origins()) : List.of();
                    origins = o;
                }
                return o;
            }

            @Override
            public String cwd() {
                return cwd;
            }

            @Override
            public SiteFiles files() {
                return files;
            }

            @Override
            public List<String> callerClasses() {
                List<String> f = frames;
                if (f == null) {
                    f = List.copyOf(callerClasses.get());
                    frames = f;
                }
                return f;
            }
        };
    }
}
