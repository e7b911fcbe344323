package dev.cmdgate.core.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The loaded, indexed rules: program sections and the mechanism settings of {@code [@settings]}.
 * Immutable once built; shared by all classifications.
 */
public final class RuleSet {

    /** Resource path of the built-in rules. */
    public static final String BUILTIN = "/dev/cmdgate/core/rules/builtin.rules";

    final Map<String, Section> programs = new HashMap<>();
    final List<Section> prefixPrograms = new ArrayList<>();
    final Map<String, Verdict> verdicts = new HashMap<>();
    final Set<String> systemDirs = new HashSet<>();
    final List<String> harmlessDevices = new ArrayList<>();
    final List<String> networkDevices = new ArrayList<>();
    final List<String> ordinaryFiles = new ArrayList<>();
    final Set<String> envHooks = new HashSet<>();
    final List<String> envHookPrefixes = new ArrayList<>();
    /** env-code rows: variable glob → how the shell evaluates its value (sh, prompt, function). */
    final java.util.Map<String, String> envCode = new java.util.LinkedHashMap<>();
    final List<String> sensitivePaths = new ArrayList<>();
    final Set<String> sensitiveNames = new HashSet<>();
    final Set<String> shells = new HashSet<>();
    /** Named lists of globs ({@code list NAME GLOB...}), referred to in conditions as {@code operand=@NAME}. */
    final Map<String, List<String>> lists = new HashMap<>();
    /** Credential stores: paths ({@code ~/.ssh/*}), file names anywhere ({@code .netrc}) and what is not one ({@code *.pub}). */
    final List<String> credentialPaths = new ArrayList<>();
    final List<String> credentialNames = new ArrayList<>();
    final List<String> credentialExceptions = new ArrayList<>();
    /** Environment variables that hold secrets: by name, by value, and names that never do (upper-cased globs). */
    final List<String> secretVars = new ArrayList<>();
    final List<String> notSecretVars = new ArrayList<>();
    final List<String> secretValues = new ArrayList<>();
    /** secret-grant rows: program → globs of the secret variables it may receive (upper-cased). */
    final Map<String, List<String>> secretGrants = new HashMap<>();
    /** Programs that only pass their environment on to the commands cmdgate sees them run (shells, wrappers). */
    final Set<String> secretCarriers = new HashSet<>();
    /** Programs (shell builtins) that can neither keep nor pass on what is in their environment. */
    final Set<String> secretInert = new HashSet<>();
    /** example rows, in file order. */
    final List<RuleExample> examples = new ArrayList<>();

    RuleSet() {
    }

    private static volatile RuleSet builtin;

    /** The built-in rules, loaded and indexed once, on first use. */
    public static RuleSet builtin() {
        RuleSet b = builtin;
        if (b == null) {
            synchronized (RuleSet.class) {
                b = builtin;
                if (b == null) {
                    b = new RuleSet();
                    try (InputStream in = RuleSet.class.getResourceAsStream(BUILTIN)) {
                        if (in == null) {
                            throw new IllegalStateException("built-in rules " + BUILTIN + " missing from the jar");
                        }
                        new RulesParser(b, "built-in rules", false).parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    RulesParser.checkComplete(b);
                    builtin = b;
                }
            }
        }
        return b;
    }

    /**
     * The built-in rules with a user rules file applied on top (rows added or overridden).
     *
     * @throws IllegalArgumentException with a one-line message when the file cannot be read or parsed
     */
    public static RuleSet withUserFile(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read rules file " + file + ": " + e.getMessage());
        }
        return withUserText(text, file.toString());
    }

    /** As {@link #withUserFile(Path)} for rules text already in memory. */
    public static RuleSet withUserText(String text, String origin) {
        RuleSet copy = RulesParser.reparseBuiltin();
        new RulesParser(copy, origin, true).parse(text);
        RulesParser.checkComplete(copy);
        return copy;
    }

    /** Parses standalone rules text (for tests and tools); the {@code [@settings]} must be complete. */
    public static RuleSet parse(String text, String origin) {
        RuleSet r = new RuleSet();
        new RulesParser(r, origin, false).parse(text);
        RulesParser.checkComplete(r);
        return r;
    }

