package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads one row of the {@code [@settings]} section (docs/rules-format.md, "Settings") into the rule set:
 * the verdicts the mechanisms give, and the lists they consult — system directories, devices, sensitive
 * and credential places, secret variables, environment hooks and what the values of variables are. A
 * user's file only adds to the lists.
 */
final class SettingsRows {

    /** How the value of an {@code env-code} variable is code (docs/rules-format.md). */
    static final Set<String> ENV_CODE_KINDS = Set.of("sh", "prompt", "function", "expand", "pager", "program",
            "commands", "pipe", "mail");

    private SettingsRows() {
    }

    /**
     * {@code unknown-when CONDITION... -> verdict}: the conditions may only be on operands (the options of a program
     * nobody described are not known).
     */
    private static When unknownWhen(RuleSet rules, RuleLine row) {
        When w = When.parse(new Section("@unknown", "@unknown", null), row);
        for (Condition c : w.conditions()) {
            switch (c.kind()) {
                case OPERAND, OPERAND_AT, LAST_OPERAND, OPERANDS_GT, OPERANDS_EQ, OUTPUT_OF -> {
                }
                default -> throw new IllegalArgumentException("unknown-when: only operand conditions (operand=, operandN=, "
                        + "last=, operands>N, operands=N, output-of=)");
            }
        }
        return w;
    }

    /** {@code stdin-parsing shopt|set NAME...}: options, by the name {@code shopt} or {@code set -o} gives them. */
    private static void stdinParsing(RuleSet rules, List<String> rest) {
        if (rest.size() < 2 || !rest.get(0).equals("shopt") && !rest.get(0).equals("set")) {
            throw new IllegalArgumentException("expected: stdin-parsing shopt|set NAME...");
        }
        (rest.get(0).equals("shopt") ? rules.parsingShoptOptions : rules.parsingSetOptions)
                .addAll(rest.subList(1, rest.size()));
    }

