package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code project-file} row: the program runs code a file of its working directory holds (npm's
 * {@code package.json} scripts, pip's {@code setup.py}, make's {@code Makefile}, {@code //go:generate} lines). When
 * the command line itself wrote that file with literal text earlier, the text is what runs, and is judged.
 *
 * @param file    the file's name, a glob for several ({@code *.go})
 * @param reading how the code is read: a language or {@code sh}
 * @param members for a JSON file, the dotted members whose string values (or arrays of strings) are the code,
 *                a {@code *} segment standing for any member ({@code scripts.*}); empty: the whole text
 * @param after   markers: only the text after one, to the end of its line, is code ({@code //go:generate})
 */
public record ProjectFileRule(String file, String reading, List<String> members, List<String> after) {

    public ProjectFileRule {
        members = List.copyOf(members);
        after = List.copyOf(after);
    }

    static ProjectFileRule parse(RuleLine row) {
        List<String> t = row.words;
        if (t.size() < 3) {
            throw new IllegalArgumentException("expected: project-file FILE READING [members KEY...] [after MARKER...]");
        }
        List<String> members = new ArrayList<>();
        List<String> after = new ArrayList<>();
        List<String> into = null;
        for (int i = 3; i < t.size(); i++) {
            String w = t.get(i);
            if (w.equals("members")) {
                into = members;
            } else if (w.equals("after")) {
                into = after;
            } else if (into == null) {
                throw new IllegalArgumentException("expected members or after, not " + w);
            } else {
                into.add(w);
            }
        }
        if (!members.isEmpty() && !after.isEmpty()) {
            throw new IllegalArgumentException("project-file: members (a JSON file) or after (lines of text), not both");
        }
        return new ProjectFileRule(t.get(1), t.get(2), members, after);
    }
}
