package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * While a command embedded in a wrapper's arguments is judged ({@code find -exec}): the words standing for the files
 * the wrapper finds ({@code {}}) and those files, one below each starting point. Empty otherwise. A written or
 * named word holding one is judged once for each file it stands for.
 */
final class FindPlaceholders {

    /** The words standing for the files found ({@code {}}). */
    List<String> placeholders = List.of();
    /** The files found, one below each starting point; emptied while a word holding a placeholder is judged. */
    List<Arg> found = List.of();

    /**
     * The starting points below which the files an operand stands for were found ({@code find / -exec rm {} +}: the
     * {@code {}} operand, found below {@code /}); empty for any other operand.
     */
    List<String> foundBelow(Arg a) {
        if (found.isEmpty() || !holdsPlaceholder(a.text)) {
            return List.of();
        }
        List<String> out = new ArrayList<>(found.size());
        for (Arg f : found) {
            int at = f.text.indexOf("/$(\u2026)");
            String start = at < 0 ? null : at == 0 ? "/" : f.text.substring(0, at);
            if (start != null && !out.contains(start)) {
                out.add(start);
            }
        }
        return out;
    }

    boolean holdsPlaceholder(String text) {
        for (String p : placeholders) {
            if (text.contains(p)) {
                return true;
            }
        }
        return false;
    }

    String replacePlaceholders(String text, String file) {
        String out = text;
        for (String p : placeholders) {
            out = out.replace(p, file);
        }
        return out;
    }
}