    /**
     * Reads {@code row} into {@code rules}; {@code builtIn}: it is a row of the built-in rules read when a lazy
     * rule set is made, whose {@code env-args} rows name programs not read yet ({@link RuleSet#builtinRowUnchanged}).
     */
    static void read(RuleSet rules, RuleLine row, boolean builtIn) {
        List<String> t = row.words;
        String kw = t.get(0);
        List<String> rest = t.subList(1, t.size());
        switch (kw) {
            case "verdict" -> {
                if (t.size() < 3) {
                    throw new IllegalArgumentException("expected: verdict KEY -> CLASS LEVEL \"reason\"");
                }
                rules.verdicts.put(t.get(1), row.verdictAfter(row.arrow(2)));
            }
            case "system-dirs" -> rules.systemDirs.addAll(rest);
            case "unknown-when" -> rules.unknownWhens.add(unknownWhen(rules, row));
            case "harmless-devices" -> rules.harmlessDevices.addAll(rest);
            case "network-devices" -> rules.networkDevices.addAll(rest);
            case "acting-devices" -> rules.actingDevices.addAll(rest);
            case "ordinary-files" -> rules.ordinaryFiles.addAll(rest);
            case "shells" -> rules.shells.addAll(rest);
            case "shell-variables" -> rules.shellVariables.addAll(rest);
            case "stdin-unread" -> rules.stdinRows.add(StdinRow.parse(false, rest));
            case "stdin-filter" -> rules.stdinRows.add(StdinRow.parse(true, rest));
            case "stdin-parsing" -> stdinParsing(rules, rest);
            case "numeric-output" -> rules.numericOutputs.add(NumericOutput.parse(rest));
            case "number-vars" -> rules.numberVars.addAll(rest);
            case "runtime-text-vars" -> rules.runtimeTextVars.addAll(rest);
            case "integer-vars" -> rules.integerVars.addAll(rest);
            case "scripts-of" -> {
                if (rest.size() < 2 || rest.get(0).contains("/")) {
                    throw new IllegalArgumentException("expected: scripts-of PROGRAM GLOB...");
                }
                for (String glob : rest.subList(1, rest.size())) {
                    if (!glob.startsWith("/")) {
                        throw new IllegalArgumentException("scripts-of: '" + glob + "' is not an absolute path glob");
                    }
                    rules.scriptsOf.put(glob, rest.get(0));
                }
            }
            case "sensitive-names" -> rules.sensitiveNames.addAll(rest);
            case "sensitive-paths" -> rules.sensitivePaths.addAll(rest);
            case "list", "service-list" -> {
                if (rest.size() < 2 || !RuleLine.isListName(rest.get(0))) {
                    throw new IllegalArgumentException("expected: " + kw + " NAME GLOB...");
                }
                if (kw.equals("service-list")) {
                    rules.serviceLists.add(rest.get(0));
                }
                List<String> globs = rules.lists.get(rest.get(0));
                if (globs == null) {
                    globs = new ArrayList<>();
                    rules.lists.put(rest.get(0), globs);
                }
                globs.addAll(rest.subList(1, rest.size()));
            }
            case "credential-paths" -> rules.credentialPaths.addAll(rest);
            case "credential-names" -> rules.credentialNames.addAll(rest);
            case "credential-exceptions" -> rules.credentialExceptions.addAll(rest);
            case "credential-vars" -> {
                for (String w : rest) {
                    int eq = w.indexOf('=');
                    String place = eq < 0 ? "" : w.substring(eq + 1);
                    if (eq <= 0 || !(place.startsWith("~/") || place.startsWith("/"))) {
                        throw new IllegalArgumentException("expected: credential-vars NAME=PATH... (PATH starting with ~/ or /), not '"
                                + w + "'");
                    }
                    rules.credentialVars.put(w.substring(0, eq), place);
                }
            }
            case "secret-vars" -> rules.secretVars.addAll(upper(rest));
            case "not-secret-vars" -> rules.notSecretVars.addAll(upper(rest));
            case "secret-values" -> rules.secretValues.addAll(rest);
            case "secret-pointer-vars" -> rules.pointerVars.addAll(upper(rest));
            case "secret-url-vars" -> rules.bearerUrlVars.addAll(upper(rest));
            case "not-random-vars" -> rules.notRandomVars.addAll(upper(rest));
            case "prose-vars" -> rules.proseVars.addAll(upper(rest));
            case "secret-random-values" -> rules.randomSecrets = rest.size() == 1 && rest.get(0).equals("off") ? null
                    : RandomToken.parse(rest);
            case "secret-random-runs" -> rules.randomRuns = rest.size() == 1 && rest.get(0).equals("off") ? null
                    : RandomRun.parse(rest);
            case "secret-grouped-keys" -> rules.groupedKeys = rest.size() == 1 && rest.get(0).equals("off") ? null
                    : GroupedKey.parse(rest);
            case "secret-decoded" -> rules.encodings = rules.encodings.with(rest);
            case "secret-fields" -> rules.credentialMarkers.addFields(rest);
            case "secret-schemes" -> rules.credentialMarkers.addSchemes(rest);
            case "secret-grant" -> secretGrant(rules, rest);
            case "secret-carriers" -> rules.secretCarriers.addAll(rest);
            case "secret-inert" -> rules.secretInert.addAll(rest);
            case "secret-together" -> {
                if (rest.size() < 2) {
                    throw new IllegalArgumentException("expected: secret-together VARIABLE-GLOB VARIABLE-GLOB...");
                }
                rules.secretTogether.add(upper(rest));
            }
            case "env-hooks" -> envHooks(rules, row);
            case "env-safe" -> rules.envSafe.addAll(rest);
            case "env-steers-only" -> {
                if (rest.size() < 2) {
                    throw new IllegalArgumentException("expected: env-steers-only BUILTIN NAME...");
                }
                rules.envSteersOnly.computeIfAbsent(rest.get(0), k -> new java.util.HashSet<>())
                        .addAll(rest.subList(1, rest.size()));
            }
            case "env-code" -> {
                if (rest.size() < 2 || !ENV_CODE_KINDS.contains(rest.get(0))) {
                    throw new IllegalArgumentException("expected: env-code " + String.join("|", new java.util.TreeSet<>(ENV_CODE_KINDS))
                            + " NAME...");
                }
                for (String n : rest.subList(1, rest.size())) {
                    rules.envCode.put(n, rest.get(0));
                }
            }
            case "env-args" -> {
                if (rest.size() < 2) {
                    throw new IllegalArgumentException("expected: env-args PROGRAM [OPTION] NAME...");
                }
                boolean opt = rest.get(1).startsWith("-");
                EnvArgs a = new EnvArgs(rest.get(0), opt ? rest.get(1) : null, null, null);
                if (builtIn) {
                    rules.builtinEnvArgs.add(a);
                }
                List<String> names = rest.subList(opt ? 2 : 1, rest.size());
                if (names.isEmpty()) {
                    throw new IllegalArgumentException("expected: env-args PROGRAM [OPTION] NAME...");
                }
                for (String n : names) {
                    rules.envArgs.put(n, a);
                }
            }
            case "env-pairs" -> {
                if (rest.size() != 4 || !rest.get(1).startsWith("-")) {
                    throw new IllegalArgumentException("expected: env-pairs PROGRAM OPTION KEY_PREFIX VALUE_PREFIX");
                }
                EnvArgs pairs = new EnvArgs(rest.get(0), rest.get(1), rest.get(2), rest.get(3));
                if (builtIn) {
                    rules.builtinEnvArgs.add(pairs);
                }
                rules.envPairs.add(pairs);
            }
            default -> throw new IllegalArgumentException("unknown setting '" + kw + "'");
        }
    }

