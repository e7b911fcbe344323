package dev.cmdgate.core.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code writes} row: which arguments name files the command writes. Each written path is checked
 * against the device and sensitive-path settings; an ordinary file gets the row's verdict.
 *
 * @param target     OPERANDS, LAST (operand), OPT (value of option {@code name}), KEY
 *                   ({@code name=PATH} operands, as dd's {@code of=}), AFTER (the argument after one of
 *                   {@code words}, as find's {@code -fprint FILE}), or MENTIONS_OPT / MENTIONS_OPERANDS
 *                   (every path named inside an option's value or the operands, which are commands of
 *                   the program's own language: {@code gdb -ex 'dump value FILE …'}, {@code socat open:FILE}), or
 *                   URL_NAMES (for every URL operand, the file named after its last path segment in the
 *                   current directory: {@code curl -O URL}, {@code wget URL}), or PREFIXED (operands that are
 *                   addresses starting with one of {@code words}, case-insensitive: the text after the prefix up
 *                   to the first comma is a written file, as socat's {@code OPEN:FILE,creat}; {@code name} is
 *                   {@code first} or {@code last} to look at that operand only), or LINK_SOURCES (what a link
 *                   points to: every operand but the last, or every operand with the directory option
 *                   {@code name}; a relative one taken from the directory the link is made in, as the kernel
 *                   follows it, and from the working directory unless {@code words} holds {@code from-link}: a symbolic
 *                   link's relative target, which nothing takes from the working directory), or FIRST (the first operand), PREFIX_LAST /
 *                   PREFIX_OPT (the last operand or an option's value begins the written files' names, the rest
 *                   only known at run time: {@code split IN PREFIX}), INTO_LAST / INTO_OPT (the destination may be
 *                   a directory: each other operand's last component inside it, {@code cp a/KEY .})
 * @param name       option canonical name or key
 * @param conditions the row applies only when these hold
 * @param verdict    the verdict for an ordinary file
 * @param words      the marker words of an AFTER row, the phrases of a NAMED row, lower-cased (empty otherwise)
 * @param empty      {@code writes empty …}: the command only creates the file (or directory) or changes its times,
 *                   never its content ({@code touch}, {@code mkdir}): checked against the gate's own files and
 *                   devices, not as a write of content into a sensitive place
 */
public record WriteRule(Target target, String name, List<Condition> conditions, Rating verdict, List<String> words,
        boolean empty) {

    /** Which arguments are written. */
    public enum Target {
        OPERANDS, FIRST, LAST, OPT, KEY, AFTER, MENTIONS_OPT, MENTIONS_OPERANDS, URL_NAMES, PREFIXED, LINK_SOURCES,
        /**
         * inside an option's value or the operands, which are statements of the program's own language, the name after
         * each of {@code words} (phrases: {@code VACUUM INTO 'F'}, {@code .once F}) is a written file, relative or not
         */
        NAMED_OPT, NAMED_OPERANDS,
        /** the last operand, or an option's value, begins the names of the files written ({@code split IN PREFIX}) */
        PREFIX_LAST, PREFIX_OPT,
        /** each source's name inside the directory the last operand, or an option's value, may be ({@code cp a/K .}) */
        INTO_LAST, INTO_OPT,
        /**
         * parts of an option's value name written files ({@code java -Xlog:gc:file=F}, {@code
         * -XX:StartFlightRecording=filename=F,duration=1s}); {@code words} says which: {@code sep C} (the parts'
         * separator, {@code ,} unless given), {@code N} (the N-th part, less one of the row's {@code KEY=}),
         * {@code KEY=} (without an {@code N}: every part starting with it, less the key), {@code !WORD} (a part
         * that is WORD names no file: {@code stdout})
         */
        PARTS_OPT,
        /**
         * every file of the work tree the command works on ({@code git stash}, {@code git checkout}): {@code words}
         * holds the options and {@code $VARIABLES} naming the work tree, then {@code gitdir} and those naming
         * another repository (then the work tree is where the command works), {@code repo NAME} (the repository
         * directory found at or above where it works, on disk) and {@code config KEY} (the repository's
         * configuration setting naming the work tree)
         */
        WORK_TREE,
        /**
         * the values of the variables {@code words} name files the command writes ({@code GIT_TRACE=F git …},
         * {@code GIT_INDEX_FILE}); a value that is a switch ({@code 1}, {@code true}) names none
         */
        ENV,
        /**
         * the values of the variables {@code words} name directories the command writes files in, by names of its own
         * ({@code GIT_DIR}, {@code GNUPGHOME}, {@code TMPDIR}, {@code HOME} for {@code git config --global}); a word
         * starting with {@code -} is an option whose value names such a directory ({@code gpg --homedir})
         */
        ENV_DIR,
        /**
         * a name derived from each written operand ({@code last}: the last one, when there are two or more;
         * {@code operands}: every one) by appending the value of option {@code name} or, without one, of a variable
         * in {@code words}: a backup {@code DEST+SUFFIX} ({@code cp -b -S SUF}, {@code SIMPLE_BACKUP_SUFFIX},
         * {@code sed -i.SUF}); a {@code *} in the suffix stands for the file's name, and a suffix with a {@code /}
         * is a path of its own (sed's and perl's {@code -i})
         */
        SUFFIXED_LAST, SUFFIXED_OPERANDS,
        /**
         * each operand ending in one of {@code words} names the file the command writes beside it: the operand without
         * that ending ({@code gunzip ~/.bashrc.gz} writes {@code ~/.bashrc}); a word {@code END=NEW} puts NEW in its
         * place ({@code .tgz=.tar}); the value of option {@code name} is an ending too ({@code gunzip -S .x})
         */
        UNSUFFIXED_OPERANDS
    }

    /**
     * {@code writes [empty] operands|first|last|opt OPT|key NAME|after WORD...|prefix last|prefix opt OPT|into last|into opt
     * OPT|parts opt OPT [sep C] [N...] [KEY=...] [!WORD...]|work-tree OPT|$VAR... [gitdir OPT|$VAR...] repo NAME [config KEY]|env VAR...|env-dir
     * VAR...|suffixed last|operands [opt OPT] [env VAR...]|unsuffixed operands SUFFIX... [opt OPT]|url-names|link-sources [from-link] [opt OPT]|prefixed
     * [first|last] PREFIX...|mentions operands|mentions opt OPT [if CONDITION...] -> CLASS LEVEL "reason"}.
     */
    /**
     * {@code encrypts operands|first|last|opt OPT [if CONDITION...] -> verdict}: the files the command encrypts; the
     * verdict is raised when a later command of the line deletes or overwrites one of them (the same targets and
     * conditions as a {@code writes} row, so the same grammar).
     */
    static WriteRule parseEncrypts(Section s, RuleLine row) {
        WriteRule r = parse(s, row);
        if (r.empty() || !(r.target() == Target.OPERANDS || r.target() == Target.FIRST || r.target() == Target.LAST
                || r.target() == Target.OPT)) {
            throw new IllegalArgumentException("expected: encrypts operands|first|last|opt OPT [if CONDITION...] -> verdict");
        }
        return r;
    }

    static WriteRule parse(Section s, RuleLine row) {
        List<String> t = row.words;
        int arrow = row.arrow(2);
        Target target;
        String name = null;
        List<String> words = new ArrayList<>();
        boolean empty = t.size() > 2 && t.get(1).equals("empty");
        int at = empty ? 2 : 1;
        int i = at + 1;
        switch (t.get(at)) {
            case "operands" -> target = Target.OPERANDS;
            case "first" -> target = Target.FIRST;
            case "last" -> target = Target.LAST;
            case "prefix", "into" -> {
                boolean prefix = t.get(at).equals("prefix");
                String what = row.need(i++);
                if (what.equals("last")) {
                    target = prefix ? Target.PREFIX_LAST : Target.INTO_LAST;
                } else if (what.equals("opt")) {
                    target = prefix ? Target.PREFIX_OPT : Target.INTO_OPT;
                    name = s.optionName(row.need(i++));
                } else {
                    throw new IllegalArgumentException("expected: writes " + t.get(at) + " last|opt OPT …");
                }
            }
            case "parts" -> {
                target = Target.PARTS_OPT;
                if (!row.need(i++).equals("opt")) {
                    throw new IllegalArgumentException("expected: writes parts opt OPT [sep C] [N...] [KEY=...] [!WORD...]");
                }
                name = s.optionName(row.need(i++));
                while (i < arrow && !t.get(i).equals("if")) {
                    String w = t.get(i++);
                    if (w.equals("sep")) {
                        String c = row.need(i++);
                        if (c.length() != 1) {
                            throw new IllegalArgumentException("writes parts: sep takes one character, not '" + c + "'");
                        }
                        words.add(w);
                        w = c;
                    } else if (!w.endsWith("=") && !w.startsWith("!") && !isNumber(w)) {
                        throw new IllegalArgumentException("writes parts: expected N, KEY= or !WORD, not '" + w + "'");
                    }
                    words.add(w);
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("writes parts opt OPT needs N or KEY= parts");
                }
            }
            case "work-tree" -> {
                target = Target.WORK_TREE;
                while (i < arrow && !t.get(i).equals("if")) {
                    String w = t.get(i++);
                    words.add(w);
                    if (w.equals("repo") || w.equals("config")) {
                        words.add(row.need(i++));
                    } else if (!w.equals("gitdir") && !w.startsWith("-") && !w.startsWith("$")) {
                        throw new IllegalArgumentException("writes work-tree: expected OPT, $VARIABLE, gitdir, repo NAME or"
                                + " config KEY, not '" + w + "'");
                    }
                }
                if (!words.contains("repo")) {
                    throw new IllegalArgumentException("writes work-tree needs repo NAME");
                }
            }
            case "opt" -> {
                target = Target.OPT;
                name = s.optionName(row.need(i++));
            }
            case "key" -> {
                target = Target.KEY;
                name = row.need(i++);
            }
            case "after" -> {
                target = Target.AFTER;
                while (i < arrow && !t.get(i).equals("if")) {
                    words.add(t.get(i++));
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("expected: writes after WORD... -> CLASS LEVEL \"reason\"");
                }
            }
            case "env", "env-dir" -> {
                target = t.get(at).equals("env") ? Target.ENV : Target.ENV_DIR;
                while (i < arrow && !t.get(i).equals("if")) {
                    String w = t.get(i++);
                    // env-dir: an option may name the directory too (gpg --homedir)
                    words.add(w.startsWith("-") && target == Target.ENV_DIR ? s.optionName(w) : w);
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("expected: writes " + t.get(at) + " VARIABLE... -> CLASS LEVEL \"reason\"");
                }
            }
            case "suffixed" -> {
                String what = row.need(i++);
                if (!what.equals("last") && !what.equals("operands")) {
                    throw new IllegalArgumentException("expected: writes suffixed last|operands [opt OPT] [env VAR...]");
                }
                target = what.equals("last") ? Target.SUFFIXED_LAST : Target.SUFFIXED_OPERANDS;
                if (i < arrow && t.get(i).equals("opt")) {
                    i++;
                    name = s.optionName(row.need(i++));
                }
                if (i < arrow && t.get(i).equals("env")) {
                    i++;
                    while (i < arrow && !t.get(i).equals("if")) {
                        words.add(t.get(i++));
                    }
                }
                if (name == null && words.isEmpty()) {
                    throw new IllegalArgumentException("writes suffixed needs opt OPT or env VAR...");
                }
            }
            case "unsuffixed" -> {
                if (!row.need(i++).equals("operands")) {
                    throw new IllegalArgumentException("expected: writes unsuffixed operands SUFFIX... [opt OPT]");
                }
                target = Target.UNSUFFIXED_OPERANDS;
                while (i < arrow && !t.get(i).equals("if")) {
                    String w = t.get(i++);
                    if (w.equals("opt")) {
                        name = s.optionName(row.need(i++));
                    } else {
                        words.add(w);
                    }
                }
                if (words.isEmpty() && name == null) {
                    throw new IllegalArgumentException("writes unsuffixed operands needs SUFFIX... or opt OPT");
                }
            }
            case "url-names" -> target = Target.URL_NAMES;
            case "link-sources" -> {
                target = Target.LINK_SOURCES;
                if (i < arrow && t.get(i).equals("from-link")) {
                    words.add(t.get(i++));
                }
                if (i < arrow && t.get(i).equals("opt")) {
                    i++;
                    name = s.optionName(row.need(i++));
                }
            }
            case "prefixed" -> {
                target = Target.PREFIXED;
                if (i < arrow && (t.get(i).equals("first") || t.get(i).equals("last"))) {
                    name = t.get(i++);
                }
                while (i < arrow && !t.get(i).equals("if")) {
                    words.add(t.get(i++).toLowerCase(java.util.Locale.ROOT));
                }
                if (words.isEmpty()) {
                    throw new IllegalArgumentException("expected: writes prefixed [first|last] PREFIX... -> CLASS LEVEL \"reason\"");
                }
            }
            case "mentions", "named" -> {
                boolean named = t.get(at).equals("named");
                String what = row.need(i++);
                if (what.equals("operands")) {
                    target = named ? Target.NAMED_OPERANDS : Target.MENTIONS_OPERANDS;
                } else if (what.equals("opt")) {
                    target = named ? Target.NAMED_OPT : Target.MENTIONS_OPT;
                    name = s.optionName(row.need(i++));
                } else {
                    throw new IllegalArgumentException("expected: writes " + t.get(at) + " operands|opt OPT …");
                }
                if (named) {
                    if (i >= arrow || !t.get(i++).equals("after")) {
                        throw new IllegalArgumentException("expected: writes named operands|opt OPT after PHRASE...");
                    }
                    while (i < arrow && !t.get(i).equals("if")) {
                        words.add(t.get(i++).toLowerCase(java.util.Locale.ROOT));
                    }
                    if (words.isEmpty()) {
                        throw new IllegalArgumentException("expected: writes named operands|opt OPT after PHRASE...");
                    }
                }
            }
            default -> throw new IllegalArgumentException("unknown writes target '" + t.get(at) + "'");
        }
        List<Condition> conds = List.of();
        if (i < arrow) {
            if (!t.get(i).equals("if")) {
                throw new IllegalArgumentException("expected 'if' or '->' in writes row");
            }
            conds = row.conditions(s, i + 1, arrow);
        }
        return new WriteRule(target, name, conds, row.verdictAfter(arrow), List.copyOf(words), empty);
    }

    private static boolean isNumber(String w) {
        for (int k = 0; k < w.length(); k++) {
            if (w.charAt(k) < '0' || w.charAt(k) > '9') {
                return false;
            }
        }
        return !w.isEmpty() && w.length() < 3 && w.charAt(0) != '0';
    }
}
