package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.RuleSet;
import java.util.ArrayList;
import java.util.List;

/**
 * A path inside a container, pod, instance or virtual machine that a copying client names ({@code docker cp x
 * c:/root/.bashrc}, {@code kubectl cp x ns/pod:/etc/cron.d/x}, {@code lxc file push x c1/home/u/.profile}), judged
 * against the same sensitive places and credential stores as a path on the host: a file that runs code later or
 * grants access there does the same for whoever enters the instance. The clients spell it {@code NAME:PATH} or, lxc
 * and incus, {@code [REMOTE:]NAME/PATH}; which one a word is cannot always be told, so both readings are judged.
 */
final class InstancePaths {

    private InstancePaths() {
    }

    /**
     * Whether the word may name a sensitive place or a credential store inside an instance (condition
     * {@code $sensitive-inside}).
     */
    static boolean sensitive(RuleSet rules, Arg a) {
        String text = a.unresolved() ? PathText.staticPrefix(a.text) + "x" : a.text;
        for (String inside : insidePaths(text)) {
            for (String p : homeSpellings(inside)) {
                if (rules.isSensitivePath(p) || rules.isCredentialPlace(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The absolute paths the word may name inside the instance: after its first {@code :}, and after the first
     * {@code /} that follows it.
     */
    static List<String> insidePaths(String text) {
        List<String> out = new ArrayList<>(2);
        int colon = text.indexOf(':');
        if (colon >= 0 && colon + 1 < text.length()) {
            out.add(absolute(text.substring(colon + 1)));
        }
        int slash = text.indexOf('/', colon + 1);
        if (slash >= 0 && slash + 1 < text.length()) {
            String p = absolute(text.substring(slash + 1));
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /**
     * The path as written, and with a home directory inside the instance ({@code /root}, {@code /home/USER}) as
     * {@code ~}.
     */
    static List<String> homeSpellings(String path) {
        List<String> out = new ArrayList<>(2);
        out.add(path);
        String rest = null;
        if (path.equals("/root") || path.startsWith("/root/")) {
            rest = path.substring("/root".length());
        } else if (path.startsWith("/home/")) {
            int end = path.indexOf('/', "/home/".length());
            rest = end < 0 ? "" : path.substring(end);
        }
        if (rest != null) {
            out.add("~" + rest);
        }
        return out;
    }

    private static String absolute(String p) {
        return p.startsWith("/") ? p : "/" + p;
    }
}
