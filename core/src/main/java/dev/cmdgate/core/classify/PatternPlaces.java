package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RuleSet;

/**
 * The credential stores and sensitive places a shell pattern may name ({@code cat ~/.s?h/id_*},
 * {@code cp evil ~/.BASHR[C]}): pathname expansion may make the pattern any of them, so it is compared with the
 * rules' globs and the witnesses of their names, under the glob options the line set.
 */
final class PatternPlaces {

    private final Analysis analysis;
    /** The line's glob options ({@link FileEffects#dotglob}). */
    private final FileEffects files;
    /** Where a relative pattern may be: after a cd into /proc, a process's directory. */
    private final WorkingDirectories where;

    PatternPlaces(FileEffects files, WorkingDirectories where) {
        this.analysis = files.analysis();
        this.files = files;
        this.where = where;
    }

    /**
     * A read path that is a shell pattern ({@code /etc/sha*w}, {@code ~/.s?h/id_rsa}): pathname expansion may make
     * it a credential store, so it is one when the pattern matches a path a {@code credential-paths} glob names, or
     * its last component a name a {@code credential-names} glob names (exceptions aside).
     */
    boolean patternCredentialRead(String pattern, Site site) {
        String last = pattern.substring(ShellPattern.lastSlash(pattern) + 1);
        String found = null;
        // after a cd into /proc, a relative pattern (head *) names the files of a process's directory
        boolean inProc = where.cdInto == WorkingDirectories.CD_PROC && CredentialReads.isRelative(pattern);
        // a pattern ending in a literal character is compared only with the witnesses ending in it (and a few more)
        char end = ShellPattern.literalEnd(pattern);
        RuleSet rules = analysis.rules;
        for (String w : end == 0 ? rules.credentialPathWitnesses() : rules.credentialPathWitnesses(end)) {
            if ((ShellPattern.matches(pattern, w) || inProc && (ShellPattern.matches("/proc/*/" + pattern, w)
                    || ShellPattern.matches("/proc/" + pattern, w))) && analysis.rules.isCredentialStore(w)) {
                found = w;
                break;
            }
        }
        // a last component of wildcards only (grep x *) says nothing of which file it is: not compared by name
        if (found == null && ShellPattern.hasLiteral(last)) {
            for (String w : end == 0 ? rules.credentialNameWitnesses() : rules.credentialNameWitnesses(end)) {
                if (ShellPattern.matches(last, w) && analysis.rules.isCredentialStore(w)) {
                    found = w;
                    break;
                }
            }
        }
        if (found == null) {
            found = overlappingStore(pattern, last, rules);
        }
        if (found != null) {
            analysis.raise(site, analysis.setting("credential-read"), pattern + " may name " + found);
        }
        return found != null;
    }

    /**
     * A credential store the pattern may name, compared as a pattern with each {@code credential-paths} glob (and its
     * last component with each {@code credential-names} glob) under the line's glob options ({@link PatternOverlap}):
     * a wildcard in a directory part ({@code ~/.[a]ws/credentials}), letters of either case after nocaseglob,
     * {@code **} after globstar. Null when none is, or the one path both name is an exception.
     */
    private String overlappingStore(String pattern, String last, RuleSet rules) {
        if (PatternOverlap.rooted(pattern)) {
            String w = PatternOverlap.firstWitness(pattern, rules.rootedCredentialPaths(), files.dotglob,
                    rules::isCredentialStore);
            if (w != null) {
                return w;
            }
        }
        if (files.dotglob && ShellPattern.hasLiteral(last)) {
            // nocaseglob: the last component against each store's name, in either case
            for (String w : rules.credentialNameWitnesses()) {
                if (PatternOverlap.witness(last, PatternOverlap.literal(w), true) != null && rules.isCredentialStore(w)) {
                    return w;
                }
            }
        }
        return null;
    }

    /**
     * A sensitive place a written pattern may name, compared as a pattern ({@link PatternOverlap}) with each rooted
     * {@code sensitive-paths} glob and, after the line changed the glob options, its last component with each
     * {@code sensitive-names} name in either case ({@code shopt -s nocaseglob; cp evil ~/.BASHR[C]}); null when none.
     */
    String sensitivePattern(String pattern) {
        RuleSet rules = analysis.rules;
        if (PatternOverlap.rooted(pattern)) {
            String w = PatternOverlap.firstWitness(pattern, rules.rootedSensitivePaths(), files.dotglob, any -> true);
            if (w != null) {
                return w;
            }
        }
        String last = pattern.substring(ShellPattern.lastSlash(pattern) + 1);
        if (files.dotglob && ShellPattern.hasLiteral(last)) {
            for (String n : rules.sensitiveNameSet()) {
                if (PatternOverlap.witness(last, PatternOverlap.literal(n), true) != null) {
                    return pattern.substring(0, ShellPattern.lastSlash(pattern) + 1) + n;
                }
            }
        }
        return null;
    }
}
