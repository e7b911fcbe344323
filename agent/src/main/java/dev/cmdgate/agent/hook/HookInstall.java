package dev.cmdgate.agent.hook;

import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code cmdgate hook install HOST [--user | --project DIR] [--print] [--config FILE] [--deadline MS]}: adds cmdgate's
 * hook to the host's settings file. A JSON merge that keeps every other hook and setting (cmdgate's own earlier
 * entry for the host is updated in place), a copy of the file as it was beside it, nothing written when the entry
 * is there already, and a file that is not strict JSON is left alone with an error. {@code --print} shows the entry
 * and the file instead. Exit status 0 done, 1 refused, 2 usage error.
 */
final class HookInstall {

    private HookInstall() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String host = null;
        Path project = null;
        Path config = null;
        Path launcher = null;
        String deadline = null;
        boolean print = false;
        try {
            for (int i = 1; i < args.length; i++) {
                switch (args[i]) {
                    case "--user" -> project = null;
                    case "--project" -> project = Path.of(value(args, ++i)).toAbsolutePath().normalize();
                    case "--print" -> print = true;
                    case "--config" -> config = Path.of(value(args, ++i)).toAbsolutePath().normalize();
                    case "--launcher" -> launcher = Path.of(value(args, ++i)).toAbsolutePath().normalize();
                    case "--deadline" -> deadline = value(args, ++i);
                    default -> {
                        if (host != null || args[i].startsWith("-")) {
                            throw new IllegalArgumentException("unexpected " + args[i]);
                        }
                        host = args[i];
                    }
                }
            }
            if (host == null || Registration.of(host) == null) {
                throw new IllegalArgumentException(host == null ? "which host?" : "unknown host " + host
                        + (host.equals("pi") ? " (pi takes an extension: see examples/pi)" : ""));
            }
            if (launcher == null) {
                launcher = defaultLauncher();
            }
            if (deadline != null) {
                HookArgs.parse(new String[] {host, "--deadline", deadline});
            }
        } catch (IllegalArgumentException e) {
            err.println("cmdgate hook install: " + e.getMessage() + " (usage: cmdgate hook install claude-code|codex|gemini"
                    + "|cursor|copilot [--user | --project DIR] [--print] [--config FILE] [--deadline MS])");
            return 2;
        }
        Registration r = Registration.of(host);
        String command = command(launcher, r, config, deadline);
        // the host finds ~ through HOME, as its own runtime does
        String home = System.getenv("HOME");
        Path file = r.file(Path.of(home == null || home.isEmpty() ? System.getProperty("user.home") : home), project);
        if (print) {
            out.println("# " + file);
            out.print(PrettyJson.write(r.snippet(command)));
            return 0;
        }
        try {
            return install(r, command, file, out);
        } catch (IOException | RuntimeException e) {
            err.println("cmdgate hook install: " + file + ": " + e.getMessage());
            return 1;
        }
    }

    /**
     * The command line the host runs: the launcher with {@code hook HOST} and the options given, by {@code bash -p},
     * which takes no start-up file ({@code BASH_ENV}) and no function from the environment the host passes on, with
     * a {@code PATH} of its own: the JDK that installs it, then the system's directories, so that no directory the
     * host's environment puts first decides which {@code java} answers.
     */
    static String command(Path launcher, Registration r, Path config, String deadline) {
        String path = Path.of(System.getProperty("java.home"), "bin") + ":/usr/local/bin:/usr/bin:/bin";
        StringBuilder c = new StringBuilder("PATH=").append(quote(path)).append(" /bin/bash -p ")
                .append(quote(launcher.toString())).append(" hook ").append(r.host());
        if (config != null) {
            c.append(" --config ").append(quote(config.toString()));
        }
        if (deadline != null || r.deadlineMs() != HookMain.DEFAULT_DEADLINE_MS) {
            c.append(" --deadline ").append(deadline != null ? deadline : Long.toString(r.deadlineMs()));
        }
        return c.toString();
    }

    private static int install(Registration r, String command, Path file, PrintStream out) throws IOException {
        Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
        Map<String, Object> root;
        boolean existed = Files.exists(target);
        if (existed) {
            String text = Files.readString(target, StandardCharsets.UTF_8);
            try {
                root = text.isBlank() ? new LinkedHashMap<>() : JsonParser.parseObject(text);
            } catch (IllegalArgumentException e) {
                throw new IOException("not changed: it is not a strict JSON object (" + e.getMessage() + "); add the entry"
                        + " by hand: cmdgate hook install " + r.host() + " --print");
            }
        } else {
            root = new LinkedHashMap<>();
        }
        try {
            if (!r.merge(root, command)) {
                out.println("cmdgate: " + file + " already runs cmdgate's hook for " + r.host() + "; not changed");
                return 0;
            }
        } catch (IllegalStateException e) {
            throw new IOException("not changed: " + e.getMessage());
        }
        Files.createDirectories(target.getParent());
        Path backup = null;
        if (existed) {
            backup = freeName(target.resolveSibling(target.getFileName() + ".cmdgate-backup"));
            Files.copy(target, backup, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        }
        Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".cmdgate-tmp");
        try {
            Files.writeString(tmp, PrettyJson.write(root), StandardCharsets.UTF_8);
            if (existed && Files.getFileAttributeView(target, PosixFileAttributeView.class) != null) {
                Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
            } else if (Files.getFileAttributeView(tmp, PosixFileAttributeView.class) != null) {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        out.println("cmdgate: " + file + ": cmdgate's hook for " + r.host() + " added"
                + (backup == null ? "" : " (the file as it was: " + backup + ")"));
        return 0;
    }

    /** {@code base}, or {@code base.1}, {@code base.2} … whichever does not exist yet. */
    private static Path freeName(Path base) {
        Path p = base;
        for (int i = 1; Files.exists(p, LinkOption.NOFOLLOW_LINKS); i++) {
            p = base.resolveSibling(base.getFileName() + "." + i);
        }
        return p;
    }

    /** The launcher beside the jar in a checkout or unpacked distribution: {@code <root>/cmdgate} for {@code <root>/agent/target/cmdgate.jar}. */
    private static Path defaultLauncher() {
        Path jar = HookFiles.jar();
        if (jar != null && jar.getParent() != null && jar.getParent().getParent() != null
                && jar.getParent().getParent().getParent() != null) {
            Path launcher = jar.getParent().getParent().getParent().resolve("cmdgate");
            if (Files.isExecutable(launcher)) {
                return launcher;
            }
        }
        throw new IllegalArgumentException("where is the cmdgate launcher? give --launcher PATH (the ./cmdgate script)");
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    /** A word for a POSIX shell: as it is when it needs no quotes, else in single quotes. */
    static String quote(String s) {
        boolean plain = !s.isEmpty();
        for (int i = 0; i < s.length() && plain; i++) {
            char c = s.charAt(i);
            plain = Character.isLetterOrDigit(c) || "/._-+:@%".indexOf(c) >= 0;
        }
        return plain ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
