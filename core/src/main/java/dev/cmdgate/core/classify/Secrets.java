package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which environment variables are secrets, and which of them a launch may receive (the {@code secret-*} rows of
 * {@code [@settings]}). A secret passes only if every program of the launch's command tree is granted it —
 * shells given a script and wrappers given a command are judged by what they run, inert builtins not at all —
 * so a secret granted to {@code aws} never reaches {@code curl} that the same script runs.
 */
public final class Secrets {

    private final RulesClassifier classifier;

    public Secrets(RulesClassifier classifier) {
        this.classifier = classifier;
    }

    /** The names of the secret variables in {@code environment} and of their copies ({@link #copies}), sorted. */
    public List<String> names(Map<String, String> environment) {
        RuleSet rules = classifier.rules();
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            if (rules.isSecretVariable(e.getKey(), e.getValue())) {
                out.add(e.getKey());
            }
        }
        out.addAll(copies(environment, out));
        Collections.sort(out);
        return out;
    }

    /**
     * The variables of {@code environment}, not among {@code secrets}, whose value is a secret's value or holds it
     * (a secret's value is a secret whatever name it is copied under). Sorted.
     */
    public Set<String> copies(Map<String, String> environment, Collection<String> secrets) {
        return SecretCopies.of(environment, secrets);
    }

    /**
     * {@code withheld} and the variables of {@code environment} withheld with them: every member of a
     * {@code secret-together} set one of whose members is withheld (git reads {@code GIT_CONFIG_COUNT} and its
     * {@code GIT_CONFIG_KEY_n}/{@code GIT_CONFIG_VALUE_n} pairs as one, and refuses to start when a pair is
     * incomplete). Sorted; {@code withheld} itself when no set is touched.
     */
    public List<String> withheldWhole(Map<String, String> environment, List<String> withheld) {
        RuleSet rules = classifier.rules();
        Set<Integer> sets = new LinkedHashSet<>();
        for (String name : withheld) {
            int set = rules.secretSetOf(name);
            if (set >= 0) {
                sets.add(set);
            }
        }
        if (sets.isEmpty()) {
            return withheld;
        }
        Set<String> out = new LinkedHashSet<>(withheld);
        for (String name : environment.keySet()) {
            if (sets.contains(rules.secretSetOf(name))) {
                out.add(name);
            }
        }
        List<String> sorted = new ArrayList<>(out);
        Collections.sort(sorted);
        return sorted;
    }

    /**
     * The secrets among {@code present} that the launch may receive: those every program receiving its
     * environment is granted. None when its programs cannot all be named (a command only known at run time, an
     * interactive shell, a variable that changes what code runs).
     */
    public Set<String> granted(List<String> argv, Map<String, String> environmentChanges, Collection<String> present) {
        Set<String> out = new LinkedHashSet<>();
        if (present.isEmpty()) {
            return out;
        }
        List<String> receivers = classifier.environmentReceivers(argv, environmentChanges);
        if (receivers == null) {
            return out;
        }
        RuleSet rules = classifier.rules();
        for (String name : present) {
            boolean all = true;
            for (String program : receivers) {
                all &= rules.grantsSecret(program, name);
            }
            if (all) {
                out.add(name);
            }
        }
        return out;
    }
}
