package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code pure} rows of a {@code [@lang NAME]} section: what a one-line program may use and still only compute and
 * print (docs/pure-code.md). Everything not listed makes the program code like any other: the allow-lists are the
 * whole of what a pure program may name. Built by {@link LanguageRows}; read-only once the rule set is published.
 */
public final class Purity {

    Rating verdict;
    final Set<String> names = new HashSet<>();
    final Set<String> attributes = new HashSet<>();
    final Set<String> modules = new HashSet<>();
    final Set<String> namespaces = new HashSet<>();
    final Set<String> readCalls = new HashSet<>();
    final Set<String> jsonCalls = new HashSet<>();
    final List<String> cwdModules = new ArrayList<>();

    /** The verdict of a pure program (Read): what the launch is when nothing else it does is more. */
    public Rating verdict() { return verdict; }
    /** Names a pure program may use (functions, constants, keywords) besides those it binds itself. */
    public Set<String> names() { return names; }
    /** Names a pure program may write after a {@code .}. */
    public Set<String> attributes() { return attributes; }
    /**
     * Names that hold objects with members no pure program may reach ({@code process}, {@code console}): each use
     * must be followed by {@code .} and an attribute, never taken as a value a program could enumerate.
     */
    public Set<String> namespaces() { return namespaces; }
    /** Modules a pure program may import, by their full dotted names. */
    public Set<String> modules() { return modules; }
    /** Calls that, given exactly one literal argument, only read that file ({@code open('f')}). */
    public Set<String> readCalls() { return readCalls; }
    /** Calls that, given exactly one literal {@code ./…json} path of a regular file, only parse it ({@code require}). */
    public Set<String> jsonCalls() { return jsonCalls; }
    /**
     * Suffixes of module files the interpreter finds in the working directory before its own modules: a pure launch
     * needs a working directory with no such file and no package (a directory with {@code __init__} and one of them).
     */
    public List<String> cwdModules() { return cwdModules; }

    /** Whether the section has what it takes to judge a program pure: a verdict and some names. */
    public boolean usable() {
        return verdict != null && !names.isEmpty();
    }

    @Override
    public String toString() {
        return "Purity[verdict=" + verdict + ", names=" + new java.util.TreeSet<>(names) + ", attributes="
                + new java.util.TreeSet<>(attributes) + ", modules=" + new java.util.TreeSet<>(modules) + ", namespaces=" + new java.util.TreeSet<>(namespaces) + ", readCalls="
                + new java.util.TreeSet<>(readCalls) + ", jsonCalls=" + new java.util.TreeSet<>(jsonCalls)
                + ", cwdModules=" + cwdModules + "]";
    }
}