    /** {@code secret-grant PROGRAM[|PROGRAM...] VARIABLE-GLOB...}. */
    private static void secretGrant(RuleSet rules, List<String> rest) {
        if (rest.size() < 2) {
            throw new IllegalArgumentException("expected: secret-grant PROGRAM[|PROGRAM...] VARIABLE-GLOB...");
        }
        for (String program : rest.get(0).split("\\|")) {
            if (program.isEmpty()) {
                throw new IllegalArgumentException("empty program name in secret-grant row");
            }
            // no lambda here: the settings are read on a JVM's first launch, where spinning one costs milliseconds
            List<String> grants = rules.secretGrants.get(program);
            if (grants == null) {
                grants = new ArrayList<>();
                rules.secretGrants.put(program, grants);
            }
            grants.addAll(upper(rest.subList(1, rest.size())));
        }
    }

    /** {@code env-hooks NAME... [-> CLASS LEVEL "reason"]}; {@code NAME*} names a prefix. */
    private static void envHooks(RuleSet rules, RuleLine row) {
        List<String> t = row.words;
        int arrow = t.indexOf("->");
        Rating v = arrow < 0 ? null : row.verdictAfter(arrow);
        List<String> names = t.subList(1, arrow < 0 ? t.size() : arrow);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("expected: env-hooks NAME... [-> CLASS LEVEL \"reason\"]");
        }
        for (String n : names) {
            if (n.endsWith("*")) {
                String prefix = n.substring(0, n.length() - 1);
                List<java.util.Map.Entry<String, Rating>> hooks = rules.envHookPrefixes;
                for (int k = hooks.size() - 1; k >= 0; k--) {
                    if (hooks.get(k).getKey().equals(prefix)) {
                        hooks.remove(k);
                    }
                }
                // longest prefix first (after those of the same length already there)
                int at = 0;
                while (at < hooks.size() && hooks.get(at).getKey().length() >= prefix.length()) {
                    at++;
                }
                hooks.add(at, new java.util.AbstractMap.SimpleImmutableEntry<>(prefix, v));
            } else {
                rules.envHooks.put(n, v);
            }
        }
    }

    private static List<String> upper(List<String> globs) {
        List<String> out = new ArrayList<>(globs.size());
        for (String g : globs) {
            out.add(g.toUpperCase(java.util.Locale.ROOT));
        }
        return out;
    }
}
