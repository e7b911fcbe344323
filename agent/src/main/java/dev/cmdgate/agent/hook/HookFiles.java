package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.GateFiles;
import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.core.classify.OwnFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a hook's gate protects: the agent's own files ({@link GateFiles}: cmdgate's jar, the files the configuration
 * names, the JDK), the files the call's settings were read from (the user's configuration file wherever
 * {@code --config} put it, and each project's configuration with the rules and passport it names, which may lie
 * outside the directories below), the launcher that runs the hook and its class-data archives, and the places each
 * host reads its hooks and settings from (listed in the resource {@code host-files}). A command that changes one of
 * them is Destructive: the next call would be decided by what it wrote.
 */
final class HookFiles {

    private static final String RESOURCE = "host-files";

    private HookFiles() {
    }

    /**
     * @param launcher the installed command that runs the hook (null when run otherwise)
     * @param projects the call's project directories
     */
    static OwnFiles of(HookSettings settings, Path launcher, List<String> projects) {
        AgentConfig config = settings.config();
        OwnFiles.Builder b = GateFiles.builder(config);   // the jar, the configured files, the JDK, as the agent's
        // the user's file only when one was read: without one, ~/.config/cmdgate below is where it would appear
        b.add(settings.user().file(), OwnFiles.Kind.FILE, "cmdgate's configuration file");
        for (ProjectConfig p : settings.projects()) {
            b.add(p.file(), OwnFiles.Kind.FILE, "a project's cmdgate configuration");
            b.add(p.rules(), OwnFiles.Kind.FILE, "a project's cmdgate rules");
            b.add(p.policy(), OwnFiles.Kind.FILE, "a project's cmdgate passport");
        }
        List<String> homes = new ArrayList<>();
        String env = System.getenv("HOME");
        if (env != null && !env.isEmpty()) {
            homes.add(env);
        }
        if (!homes.contains(System.getProperty("user.home"))) {
            homes.add(System.getProperty("user.home"));
        }
        if (launcher != null) {
            b.add(launcher, OwnFiles.Kind.FILE, "the command that runs cmdgate's hook");
            b.add(launcher.resolveSibling("agent/target/cli-archive"), OwnFiles.Kind.TREE,
                    "the class-data archives the hook runs from");
        }
        for (String[] row : rows()) {
            OwnFiles.Kind kind = row[1].equals("TREE") ? OwnFiles.Kind.TREE : OwnFiles.Kind.FILE;
            if (row[0].startsWith("~/")) {
                for (String home : homes) {
                    b.add(Path.of(home, row[0].substring(2)), kind, row[2]);
                }
            } else {
                for (String project : projects) {
                    b.add(Path.of(project, row[0].substring(2)), kind, row[2]);
                }
            }
        }
        return b.build();
    }

    /** The jar this class was read from, or null (classes in a directory, as in unit tests). */
    static Path jar() {
        try {
            var source = HookFiles.class.getProtectionDomain().getCodeSource();
            if (source != null && source.getLocation() != null && source.getLocation().getPath().endsWith(".jar")) {
                return Path.of(source.getLocation().toURI());
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // the other files are still protected
        }
        return null;
    }

    /** The rows of {@code host-files}: path, kind, what. */
    static List<String[]> rows() {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = HookFiles.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("cmdgate's jar lacks " + RESOURCE);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            for (String line; (line = r.readLine()) != null; ) {
                String t = line.trim();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                int a = blank(t, 0);
                int b = blank(t, skip(t, a));
                String path = t.substring(0, a);
                String kind = t.substring(skip(t, a), b);
                if (!(path.startsWith("~/") || path.startsWith("./")) || b >= t.length()
                        || !(kind.equals("TREE") || kind.equals("FILE"))) {
                    throw new IllegalStateException(RESOURCE + ": bad row: " + line);
                }
                rows.add(new String[] {path, kind, t.substring(skip(t, b))});
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    private static int blank(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) != ' ' && s.charAt(i) != '\t') {
            i++;
        }
        return i;
    }

    private static int skip(String s, int from) {
        int i = from;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }
}
