package dev.cmdgate.core.classify;

import java.util.List;

/**
 * Which processes lsof and fuser name by the files they have open: a security service is known by its files (its
 * log, pid file, socket, configuration) rather than its name, so a path in a directory of the list (or one holding
 * such a directory: {@code lsof +D /var}, {@code fuser -m /}) may name one. lsof with no selection, or one by owner,
 * group or command name, lists every process of them; fuser's {@code -m} names every process using the file
 * system. Ports ({@code -i :8080}, {@code 8080/tcp}) name no file. A word only known at run time that may be a path
 * may name one. A relative path is taken as not reaching such a directory (where the command runs is not followed).
 */
final class FileUsers {

    /** lsof's flags that select nothing by themselves. */
    private static final String LSOF_PLAIN = "tnPwlbaVXQOhHRU";

    private FileUsers() {
    }

    static boolean maySelect(String program, List<String> words, List<Boolean> known, List<String> dirs) {
        return program.equals("fuser") ? fuser(words, known, dirs) : lsof(words, known, dirs);
    }

    private static boolean lsof(List<String> words, List<Boolean> known, List<String> dirs) {
        boolean selects = false;
        boolean value = false;          // the word before is an option whose value this is (-i tcp:$PORT)
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            boolean isValue = value;
            value = false;
            if (!known.get(i)) {
                if (isValue || w.startsWith(":") || w.startsWith("-i") || w.startsWith("-p")) {
                    selects = true;     // a port or a process id only known at run time
                    continue;
                }
                return true;
            }
            if (w.startsWith("-") && w.length() > 1) {
                for (int k = 1; k < w.length(); k++) {
                    char c = w.charAt(k);
                    if (c == 'u' || c == 'g' || c == 'c') {
                        return true;    // every process of a user, group or command name
                    }
                    if (LSOF_PLAIN.indexOf(c) < 0) {
                        selects = true; // -i, -p, -d …: a value of its own, glued or next
                        value = k == w.length() - 1;
                        break;
                    }
                }
                continue;
            }
            if (w.startsWith("+") || w.startsWith(":")) {
                selects |= w.startsWith(":");
                continue;               // +D DIR, +d DIR: the directory follows as a word of its own
            }
            if (w.startsWith("/") && reaches(w, dirs)) {
                return true;
            }
            selects = true;
        }
        return !selects;                // lsof -t alone: every process with a file open
    }

    private static boolean fuser(List<String> words, List<Boolean> known, List<String> dirs) {
        boolean mount = false;
        boolean ports = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (!known.get(i)) {
                if (w.endsWith("/tcp") || w.endsWith("/udp")) {
                    continue;
                }
                return true;
            }
            if (w.startsWith("-") && w.length() > 1) {
                if (w.equals("-n") || w.equals("--namespace")) {
                    ports = ++i < words.size() && !words.get(i).equals("file");
                    continue;
                }
                if (ProcessSelection.isSignal(w.substring(1))) {
                    continue;
                }
                mount |= w.indexOf('m') > 0 && !w.startsWith("--") || w.equals("--mount");
                mount |= w.indexOf('M') > 0 && !w.startsWith("--") || w.equals("--ismountpoint");
                continue;
            }
            if (ports || w.endsWith("/tcp") || w.endsWith("/udp")) {
                continue;
            }
            if (mount || w.startsWith("/") && reaches(w, dirs)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the path lies in a directory of the list, or holds one (lexically, {@code ..} resolved). */
    private static boolean reaches(String path, List<String> dirs) {
        String p = normal(path);
        for (String d : dirs) {
            String dir = normal(d);
            if (p.equals(dir) || p.startsWith(dir + "/") || dir.startsWith(p.equals("/") ? "/" : p + "/")) {
                return true;
            }
        }
        return false;
    }

    private static String normal(String path) {
        java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
        for (String c : path.split("/")) {
            if (c.isEmpty() || c.equals(".")) {
                continue;
            }
            if (c.equals("..")) {
                parts.pollLast();
            } else {
                parts.addLast(c);
            }
        }
        return "/" + String.join("/", parts);
    }
}
