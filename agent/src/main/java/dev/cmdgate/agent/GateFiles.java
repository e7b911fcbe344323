package dev.cmdgate.agent;

import dev.cmdgate.agent.config.AgentConfig;
import dev.cmdgate.agent.launch.ThisJvmOptions;
import dev.cmdgate.core.classify.OwnFiles;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The files this JVM's gate depends on, which no launch may change: the agent jar (and the CLI's class-data
 * archives kept beside it), every file and directory its configuration names ({@link AgentConfig#files()}: the
 * {@code cmdgate.config} file, rules file, passport, signing key, audit file with its rotated siblings, and with a
 * policy server or approval service the state directory, keys, secret, certificates and token files), the JDK it
 * runs in, and the JVM options
 * files this JVM was started with (the {@code @argfiles} of its command line and of {@code JDK_JAVA_OPTIONS},
 * {@code -XX:VMOptionsFile=}, {@code -XX:Flags=}): editing one of those could drop the agent, or weaken its
 * settings, in the next JVM started the same way. (The shell start-up files and environment files that set
 * {@code JAVA_TOOL_OPTIONS} or {@code JDK_JAVA_OPTIONS} are sensitive places of the rules already.)
 */
public final class GateFiles {

    /** The directory beside the agent jar where the launcher script keeps the CLI's class-data archives. */
    static final String CLI_ARCHIVES = "cli-archive";
    /** What the reason of a refused launch calls the file a setting names. */
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("config", "the configuration file"), Map.entry("rules", "the rules file"),
            Map.entry("policy", "the passport"), Map.entry("signing.key", "the signing key"),
            Map.entry("audit", "the audit file"), Map.entry("policy.state", "the policy state directory"),
            Map.entry("policy.key", "the policy bundle key"), Map.entry("policy.secret.file", "the policy bundle secret"));

    private GateFiles() {
    }

    static OwnFiles of(AgentConfig config) {
        return builder(config).build();
    }

    /** The files of {@link #of}, to which a gate that depends on more (a coding agent's hook) adds its own. */
    public static OwnFiles.Builder builder(AgentConfig config) {
        String home = System.getenv("HOME");
        OwnFiles.Builder b = OwnFiles.builder(home == null || home.isEmpty() ? System.getProperty("user.home") : home);
        Path jar = agentJar();
        b.add(jar, OwnFiles.Kind.FILE, "the agent jar");
        if (jar != null && jar.getParent() != null) {
            // the launcher script's CLI runs from class-data archives kept beside the jar: one written there would
            // replace the CLI's classes (its classify answer) for every hook built on it
            b.add(jar.getParent().resolve(CLI_ARCHIVES), OwnFiles.Kind.TREE, "the CLI's class-data archives");
        }
        for (AgentConfig.ConfiguredFile f : config.files()) {
            if (holdsCredential(f.key())) {
                b.addSecret(f.path(), describe(f.key()));
            } else {
                b.add(f.path(), kind(f.kind()), describe(f.key()));
            }
        }
        if (config.audit() != null) {
            b.add(Path.of(config.audit() + ".lock"), OwnFiles.Kind.FILE, "the audit file's lock");
        }
        String javaHome = System.getProperty("java.home");
        if (javaHome != null) {
            b.add(Path.of(javaHome), OwnFiles.Kind.TREE, "the JDK cmdgate runs in");
        }
        for (Path p : jvmOptionFiles()) {
            b.add(p, OwnFiles.Kind.FILE, "a JVM options file this JVM was started with");
        }
        return b;
    }

    /**
     * Whether the file a setting names holds one of the gate's credentials (a bearer token, a client or signing key,
     * the policy bundle's shared secret): a launch reading it could act as this JVM, so reading it is a
     * credential-store read.
     */
    static boolean holdsCredential(String key) {
        return key.endsWith(".token.file") || key.endsWith(".client.key") || key.equals("signing.key")
                || key.equals("policy.secret.file");
    }

        /** The name of the file {@code cmdgate.KEY} names: its own for the common ones, the setting's for the rest. */
    static String describe(String key) {
        String name = NAMES.get(key);
        return name != null ? name : "the file of " + dev.cmdgate.agent.config.ConfigParser.PREFIX + key;
    }

    private static OwnFiles.Kind kind(AgentConfig.FileKind kind) {
        return switch (kind) {
            case FILE -> OwnFiles.Kind.FILE;
            case TREE -> OwnFiles.Kind.TREE;
            case ROTATED -> OwnFiles.Kind.ROTATED;
        };
    }

    /** The jar cmdgate's module was read from (null when it runs from classes, as in its own unit tests). */
    static Path agentJar() {
        try {
            ModuleLayer layer = GateFiles.class.getModule().getLayer();
            if (layer != null) {
                var found = layer.configuration().findModule(GateFiles.class.getModule().getName());
                if (found.isPresent() && found.get().reference().location().isPresent()) {
                    URI uri = found.get().reference().location().get();
                    if ("file".equals(uri.getScheme())) {
                        return Path.of(uri);
                    }
                }
            }
            var source = GateFiles.class.getProtectionDomain().getCodeSource();
            if (source != null && source.getLocation() != null && source.getLocation().getPath().endsWith(".jar")) {
                return Path.of(source.getLocation().toURI());
            }
        } catch (Exception | LinkageError e) {
            // not found: the other files are still protected
        }
        return null;
    }

    /** The options files named on this JVM's command line and in the launcher's and JVM's option variables. */
    static List<Path> jvmOptionFiles() {
        // JDK_AOT_VM_OPTIONS among them: read by the AOT cache assembly JVM the JDK starts from this one
        // (java -XX:AOTCacheOutput), in which no agent runs; its files must stay as they were judged
        return optionFiles(ThisJvmOptions.words(), System.getProperty("user.dir"));
    }

    /** The words of a {@code java} command line before its main class ({@link ThisJvmOptions#launcherOptions}). */
    static List<String> launcherOptions(List<String> cmdline) {
        return ThisJvmOptions.launcherOptions(cmdline);
    }

    /** {@code @FILE} (not {@code @@}, an escaped {@code @}), {@code -XX:VMOptionsFile=FILE}, {@code -XX:Flags=FILE}. */
    static List<Path> optionFiles(List<String> words, String dir) {
        List<Path> out = new ArrayList<>();
        for (String w : words) {
            String file = null;
            if (w.length() > 1 && w.startsWith("@") && !w.startsWith("@@")) {
                file = w.substring(1);
            } else if (w.startsWith("-XX:VMOptionsFile=")) {
                file = w.substring("-XX:VMOptionsFile=".length());
            } else if (w.startsWith("-XX:Flags=")) {
                file = w.substring("-XX:Flags=".length());
            }
            if (file != null && !file.isEmpty()) {
                try {
                    Path p = Path.of(file);
                    out.add(p.isAbsolute() || dir == null ? p : Path.of(dir).resolve(p));
                } catch (RuntimeException e) {
                    // not a path this file system can name: nothing to protect
                }
            }
        }
        return out;
    }
}