    /** The section of a program name (exact, then prefix rows such as {@code mkfs*}), or null. */
    public Section program(String name) {
        Section s = programs.get(name);
        if (s != null) {
            return s;
        }
        for (Section p : prefixPrograms) {
            if (name.startsWith(p.word)) {
                return p;
            }
        }
        // version-suffixed names: python3.12, pip3.11, clang-17
        int end = name.length();
        while (end > 0) {
            char c = name.charAt(end - 1);
            if ((c >= '0' && c <= '9') || c == '.' || c == '-') {
                end--;
            } else {
                break;
            }
        }
        if (end > 0 && end < name.length()) {
            return programs.get(name.substring(0, end));
        }
        return null;
    }

    /** A mechanism verdict from {@code [@settings]} by key ({@code unknown-program}, …). */
    public Verdict verdict(String key) {
        return verdicts.get(key);
    }

    public boolean isSystemDir(String dir) {
        return systemDirs.contains(dir);
    }

    public boolean isShell(String program) {
        return shells.contains(program);
    }

    public boolean isHarmlessDevice(String path) {
        return Glob.anyMatch(harmlessDevices, path);
    }

    /** Paths under /dev that are ordinary files ({@code /dev/shm/…}), not devices. */
    public boolean isOrdinaryFile(String path) {
        return Glob.anyMatch(ordinaryFiles, path);
    }

    public boolean isNetworkDevice(String path) {
        return Glob.anyMatch(networkDevices, path);
    }

