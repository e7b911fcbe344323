package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code steer} row: files that change what a program runs, read before a launch the rules call Read
 * (docs/rules-format.md, "Files that steer a program"). {@code steer git-config FILE... as -c include KEY...
 * -> verdict}: every setting of those files is judged as the value of {@code -c} would be, by the section's
 * {@code code … opt -c} rows; {@code steer entries DIR... ignore GLOB... -> verdict}: any entry of the
 * directory but those raises the verdict ({@code .git/hooks} holding a hook).
 *
 * @param reader   how the files are read: {@code git-config} or {@code entries}
 * @param files    where they are: {@code ~/P} (home), {@code $VAR/P} or {@code $VAR} (a variable of the launch's
 *                 environment; unset: no file), {@code ${VAR:-DEFAULT}} (the variable's file, else the default),
 *                 {@code up:P} (P in the working directory and every one above), {@code down:NAME} (NAME in the
 *                 working directory and every one below it, but those whose names match {@code ignore}), {@code {OPT}} or
 *                 {@code {OPT%%GLOB}} in a path (the option's value, cut from the first place the glob matches to the
 *                 end, as the shell's {@code ${x%%GLOB}}; no such option: no file), {@code repo:P} (in the repository a {@code steer-repo} row finds),
 *                 an absolute path, or a path relative to the directory the program works in
 * @param asOption git-config: the option whose {@code code} rows judge each {@code KEY=VALUE} (canonical name)
 * @param include  git-config: keys whose value names another file read the same way (relative to the file)
 * @param ignore   git-config: key globs never judged; entries: names that do not count; a {@code down:} file:
 *                 names of directories not walked ({@code node_modules})
 * @param set      git-config: keys that, set to anything but a false boolean in one of the files, raise the row's
 *                 verdict (a partial clone's {@code extensions.partialClone}: a Read command may fetch); a row with
 *                 such keys judges only its {@code then} keys
 * @param then     git-config, with {@code set}: key globs judged only when one of the {@code set} keys is set
 *                 (the credential helpers, which only a fetch runs)
 * @param writes   git-config: key globs whose value names a file the program writes ({@code trace2.normalTarget}):
 *                 judged as a write of that path, as a redirection is; a false boolean or a file descriptor number
 *                 (git's stderr) names none
 * @param has      text: the file raises the verdict when it holds one of these words (none: when it holds anything
 *                 but blanks); json: the member {@code key}, an object, raises it when its text holds one
 * @param key      json: the member of the file's top-level object read ({@code prettier} in package.json); absent is
 *                 fine, any value but an object raises the verdict (a string names a module), so does a file that is
 *                 not a JSON object
 * @param starts   json: a string member raises the verdict only when it starts with one of these (a version
 *                 {@code 2.}); without them any string does
 * @param unless   the row does not apply when the command has one of these options ({@code python -I}), or, with
 *                 {@value #VERSION}, to an invocation that only prints a version
 * @param unlessEnv the row does not apply when one of these variables is set and not empty ({@code MAVEN_SKIP_RC})
 * @param verdict  what a file that cannot be read or judged, or an entry that counts, raises the launch to
 * @param variables the variables {@code files} name ({@link #variableOf}), in their order: made once with the row,
 *                 as every command of a steered program looks up their values at that point of the script
 */
public record SteerRule(String reader, List<String> files, String asOption, List<String> include, List<String> ignore,
        List<String> set, List<String> then, List<String> writes, List<String> has, String key, List<String> starts, List<String> unless,
        List<String> unlessEnv, Rating verdict, List<String> variables) {

    /**
     * The variable a file names: {@code VAR} of {@code $VAR}, {@code $VAR/P} or {@code ${VAR:-DEFAULT}}; null for a
     * file that names none (or a {@code ${…}} without a default).
     */
    public static String variableOf(String file) {
        if (!file.startsWith("$")) {
            return null;
        }
        if (file.startsWith("${")) {
            int dash = file.indexOf(":-");
            return dash < 0 ? null : file.substring(2, dash);
        }
        int slash = file.indexOf('/');
        return file.substring(1, slash < 0 ? file.length() : slash);
    }

    private static List<String> variablesOf(List<String> files) {
        List<String> out = new ArrayList<>();
        for (String f : files) {
            String v = variableOf(f);
            if (v != null) {
                out.add(v);
            }
        }
        return List.copyOf(out);
    }

    /** In {@code unless}: the row does not apply to an invocation that only prints a version ({@code python -V}). */
    public static final String VERSION = "version";

    /** A file naming an option's value, {@code {OPT}} or {@code {OPT%%GLOB}}, with the option's canonical name. */
    private static String canonicalOption(Section s, String file) {
        int open = file.indexOf('{');
        if (open < 0 || (open > 0 && file.charAt(open - 1) == '$')) {
            return file;
        }
        int close = file.indexOf('}', open);
        if (close < 0) {
            throw new IllegalArgumentException("steer: a file {OPT} or {OPT%%GLOB} ends with }: " + file);
        }
        String inner = file.substring(open + 1, close);
        int cut = inner.indexOf("%%");
        String opt = cut < 0 ? inner : inner.substring(0, cut);
        return file.substring(0, open + 1) + s.optionName(opt) + (cut < 0 ? "" : inner.substring(cut)) + file.substring(close);
    }

    /** The readers cmdgate has. */
    public static final List<String> READERS = List.of("git-config", "entries", "sh", "text", "json");

    /** A file form: P in the working directory and in every directory below it ({@code down:.prettierrc.js}). */
    public static final String DOWN = "down:";

    /**
     * {@code steer READER FILE... [as OPT] [include KEY...] [ignore GLOB...] [set KEY... [then GLOB...]] [writes KEY...]
     * [has WORD...] [unless OPT...] [unless-env VAR...] -> CLASS LEVEL "reason"}.
     */
    static SteerRule parse(Section s, RuleLine row) {
        int arrow = row.arrow(3);
        String reader = row.need(1);
        if (!READERS.contains(reader)) {
            throw new IllegalArgumentException("steer: unknown reader '" + reader + "' (known: " + String.join(", ", READERS) + ")");
        }
        List<String> files = new ArrayList<>();
        List<String> include = new ArrayList<>();
        List<String> ignore = new ArrayList<>();
        List<String> set = new ArrayList<>();
        List<String> then = new ArrayList<>();
        List<String> writes = new ArrayList<>();
        List<String> has = new ArrayList<>();
        List<String> starts = new ArrayList<>();
        List<String> unless = new ArrayList<>();
        List<String> unlessEnv = new ArrayList<>();
        String as = null;
        String key = null;
        List<String> into = files;
        for (int i = 2; i < arrow; i++) {
            String w = row.get(i);
            switch (w) {
                case "as" -> {
                    as = s.optionName(row.need(++i));
                    into = null;
                }
                case "key" -> {
                    key = row.need(++i);
                    into = null;
                }
                case "include" -> into = include;
                case "ignore" -> into = ignore;
                case "set" -> into = set;
                case "then" -> into = then;
                case "writes" -> into = writes;
                case "has" -> into = has;
                case "starts" -> into = starts;
                case "unless" -> into = unless;
                case "unless-env" -> into = unlessEnv;
                default -> {
                    if (into == null) {
                        throw new IllegalArgumentException("steer: expected a keyword after 'as OPT' or 'key KEY', got " + w);
                    }
                    into.add(into == unless && !w.equals(VERSION) ? s.optionName(w) : w);
                }
            }
        }
        for (int k = 0; k < files.size(); k++) {
            files.set(k, canonicalOption(s, files.get(k)));
        }
        for (String f : files) {
            if (f.startsWith("${") && (f.indexOf(":-") < 0 || !f.endsWith("}") || f.indexOf(":-") == 2)) {
                throw new IllegalArgumentException("steer: a file ${VAR:-DEFAULT} names a variable and a default: " + f);
            }
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("steer: name at least one file");
        }
        if (reader.equals("git-config") && as == null) {
            throw new IllegalArgumentException("steer git-config: say which option's code rows judge the settings (as OPT)");
        }
        if (!reader.equals("git-config") && (as != null || !include.isEmpty() || !set.isEmpty() || !then.isEmpty()
                || !writes.isEmpty())) {
            throw new IllegalArgumentException("steer " + reader + ": as, include, set, then and writes belong to git-config");
        }
        if (!reader.equals("text") && !reader.equals("json") && !has.isEmpty()) {
            throw new IllegalArgumentException("steer " + reader + ": has belongs to the text and json readers");
        }
        if (!reader.equals("json") && !starts.isEmpty()) {
            throw new IllegalArgumentException("steer " + reader + ": starts belongs to the json reader");
        }
        if (reader.equals("json") != (key != null)) {
            throw new IllegalArgumentException("steer " + reader + ": a json row names the member it reads (key KEY), no other does");
        }
        boolean down = false;
        for (String f : files) {
            if (f.startsWith(DOWN)) {
                down = true;
                String name = f.substring(DOWN.length());
                if (name.isEmpty() || name.contains("/") || name.contains("{") || name.startsWith("$") || name.startsWith("~")) {
                    throw new IllegalArgumentException("steer: down:NAME names one file name, found in every directory below: " + f);
                }
            }
        }
        if (!reader.equals("entries") && !reader.equals("git-config") && !ignore.isEmpty() && !down) {
            throw new IllegalArgumentException("steer " + reader + ": ignore belongs to git-config, entries and down: files");
        }
        if (!then.isEmpty() && set.isEmpty()) {
            throw new IllegalArgumentException("steer: 'then' keys are judged once a 'set' key is set: name those (set KEY...)");
        }
        return new SteerRule(reader, List.copyOf(files), as, List.copyOf(include), List.copyOf(ignore), List.copyOf(set),
                List.copyOf(then), List.copyOf(writes), List.copyOf(has), key, List.copyOf(starts), List.copyOf(unless), List.copyOf(unlessEnv), row.verdictAfter(arrow),
                variablesOf(files));
    }
}
