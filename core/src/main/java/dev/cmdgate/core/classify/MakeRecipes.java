package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The recipe lines of make code ({@code make --eval TEXT}, the {@code make} reading): a line that starts with a tab,
 * and the text after a {@code ;} on a rule's line ({@code all: ; CMD}), are shell lines make runs when it builds the
 * target — and text given with {@code --eval} is read before any makefile, so its first target is the one make builds.
 * Lines ending in a backslash go on on the next. In a recipe {@code $$} is a dollar; every other make reference
 * ({@code $(VAR)}, {@code ${VAR}}, {@code $@}) becomes a shell word only known at run time. Nothing else of make's
 * language is read here (its {@code $(shell …)} and {@code !=} are other rows'): bounded by the text's length.
 */
final class MakeRecipes {

    /** A reference to a make variable, in the shell line: a value only known at run time. */
    private static final String REFERENCE = "${MAKE_VALUE}";

    private MakeRecipes() {
    }

    /** The shell lines the text's recipes run, in order. */
    static List<String> of(String text) {
        List<String> out = new ArrayList<>();
        String joined = text.replace("\\\r\n", " ").replace("\\\n", " ");
        for (String line : joined.split("\n", -1)) {
            if (line.startsWith("\t")) {
                // a recipe line of the rule before it (in an earlier --eval too): taken as one wherever it is
                add(out, line.substring(1));
                continue;
            }
            String body = line.strip();
            if (body.isEmpty() || body.startsWith("#")) {
                continue;
            }
            int colon = ruleColon(body);
            if (colon >= 0) {
                int semi = body.indexOf(';', colon);
                if (semi >= 0) {
                    add(out, body.substring(semi + 1));
                }
            }
        }
        return out;
    }

    /**
     * Where a rule's colon is ({@code TARGETS: PREREQS}, {@code ::} too), or -1 for any other line: an assignment
     * ({@code =}, {@code :=}, {@code ::=}, {@code ?=}, {@code +=}, {@code !=} before any colon) or a directive.
     */
    private static int ruleColon(String line) {
        int depth = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '(' || c == '{') {
                depth++;
            } else if ((c == ')' || c == '}') && depth > 0) {
                depth--;
            } else if (depth == 0 && c == '=') {
                return -1;
            } else if (depth == 0 && c == ':') {
                int k = i + 1;
                while (k < line.length() && line.charAt(k) == ':') {
                    k++;
                }
                return k < line.length() && line.charAt(k) == '=' ? -1 : i;
            }
        }
        return -1;
    }

    /** One recipe line as the shell gets it: make's prefixes ({@code @ - +}) off, its references replaced. */
    private static void add(List<String> out, String recipe) {
        String r = recipe.strip();
        while (!r.isEmpty() && (r.charAt(0) == '@' || r.charAt(0) == '-' || r.charAt(0) == '+')) {
            r = r.substring(1).stripLeading();
        }
        if (r.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder(r.length());
        for (int i = 0; i < r.length(); i++) {
            char c = r.charAt(i);
            if (c != '$' || i + 1 >= r.length()) {
                b.append(c);
                continue;
            }
            char d = r.charAt(i + 1);
            if (d == '$') {
                b.append('$');
                i++;
            } else if (d == '(' || d == '{') {
                i = closing(r, i + 1);
                b.append(REFERENCE);
            } else {
                b.append(REFERENCE);
                i++;
            }
        }
        out.add(b.toString());
    }

    /** The index of the bracket closing the one at {@code open} (nested ones counted), or the text's last index. */
    private static int closing(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '(' || c == '{') {
                depth++;
            } else if ((c == ')' || c == '}') && --depth == 0) {
                return i;
            }
        }
        return s.length() - 1;
    }
}
