package dev.cmdgate.core.classify;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.shell.Assignment;
import dev.cmdgate.core.shell.Redirect;
import dev.cmdgate.core.shell.SimpleCommand;
import dev.cmdgate.core.shell.Word;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One simple command of the walk: its assignments (the values they give variables and arrays), its words as
 * written and as defaults, substitution outputs and the line's values make them — each list handed to
 * {@link Analysis#command} — its redirections, and the text it leaves in the files it writes.
 */
final class SimpleCommands {

    private final Analysis a;
    /** The walk: the script's text, and the substitutions in a word. */
    private final ShellAnalysis sh;
    private final WordArgs wordArgs;
    private final SubstitutedWords substituted;
    private final Redirections redirections;
    /** The operators' work bound was raised already (once is enough). */
    private boolean operatorsRaised;

    SimpleCommands(Analysis a, ShellAnalysis sh, WordArgs wordArgs, SubstitutedWords substituted,
            Redirections redirections) {
        this.a = a;
        this.sh = sh;
        this.wordArgs = wordArgs;
        this.substituted = substituted;
        this.redirections = redirections;
    }

    void simple(SimpleCommand sc, Analysis.Ctx ctx) {
        Site site = new Site(ctx, sh.text(sc.start(), sc.end()), sh.loc(ctx, sc.start(), sc.end()));
        Map<String, String> assigns = sc.assignments().isEmpty() ? Map.of() : new LinkedHashMap<>();
        // NAME=value alone sets a shell variable; before a command word it is in that command's environment
        boolean inline = !sc.words().isEmpty();
        for (Assignment as : sc.assignments()) {
            String v = "";
            boolean dyn = false;
            if (as.value() != null) {
                Arg va = wordArgs.arg(as.value());
                v = va.text;
                dyn = va.unresolved();
            }
            String arrayTarget = as.isArray() || as.subscript() != null ? a.env.resolve(as.name()) : null;
            if (arrayTarget != null) {
                keyedElements(as, arrayTarget); // a=([5]=P), m[k]=P: each element's values by key
            }
            if (as.isArray() && !as.array().isEmpty() && (arrayTarget == null || !a.env.isAssociative(arrayTarget))) {
                List<Word> elements = as.array();
                arrayKeys(sh.text(elements.get(0).start(), elements.get(elements.size() - 1).end()), site);
            }
            if (as.isArray()) {
                // NAME=(…): $NAME is its first element (NAME+=(…) leaves it as it was)
                List<String> elements = arrayElements(as.array());
                v = elements == null || as.append() ? "$(…)" : elements.isEmpty() ? "" : elements.get(0);
                dyn = elements == null || as.append();
                if (arrayTarget != null && as.append()) {
                    // NAME+=(…): more elements after those it had
                    List<String> had = a.env.array(arrayTarget);
                    List<String> all = null;
                    if (had != null && elements != null) {
                        all = new ArrayList<>(had);
                        all.addAll(elements);
                    }
                    a.env.appendArray(arrayTarget, all);
                } else if (arrayTarget != null) {
                    a.env.array(arrayTarget, elements);
                }
            } else if (arrayTarget != null) {
                a.env.array(arrayTarget, null);   // NAME[k]=v changes one element
            } else if (as.append()) {
                // NAME+=v: each value it may have had, then each value v may have
                String target = a.env.resolve(as.name());
                List<String> before = target == null ? List.of() : List.copyOf(a.env.literals(target));
                List<String> tails = new ArrayList<>(1);
                if (!dyn) {
                    tails.add(v);
                } else if (as.value() != null) {
                    for (Arg r : wordArgs.resolvedArgs(as.value())) {
                        if (!r.unresolved()) {
                            tails.add(r.text);
                        }
                    }
                }
                for (String p : before) {
                    for (String t : tails) {
                        a.env.literal(target, p + t);
                    }
                }
                v = (before.isEmpty() ? "$(…)" : before.get(before.size() - 1)) + v;
                dyn |= before.isEmpty();
            }
            assigns.put(as.name(), v);
            if (inline && !dyn && steersOnly(sc, as)) {
                // IFS=: read a b: the variable only changes how the builtin splits its input, and lasts for it
                // alone; the values it reads are computed with it (BuiltinValues)
                for (var n : as.children()) {
                    if (n instanceof Word w) {
                        sh.substitutions(w, ctx);
                    }
                }
                continue;
            }
            // n=$(wc -l < f): the text that gave the value, recorded with it
            String producer = dyn && as.value() != null && as.subscript() == null && !as.append()
                    ? sh.text(as.value().start(), as.value().end()) : null;
            a.variables.set(as.name(), v, dyn, inline, site,
                    inline ? "is set for the command" : "is assigned", producer);
            if (dyn && as.value() != null && as.subscript() == null) {
                String target = a.env.resolve(as.name());
                if (target != null) {
                    // x=/proc/$PPID/environ; cat $x reads what cat /proc/$PPID/environ reads
                    StringBuilder pat = new StringBuilder(as.append() ? "*" : "");
                    WordArgs.appendPattern(as.value().parts(), pat);
                    a.env.partial(target, new EnvState.Partial(v, pat.toString(), false));
                }
                for (Arg r : as.append() ? List.<Arg>of() : wordArgs.resolvedArgs(as.value())) {
                    if (target != null && !r.unresolved()) {
                        a.env.literal(target, r.text); // B=$A/x after A=~/.ssh: B may be ~/.ssh/x
                    }
                }
                String printed = as.append() || target == null ? null : substituted.printedValue(as.value());
                if (printed != null) {
                    a.env.literal(target, printed); // p=$(printf '%s' /etc/shadow): p is what printf prints
                }
            }
            if (as.subscript() != null) {
                a.variables.arithmeticUse(sh.text(as.subscript().start(), as.subscript().end()), site);
            }
            for (var n : as.children()) {
                if (n instanceof Word w) {
                    sh.substitutions(w, ctx);
                }
            }
        }
        List<Arg> words = new ArrayList<>(sc.words().size());
        // the same words with every ${X:-default} (and :=, :+, -, =, +) replaced by its literal word:
        // rm ${X:--rf} ~ may be rm -rf ~ (null while no word has such an expansion)
        List<Arg> defaults = null;
        boolean[] altDynamic = new boolean[1];
        for (Word w : sc.words()) {
            altDynamic[0] = false;
            int before = words.size();
            String lit = w.literalValue();
            String alt = null;
            if (lit == null) {
                sh.substitutions(w, ctx);
                alt = DefaultWords.alternative(w.parts(), 0, altDynamic);
            } else if (a.env.hasCodeValues()) {
                // a literal word can name one too: declare -i n=x, unset 'a[x]'
                a.variables.mentionedCodeValues(sh.text(w.start(), w.end()), site, new HashSet<>());
            }
            wordArgs.expand(w, lit, -1, words, site);
            if (lit == null && words.size() == before + 1) {
                List<Arg> printer = sh.substitutionPrinter(w);
                if (printer != null) {
                    a.substitutedFile(words.get(before), printer); // xargs -a <(echo …), parallel :::: <(…)
                }
            }
            if (alt != null && defaults == null) {
                defaults = new ArrayList<>(words.subList(0, before));
            }
            if (defaults != null) {
                if (alt != null) {
                    defaults.add(new Arg(alt, altDynamic[0], false, w.start(), w.end()));
                } else {
                    defaults.addAll(words.subList(before, words.size()));
                }
            }
        }
        // the same words with every command substitution whose output is a pure function of literals replaced by
        // that output: cat $(printf '/%s/%s' etc shadow) is cat /etc/shadow (null while no word has one)
        List<Arg> printed = substituted.printedWords(sc.words(), site);
        // the same words with the variables the script gave literal values resolved: export F=~/.ssh/x;
        // tee $F is tee ~/.ssh/x (one list per value when a variable was given several: the worst counts)
        List<List<Arg>> resolved = a.env.hasLiterals() ? wordArgs.resolvedWords(sc.words(), site) : List.of();
        if (a.budget.operatorsOverBudget() && !operatorsRaised) {
            operatorsRaised = true;
            a.raise(site, a.setting("too-deep"), "parameter expansions take more than " + Budget.MAX_OPERATOR_WORK
                    + " pattern-matching steps in all");
        }
        if (a.env.keyword && words.size() > 1) {
            // set -k: a NAME=value word anywhere in the command is an assignment for it
            for (int i = 1; i < words.size(); i++) {
                Arg w = words.get(i);
                int eq = w.text.indexOf('=');
                if (eq > 0 && Variables.isName(w.text.substring(0, eq))) {
                    String v = w.text.substring(eq + 1);
                    if (assigns.isEmpty()) {
                        assigns = new LinkedHashMap<>();
                    }
                    assigns.put(w.text.substring(0, eq), v);
                    a.variables.set(w.text.substring(0, eq), v, w.unresolved(), true, site,
                            "is set for the command (set -k makes NAME=value arguments assignments)");
                }
            }
        }
        if (!words.isEmpty() && !words.get(0).dynamic && (words.get(0).text.equals("test") || words.get(0).text.equals("["))) {
            // test -v "$x": x's value is a variable's name, whose subscript bash evaluates as arithmetic
            for (int i = 1; i < sc.words().size(); i++) {
                String op = sc.words().get(i).literalValue();
                if ("-v".equals(op) || "-R".equals(op)) {
                    sh.nameOperand(sc.words(), i + 1, site);
                }
            }
        }
        if (!words.isEmpty() && !words.get(0).dynamic && DECLARING.contains(words.get(0).text)) {
            // declare -a a=([$x]=1): an indexed array's keys are arithmetic (an associative one's, -A, are not)
            boolean associative = false;
            for (int i = 1; i < sc.words().size(); i++) {
                String lit = sc.words().get(i).literalValue();
                if (lit != null && lit.startsWith("-") && lit.indexOf('A') > 0) {
                    associative = true;
                }
            }
            for (int i = 1; i < sc.words().size() && !associative; i++) {
                Word w = sc.words().get(i);
                String t = sh.text(w.start(), w.end());
                int open = t.indexOf("=(");
                if (open > 0 && t.endsWith(")")) {
                    arrayKeys(t.substring(open + 2, t.length() - 1), site);
                }
            }
        }
        if (!words.isEmpty() && words.get(0).text.equals("let") && !words.get(0).dynamic) {
            a.variables.arithmeticUse(sh.text(sc.start(), sc.end()).substring(Math.min(3, sc.end() - sc.start())), site);
        }
        CommandClass outerMax = a.commandMax;
        List<String> outerWritten = a.written;
        boolean outerToFile = a.outputToFile;
        PipedWords outerPiped = a.piped;
        a.commandMax = CommandClass.READ;
        a.written = new ArrayList<>();
        a.outputToFile = outerToFile || Redirections.outputToFile(sc.redirects());
        java.util.Map<Integer, Analysis.Stdin> outerDescriptors = a.descriptors;
        try {
            List<String> net = new ArrayList<>();
            Analysis.Stdin in = redirections.redirects(sc.redirects(), site, net);
            Site withInput = site.withStdin(in);
            if (in != ctx.stdin()) {
                // xargs cat <<< /etc/shadow: the command's own input takes the place of any pipe
                a.piped = InputWords.of(a, sh, sc.redirects(), in, ctx);
            }
            a.argfiles.nextCommand();
            a.command(words, assigns, withInput, net);
            if (defaults != null && !a.budget.exhausted) {
                // judged again as if each expansion gave its default word (an option, a path …)
                a.command(defaults, assigns, withInput.at(site.location() + " (with the expansions' default words)"),
                        net);
            }
            if (printed != null && !a.budget.exhausted) {
                a.command(printed, assigns, withInput.at(site.location() + " (with the substitutions' outputs)"), net);
            }
            for (List<Arg> r : resolved) {
                if (a.budget.exhausted) {
                    break;
                }
                // judged again with the values the script gave its variables
                a.command(r, assigns, withInput.at(site.location() + " (with the variables' values)"), net);
            }
            if (a.commandMax.atLeast(CommandClass.NETWORK)) {
                // curl -o x URL, wget -O x URL, nc host port > x: the file holds what the network sent
                a.scriptFiles.downloaded(a.written);
            }
            if (!a.written.isEmpty() && !sc.redirects().isEmpty()) {
                // echo '…' > f.go, cat > f.py <<'EOF': the text is remembered for a later run of the file
                List<Arg> outs = new ArrayList<>(1);
                List<Boolean> appends = new ArrayList<>(1);
                List<Arg> others = new ArrayList<>(0);
                for (Redirect r : sc.redirects()) {
                    if (!r.isOutput() || r.op() == Redirect.Op.READ_WRITE || r.isFdDuplication() || r.target() == null
                            || Redirections.hasProcessSubstitution(r.target())) {
                        continue;
                    }
                    boolean append = r.op() == Redirect.Op.APPEND || r.op() == Redirect.Op.APPEND_ALL;
                    boolean stdout = (r.fd() == -1 || r.fd() == 1) && r.op() != Redirect.Op.OUT_ALL
                            && r.op() != Redirect.Op.APPEND_ALL && r.op() != Redirect.Op.DUP_OUT;
                    if (stdout) {
                        outs.add(wordArgs.arg(r.target()));
                        appends.add(append);
                    } else {
                        others.add(wordArgs.arg(r.target()));
                    }
                }
                a.files.rememberOutput(words, in, outs, appends, others);
                a.files.emptied(words, in, outs, appends, site);
            }
        } finally {
            a.commandMax = outerMax.max(a.commandMax);
            a.written = outerWritten;
            a.outputToFile = outerToFile;
            a.piped = outerPiped;
            a.descriptors = outerDescriptors;
        }
        a.lastSimple = sc;
        a.lastWords = words;
    }

    /**
     * Whether the inline assignment only steers the builtin it precedes (an {@code env-steers-only} row): the
     * command word is literal, names no function the script defines, and the assignment is a plain one.
     */
    private boolean steersOnly(SimpleCommand sc, Assignment as) {
        String word = sc.words().get(0).literalValue();
        return word != null && !as.isArray() && as.subscript() == null && !as.append()
                && !a.functions.calls(word) && a.rules.steersOnly(word, as.name());
    }

    private static final java.util.Set<String> DECLARING = java.util.Set.of("declare", "typeset", "local", "readonly", "export");

    /**
     * The keys of an indexed array's compound assignment ({@code ([$x]=1 [i+1]=2)}, the text inside the parentheses):
     * bash evaluates each as arithmetic, so a value only known at run time in one is judged as arithmetic on it.
     */
    private void arrayKeys(String elements, Site site) {
        int n = elements.length();
        for (int i = 0; i < n; i++) {
            if (elements.charAt(i) == '[' && (i == 0 || Character.isWhitespace(elements.charAt(i - 1)))) {
                int close = elements.indexOf("]=", i);
                if (close < 0) {
                    return;
                }
                a.variables.arithmeticUse(elements.substring(i + 1, close), site);
                i = close;
            }
        }
    }

    /**
     * {@code NAME=([k]=v …)} and {@code NAME[k]=v}: the values the elements with known keys may hold
     * ({@link ArrayKeys}); element 0's is also a value of {@code $NAME}.
     */
    private void keyedElements(Assignment as, String target) {
        boolean associative = a.env.isAssociative(target);
        if (as.isArray()) {
            java.util.Map<String, String> keyed = as.append() ? null : ArrayKeys.keyed(as.array(), associative);
            for (var e : keyed == null ? java.util.Set.<java.util.Map.Entry<String, String>>of() : keyed.entrySet()) {
                a.env.element(target, e.getKey(), e.getValue());
                if (e.getKey().equals("0") && !associative) {
                    a.env.literal(target, e.getValue());
                }
            }
            return;
        }
        String key = ArrayKeys.key(as.subscript().literalValue(), associative);
        String value = as.value() == null ? "" : as.value().literalValue();
        if (key != null && value != null && !as.append()) {
            a.env.element(target, key, value);
        }
    }

    /** The elements of {@code NAME=(…)} when each is a plain literal word; null otherwise. */
    private static List<String> arrayElements(List<Word> words) {
        List<String> out = new ArrayList<>(words.size());
        for (Word w : words) {
            String lit = w.literalValue();
            if (lit == null || w.hasGlob() || lit.indexOf('{') >= 0 || lit.startsWith("[")) {
                return null;
            }
            out.add(lit);
        }
        return out;
    }
}
