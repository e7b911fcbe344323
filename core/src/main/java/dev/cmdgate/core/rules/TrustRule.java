package dev.cmdgate.core.rules;

import java.util.List;

/**
 * One {@code trust} row of a rules file's {@code [@trust]} section: a simple command the user trusts,
 * wherever it appears in a launch's command tree. Trust covers that simple command only — the rest of
 * the tree (other commands of a script, its redirections, the variables it sets) is judged as always.
 *
 * @param program  the first pattern word: a program name (matched like the classifier resolves names:
 *                 bare, or in a standard system directory) or an absolute path glob
 * @param args     one glob per further argument word, or {@link #ANY_WORDS} where the row wrote
 *                 {@code ...}: any number of words, none included
 * @param cwds     {@code cwd=GLOB} conditions, alternatives: every directory the command may run in
 *                 matches one of them; empty: anywhere
 * @param callers  {@code caller=PACKAGE[@GLOB]} conditions, alternatives: one of the launching frames is in one
 *                 of these packages (or is one of these classes) and its code comes from where the condition
 *                 says; empty: any caller
 * @param outputs  {@code output=GLOB}: files the JDK opens for the trusted launch's output (its
 *                 ProcessBuilder redirects) that are part of what is trusted; empty: none is
 * @param reason   what the user wrote after {@code ->}
 * @param where    the row's place, {@code FILE:LINE}
 */
public record TrustRule(String program, List<String> args, List<String> cwds, List<Caller> callers, List<String> outputs,
                        String reason, String where) {

    /** How a trusted command's finding begins; the gatekeeper turns such findings into a {@code trust} reason. */
    public static final String FINDING_PREFIX = "trusted by ";
    /**
     * The system properties a trust row may name as {@code ${…}} ({@code ${java.home}/bin/java}), separated by
     * blanks: each stands for its value when the JVM started, which the agent reads with its configuration, so
     * that a property the application sets later changes nothing. A constant, which the compiler copies into
     * the agent's configuration check: that runs as a JVM starts, and a class loaded there costs every JVM.
     */
    public static final String PLACEHOLDER_NAMES = "java.home java.io.tmpdir user.dir user.home";
    /** {@link #PLACEHOLDER_NAMES}, one by one. */
    public static final List<String> PLACEHOLDERS = List.of(PLACEHOLDER_NAMES.split(" "));
    /** Stands for an unquoted {@code ...} in {@link #args}; holds a NUL, which no argument word can. */
    public static final String ANY_WORDS = "\u0000...";

    /**
     * One {@code caller=} condition: a package or class name, and where the frame's code must come from — a glob
     * over the absolute path of the jar or directory its class was loaded from, or null for the JDK's own modules
     * (a class its runtime image defines: the application cannot define one, whatever it names its classes).
     */
    public record Caller(String name, String from) {
        /** Whether a frame of class {@code cls} whose code comes from {@code origin} ({@link dev.cmdgate.core.LaunchSite#callerOrigins}) meets it. */
        public boolean matches(String cls, String origin) {
            if (!(cls.equals(name) || cls.startsWith(name + ".") || cls.startsWith(name + "$"))) {
                return false;
            }
            if (from == null) {
                return origin.startsWith("jrt:/");
            }
            return origin.startsWith("/") && Glob.matches(from, origin);
        }

        /**
         * Whether {@code name} is a package of a module of the JDK's runtime image, a package above one, or a class
         * in one: what a bare {@code caller=NAME} may name (any other name needs {@code @GLOB}, where its code is).
         */
        public static boolean jdkPackage(String name) {
            for (java.lang.module.ModuleReference m : java.lang.module.ModuleFinder.ofSystem().findAll()) {
                for (String p : m.descriptor().packages()) {
                    if (p.equals(name) || p.startsWith(name + ".") || name.startsWith(p + ".")) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    public TrustRule {
        args = List.copyOf(args);
        cwds = List.copyOf(cwds);
        callers = List.copyOf(callers);
        outputs = List.copyOf(outputs);
    }

    /**
     * Whether the row's answer depends on more than the command: where the launch is made from (its directory or
     * caller) and the file system (a word is trusted only as the file it really names). Every row does.
     */
    public boolean dependsOnSite() {
        return true;
    }

    /** Whether the program word is a path glob rather than a name. */
    public boolean programIsPath() {
        return program.indexOf('/') >= 0;
    }

    /** The finding's reason: {@code trusted by FILE:LINE: REASON}. */
    public String findingReason() {
        return FINDING_PREFIX + where + ": " + reason;
    }
}
