package dev.cmdgate.agent.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The options a JVM will start with, read as the JDK reads them: a {@code java} command line up to its main
 * class, {@code -jar FILE} or {@code -m MODULE} (what follows is the application's), a JDK tool's {@code -J}
 * options, or the value of an options variable; {@code @argfiles}, {@code -XX:VMOptionsFile=} and
 * {@code -XX:Flags=} files expanded in place; an executable jar's {@code Add-Opens}, {@code Add-Exports} and
 * {@code Launcher-Agent-Class}.
 * Each option is one word: {@code --add-opens M/P=T} becomes {@code --add-opens=M/P=T}. A file that cannot be
 * read is noted, never skipped.
 */
final class JvmCommandLine {

    /** How deep {@code @argfiles} naming further argfiles are followed, and how many are read for one command line. */
    private static final int MAX_DEPTH = 4;
    private static final int MAX_FILES = 64;
    /** The largest options file read (the JDK's own limit for argfiles is far larger; more is not a command line). */
    private static final long MAX_FILE = 1 << 20;

    private final List<Path> dirs;
    final List<String> options = new ArrayList<>();
    /** The jar of {@code java -jar}, as written, or null. */
    String jar;
    /** The main class or source file of {@code java}, or null. */
    String main;
    /** Files the options name that could not be read, and why. */
    final List<String> unreadable = new ArrayList<>();
    /** Whether a file was read (the answer then depends on it). */
    boolean readFiles;
    private boolean argfiles = true;

    /** @param dirs the directories a relative file name may be taken from; null when not known */
    JvmCommandLine(List<Path> dirs) {
        this.dirs = dirs;
    }

    /** The directories a relative file name may be taken from; null when not known. */
    List<Path> dirs() {
        return dirs;
    }

    /**
     * The options of a {@code java} command line ({@code words} without the program). Argument files are expanded
     * up to the main class, as the launcher expands them: what follows it is the application's.
     */
    JvmCommandLine java(List<String> words) {
        java.util.ArrayDeque<String> w = new java.util.ArrayDeque<>(words);
        int files = 0;
        while (!w.isEmpty()) {
            String a = w.removeFirst();
            if (isArgfile(a)) {
                List<String> inner = ++files > MAX_FILES ? tooMany(a) : fileWords(a.substring(1), OptionFileGrammar.ARGFILE);
                for (int k = inner.size() - 1; k >= 0; k--) {
                    w.addFirst(inner.get(k));
                }
                continue;
            }
            if (a.equals("--disable-@files")) {
                argfiles = false;
            }
            if (a.startsWith("@@")) {
                a = a.substring(1);
            }
            if (a.equals("-jar")) {
                jar = w.pollFirst();
                return this;
            }
            if (a.equals("-m") || a.equals("--module") || a.startsWith("--module=")) {
                return this;
            }
            if (JvmOptionWords.WITH_VALUE.contains(a)) {
                String v = w.pollFirst();
                option(a + "=" + (v == null ? "" : v));
            } else if (a.startsWith("-") || runtime(a)) {
                option(a);   // a word only known at run time may be any option, or several
            } else {
                main = a;
                return this;
            }
        }
        return this;
    }

    /** Whether a word holds a value only known at run time (the classifier writes such a part as written, or as …). */
    static boolean runtime(String word) {
        return word.indexOf('$') >= 0 || word.indexOf('`') >= 0 || word.indexOf('\u2026') >= 0;
    }

    /** The options a JDK tool passes to its JVM: its {@code -J} words ({@code words} without the program). */
    JvmCommandLine tool(List<String> words) {
        List<String> j = new ArrayList<>();
        for (String a : words) {
            if (a.startsWith("-J")) {
                j.add(a.substring(2));
            }
        }
        return variable(j);
    }

    /** The options in the value of an options variable ({@code JDK_JAVA_OPTIONS}, {@code MAVEN_OPTS} …). */
    JvmCommandLine variable(String value) {
        return variable(JvmOptionWords.split(value));
    }

    private JvmCommandLine variable(List<String> words) {
        List<String> w = expanded(words, 0);
        for (int i = 0; i < w.size(); i++) {
            String a = w.get(i);
            option(JvmOptionWords.WITH_VALUE.contains(a) && i + 1 < w.size() ? a + "=" + w.get(++i) : a);
        }
        return this;
    }

    /** The options in a file a launch script expands (Maven's {@code .mvn/jvm.config}), read as {@link OptionFileGrammar#SCRIPT} does. */
    JvmCommandLine optionsFile(Path file) {
        return variable(fileWords(file.toString(), OptionFileGrammar.SCRIPT));
    }

    /** The options in a variable a launch script expands ({@code MAVEN_OPTS} …), read as {@link OptionFileGrammar#SCRIPT} does. */
    JvmCommandLine scriptVariable(String value) {
        return variable(OptionFileGrammar.SCRIPT.words(value));
    }

    /**
     * The {@code Add-Opens} and {@code Add-Exports} of {@link #jar}'s manifest, as options, and its
     * {@code Launcher-Agent-Class} as {@code -javaagent:JAR}.
     */
    JvmCommandLine manifest() {
        if (jar == null) {
            return this;
        }
        for (Path p : files(jar)) {
            readFiles = true;
            if (!Files.isRegularFile(p)) {
                unreadable.add(p + (Files.exists(p) ? " (not a regular file)" : " (no such file)"));
                continue;
            }
            try (JarFile f = new JarFile(p.toFile(), false)) {
                Manifest m = f.getManifest();
                Attributes main = m == null ? null : m.getMainAttributes();
                if (main != null) {
                    opened("--add-opens=", main.getValue("Add-Opens"));
                    opened("--add-exports=", main.getValue("Add-Exports"));
                    if (main.getValue("Launcher-Agent-Class") != null) {
                        options.add("-javaagent:" + p);   // the launcher starts the jar as an agent before its main class
                    }
                }
            } catch (IOException | RuntimeException e) {
                unreadable.add(p + " (" + e.getMessage() + ")");
            }
        }
        return this;
    }

    private void opened(String option, String packages) {
        if (packages != null) {
            for (String mp : JvmOptionWords.split(packages)) {
                options.add(option + mp + "=ALL-UNNAMED");
            }
        }
    }

    /** The values of the options named {@code names} ({@code -cp}, {@code --module-path} …), in order. */
    List<String> values(Set<String> names) {
        List<String> out = new ArrayList<>();
        for (String o : options) {
            int eq = o.indexOf('=');
            if (eq > 0 && names.contains(o.substring(0, eq))) {
                out.add(o.substring(eq + 1));
            }
        }
        return out;
    }

    /**
     * One option: {@code -XX:VMOptionsFile=F} and {@code -XX:Flags=F} are replaced by the options in F (the
     * latter's {@code +Name}, {@code -Name}, {@code Name=value} as {@code -XX:} options), after the option itself.
     */
    private void option(String a) {
        options.add(a);
        if (a.startsWith("-XX:VMOptionsFile=")) {
            for (String o : fileWords(a.substring("-XX:VMOptionsFile=".length()), OptionFileGrammar.VM_OPTIONS)) {
                options.add(o);
            }
        } else if (a.startsWith("-XX:Flags=")) {
            for (String o : fileWords(a.substring("-XX:Flags=".length()), OptionFileGrammar.FLAGS)) {
                options.add("-XX:" + o);
            }
        }
    }

    /** The words with their {@code @argfiles} replaced by the files' words (not after {@code --disable-@files}). */
    private List<String> expanded(List<String> words, int depth) {
        List<String> out = new ArrayList<>(words.size());
        for (String a : words) {
            if (a.equals("--disable-@files")) {
                argfiles = false;
                out.add(a);
            } else if (isArgfile(a)) {
                out.addAll(depth >= MAX_DEPTH ? tooMany(a) : expanded(fileWords(a.substring(1), OptionFileGrammar.ARGFILE), depth + 1));
            } else {
                out.add(a.startsWith("@@") ? a.substring(1) : a);
            }
        }
        return out;
    }

    private boolean isArgfile(String a) {
        return argfiles && a.length() > 1 && a.startsWith("@") && !a.startsWith("@@");
    }

    private List<String> tooMany(String a) {
        unreadable.add(a + " (more argument files than cmdgate follows)");
        return List.of();
    }

    /** The words of an options file, split as the JDK splits that kind of file. */
    private List<String> fileWords(String name, OptionFileGrammar grammar) {
        List<String> out = new ArrayList<>();
        for (Path p : files(name)) {
            readFiles = true;
            if (!Files.isRegularFile(p)) {
                // a FIFO or a device would block the decision, or never end (@/dev/zero)
                unreadable.add(p + (Files.exists(p) ? " (not a regular file)" : " (no such file)"));
                continue;
            }
            try (java.io.InputStream in = Files.newInputStream(p)) {
                byte[] bytes = in.readNBytes((int) MAX_FILE + 1);
                if (bytes.length > MAX_FILE) {
                    unreadable.add(p + " (larger than " + MAX_FILE + " bytes)");
                    continue;
                }
                out.addAll(grammar.words(new String(bytes, StandardCharsets.UTF_8)));
            } catch (OptionFileGrammar.Ambiguous e) {
                unreadable.add(p + " (the JVM may read it otherwise than cmdgate: " + e.getMessage() + ")");
            } catch (IOException | RuntimeException e) {
                unreadable.add(p + " (" + e.getMessage() + ")");
            }
        }
        return out;
    }

    /** Every file a name may stand for: itself when absolute, else the name in each directory it may be taken from. */
    List<Path> files(String name) {
        List<Path> out = new ArrayList<>();
        try {
            Path p = Path.of(name);
            if (p.isAbsolute()) {
                out.add(p);
            } else if (dirs == null) {
                unreadable.add(name + " (relative to a directory only known at run time)");
            } else {
                for (Path d : dirs) {
                    out.add(d.resolve(p));
                }
            }
        } catch (RuntimeException e) {
            unreadable.add(name + " (" + e.getMessage() + ")");
        }
        return out;
    }
}
