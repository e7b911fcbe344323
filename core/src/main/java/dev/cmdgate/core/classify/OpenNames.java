package dev.cmdgate.core.classify;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a regular expression may match a name that a glob open at its end stands for: {@code rsyslog*} is
 * {@code rsyslog} followed by anything ({@code rsyslogd}), so {@code rsyslogd}, {@code ^rsyslogd$} and
 * {@code wazuh-.*} name such a process although none of them fits in the glob's text. The name is read as its fixed
 * text followed by characters only the run knows; a match that runs into them is found by asking the matcher whether
 * it reached the end of the fixed text ({@link Matcher#hitEnd()}): more characters could complete it. That answer
 * leans towards a match, as a check of a kill's target should.
 *
 * <p>The match is taken where the name starts (or earlier, in what comes before it: the directory of a command line,
 * the columns of a {@code ps} line), or well inside the name ({@link #MIN_OVERLAP} of its characters). A match that
 * only touches the name's last characters ({@code gopls} after {@code rsyslog}) is left to the glob's text: any
 * pattern could continue a name that way, and the names the globs stand for are real daemons, not every extension.
 */
final class OpenNames {

    /** How many characters of the fixed text a match starting inside the name must cover. */
    static final int MIN_OVERLAP = 5;

    private OpenNames() {
    }

    /**
     * Whether {@code re} may match, in a subject made of one of {@code contexts} followed by a name one of the
     * {@code globs} stands for, a name the glob leaves open at its end.
     *
     * @param whole the pattern must match the whole subject ({@code pgrep -x}), so it starts at the subject's start
     */
    static boolean reaches(Pattern re, boolean whole, List<String> contexts, List<String> globs) {
        for (String g : globs) {
            String fixed = fixedText(g);
            if (fixed == null) {
                continue;
            }
            for (String context : contexts) {
                if (reaches(re, whole, context, fixed)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The text a glob ending in {@code *} fixes before it ({@code ?} stands for one letter), or null. */
    static String fixedText(String glob) {
        if (!glob.endsWith("*") || glob.indexOf('[') >= 0 || glob.indexOf('\\') >= 0) {
            return null;
        }
        String t = glob.replace("*", "").replace('?', 'x');
        return t.isEmpty() ? null : t;
    }

    static boolean reaches(Pattern re, boolean whole, String context, String fixed) {
        String subject = context + fixed;
        int inside = subject.length() - Math.min(fixed.length(), MIN_OVERLAP);
        int last = whole ? 0 : Math.max(context.length(), inside);
        for (int start = 0; start <= last; start++) {
            Matcher m = re.matcher(subject);
            m.useAnchoringBounds(false);
            m.useTransparentBounds(true);
            m.region(start, subject.length());
            boolean found = whole ? m.matches() : m.lookingAt();
            if (found || m.hitEnd()) {
                return true;
            }
        }
        return false;
    }
}