    /** Whether assigning this environment variable changes what code programs run. */
    public boolean isEnvHook(String name) {
        if (envHooks.contains(name)) {
            return true;
        }
        for (String p : envHookPrefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How a shell evaluates this environment variable's value as code: {@code sh} (a script),
     * {@code prompt} (prompt expansion: its substitutions run), {@code function} (an exported
     * function definition), or null when it is not code.
     */
    public String envCodeLanguage(String name) {
        for (java.util.Map.Entry<String, String> e : envCode.entrySet()) {
            if (Glob.matches(e.getKey(), name)) {
                return e.getValue();
            }
        }
        return null;
    }

    /** Whether a value matches one of the globs of the named list ({@code list NAME …}); false for an unknown list. */
    public boolean inList(String list, String value) {
        List<String> globs = lists.get(list);
        return globs != null && Glob.anyMatch(globs, value);
    }

    /** Whether a list of that name was declared. */
    public boolean hasList(String list) {
        return lists.containsKey(list);
    }

    /** Every section: programs, prefix programs and, below them, their sub-command sections. */
    public List<Section> allSections() {
        List<Section> out = new ArrayList<>();
        java.util.ArrayDeque<Section> todo = new java.util.ArrayDeque<>(programs.values());
        todo.addAll(prefixPrograms);
        java.util.Set<Section> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        while (!todo.isEmpty()) {
            Section s = todo.poll();
            if (seen.add(s)) {
                out.add(s);
                todo.addAll(s.subs.values());
                todo.addAll(s.optSubs.values());
            }
        }
        return out;
    }

    /** The example rows of every rules file read into this set, in file order. */
    public List<RuleExample> examples() {
        return java.util.Collections.unmodifiableList(examples);
    }

    /**
     * Whether a normalised path (home as {@code ~}) is a credential store: it matches a
     * {@code credential-paths} glob, or its file name a {@code credential-names} glob, and no
     * {@code credential-exceptions} entry (a glob with a slash matches the path, one without the name).
     */
    public boolean isCredentialStore(String path) {
        CredentialIndex x = credentialIndex();
        String base = baseName(path);
        if (!(x.paths.matches(path) || x.names.matches(base))) {
            return false;
        }
        return !isCredentialException(path, base);
    }

    /** The credential globs indexed for matching, built on first use (the lists are complete by then). */
    private record CredentialIndex(GlobIndex paths, GlobIndex names, List<String> literalBeginnings) {
    }

    private volatile CredentialIndex credentialIndex;

    private CredentialIndex credentialIndex() {
        CredentialIndex x = credentialIndex;
        if (x == null) {
            List<String> beginnings = new ArrayList<>();
            for (String g : credentialPaths) {
                int wild = literalLength(g);
                if (wild > 0) {
                    beginnings.add(g.substring(0, wild));
                }
            }
            x = new CredentialIndex(new GlobIndex(credentialPaths), new GlobIndex(credentialNames), List.copyOf(beginnings));
            credentialIndex = x;
        }
        return x;
    }

    private boolean isCredentialException(String path, String base) {
        for (String e : credentialExceptions) {
            if (e.indexOf('/') >= 0 ? Glob.matches(e, path) : Glob.matches(e, base)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a normalised directory holds a credential store of a {@code credential-paths} glob: the glob's
     * literal beginning lies below the directory ({@code ~} holds {@code ~/.ssh/*}), or, for a glob that starts
     * with a wildcard, a file directly in the directory would match it ({@code /home/a/.ssh} and {@code *}{@code /.ssh/*}).
     * Stores known only by their file name ({@code .env}) can be anywhere and are not counted, and neither are
     * the root and the home directory themselves: a backup of a whole home is an everyday job, packing up
     * {@code ~/.ssh} or {@code ~/.aws} is the first half of exfiltration.
     */
    public boolean holdsCredentialStore(String dir) {
        String d = dir.endsWith("/") && dir.length() > 1 ? dir.substring(0, dir.length() - 1) : dir;
        if (d.equals("/") || d.equals("~")) {
            return false;
        }
        CredentialIndex x = credentialIndex();
        int n = d.length();
        for (String literal : x.literalBeginnings()) {
            // the literal lies below d: d, a slash, and more
            if (literal.length() > n + 1 && literal.charAt(n) == '/' && literal.startsWith(d)) {
                return true;
            }
        }
        String probe = d + "/cmdgate-probe";
        return x.paths().matches(probe) && !isCredentialException(probe, "cmdgate-probe");
    }

    private static int literalLength(String glob) {
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' || c == '?' || c == '\\') {
                return i;
            }
        }
        return glob.length();
    }

    private static String baseName(String path) {
        int slash = path.lastIndexOf('/');
        return slash >= 0 ? path.substring(slash + 1) : path;
    }

    /**
     * Whether an environment variable holds a secret: its name matches a {@code secret-vars} glob or its value
     * a {@code secret-values} glob, and its name no {@code not-secret-vars} glob. Names are compared without
     * regard to case ({@code github_token} is as secret as {@code GITHUB_TOKEN}).
     */
    public boolean isSecretVariable(String name, String value) {
        if (name == null) {
            return false;
        }
        String n = name.toUpperCase(java.util.Locale.ROOT);
        if (Glob.anyMatch(notSecretVars, n)) {
            return false;
        }
        return Glob.anyMatch(secretVars, n) || (value != null && Glob.anyMatch(secretValues, value));
    }

    /** Whether a program (as the rules name it) is granted a secret variable by a {@code secret-grant} row. */
    public boolean grantsSecret(String program, String variable) {
        List<String> globs = secretGrants.get(program);
        return globs != null && variable != null && Glob.anyMatch(globs, variable.toUpperCase(java.util.Locale.ROOT));
    }

    /** Whether the program passes its environment only to the commands it is seen to run ({@code secret-carriers}). */
    public boolean isSecretCarrier(String program) {
        return secretCarriers.contains(program);
    }

    /** Whether the program can neither keep nor pass on its environment ({@code secret-inert}: cd, true, test). */
    public boolean isSecretInert(String program) {
        return secretInert.contains(program);
    }

    /** Whether a normalised path (home as {@code ~}) is a place that runs code later or grants access. */
    public boolean isSensitivePath(String path) {
        int slash = path.lastIndexOf('/');
        String base = slash >= 0 ? path.substring(slash + 1) : path;
        if (sensitiveNames.contains(base)) {
            return true;
        }
        return Glob.anyMatch(sensitivePaths, path);
    }
}
