package dev.cmdgate.core.classify;

import dev.cmdgate.core.json.JsonParser;
import dev.cmdgate.core.rules.Glob;
import dev.cmdgate.core.rules.ProjectFileRule;
import dev.cmdgate.core.rules.Section;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A program that runs code a file of its working directory holds ({@code project-file} rows: npm's package.json
 * scripts, setup.py, a Makefile, {@code //go:generate} lines), run after the same command line wrote that file with
 * literal text ({@code echo '{"scripts":{"preinstall":"rm -rf ~"}}' > package.json && npm install}): the text is the
 * code that runs, judged as the row reads it. A file on disk is the project's own code, which the section's verdict
 * already stands for; a file the line wrote is code the line chose.
 */
final class ProjectFiles {

    /** At most this many code strings are read from one file. */
    private static final int MAX_PIECES = 64;

    private final Analysis analysis;

    ProjectFiles(Analysis analysis) {
        this.analysis = analysis;
    }

    void ran(Section deepest, Site site) {
        if (deepest.projectFiles().isEmpty()) {
            return;
        }
        ScriptFiles sf = analysis.scriptFiles;
        if (!sf.wroteAnyText()) {
            return; // the line wrote no file before the command: nothing to follow (most lines)
        }
        List<String> unknown = sf.unknownTexts();
        for (ProjectFileRule r : deepest.projectFiles()) {
            for (String file : unknown) {
                if (file.indexOf('/') < 0 && Glob.matches(r.file(), file)) {
                    unreadable(site.below(file), file, "the line wrote it with text cmdgate does not know");
                }
            }
        }
        List<String> written = sf.writtenTexts();
        if (written.isEmpty()) {
            return;
        }
        for (ProjectFileRule r : deepest.projectFiles()) {
            for (String file : written) {
                if (file.indexOf('/') < 0 && Glob.matches(r.file(), file)) {
                    String text = analysis.scriptFiles.text(file);
                    if (text != null) {
                        judge(r, file, text, site.below(file));
                    }
                }
            }
        }
    }

    private void judge(ProjectFileRule r, String file, String text, Site site) {
        List<String> pieces;
        if (!r.members().isEmpty()) {
            Object json;
            try {
                json = JsonParser.parse(text);
            } catch (RuntimeException e) {
                // the program's own reader may take what this one refuses (a duplicate key, a byte order mark,
                // deep nesting): what it runs is not known
                unreadable(site, file, "cmdgate cannot read the text the line wrote as JSON (" + e.getMessage() + ")");
                return;
            }
            pieces = new ArrayList<>();
            for (String m : r.members()) {
                collect(json, m.split("\\."), 0, pieces);
            }
            if (pieces.size() >= MAX_PIECES) {
                unreadable(site, file, "more than " + MAX_PIECES + " code strings");
                return;
            }
        } else if (!r.after().isEmpty()) {
            pieces = CodeArguments.escapedLines(text, r.after());
        } else {
            pieces = List.of(text);
        }
        for (String code : pieces) {
            analysis.code.runCode(r.reading(), code, false, site, new LinkedHashSet<>());
        }
    }

    /** The file a program takes code from holds text cmdgate cannot read: the code it runs is not known. */
    private void unreadable(Site site, String file, String why) {
        analysis.raise(site, analysis.setting("dynamic-code"), "code the program takes from " + file + ": " + why);
    }

    /** The strings (or strings in arrays) at the dotted member path, {@code *} matching any member name. */
    private static void collect(Object node, String[] path, int i, List<String> out) {
        if (out.size() >= MAX_PIECES) {
            return;
        }
        if (i == path.length) {
            if (node instanceof String s) {
                out.add(s);
            } else if (node instanceof List<?> l) {
                for (Object o : l) {
                    if (o instanceof String s && out.size() < MAX_PIECES) {
                        out.add(s);
                    }
                }
            }
            return;
        }
        if (!(node instanceof Map<?, ?> m)) {
            return;
        }
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (Glob.matches(path[i], String.valueOf(e.getKey()))) {
                collect(e.getValue(), path, i + 1, out);
            }
        }
    }
}
