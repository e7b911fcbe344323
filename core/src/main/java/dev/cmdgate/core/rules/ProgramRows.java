package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads one row of a program section ({@code [git push]}; docs/rules-format.md, "Rows in a program section")
 * into the section. A row kind with a record reads itself ({@link CodeRule#parse}, {@link WriteRule#parse} …);
 * the rows that set one field of the section are read here.
 */
final class ProgramRows {

    /** How a {@code prints} row reads the command's words. */
    static final Set<String> PRINTS = Set.of("echo", "printf", "input");

    private ProgramRows() {
    }

    /** Reads {@code row} into {@code s}; {@code overlay}: the row is a user's, on top of the built-in rules. */
    static void read(Section s, Row row, boolean overlay) {
        List<String> t = row.words;
        String kw = t.get(0);
        switch (kw) {
            case "is" -> {
                if (t.size() < 3 || t.size() > 4) {
                    throw new IllegalArgumentException("expected: is CLASS LEVEL \"reason\"");
                }
                s.verdict = row.verdict(t.get(1), t.get(2),
                        t.size() == 4 ? t.get(3) : s.key + " is classified " + CommandClass.parse(t.get(1)).label());
            }
            case "parse" -> parse(s, row);
            case "opt" -> s.declare(OptionSpec.parse(row), overlay);
            case "opts" -> {
                for (Row opt : OptionSpec.groups(row)) {
                    s.declare(OptionSpec.parse(opt), overlay);
                }
            }
            case "version" -> {
                if (t.size() < 2) {
                    throw new IllegalArgumentException("expected: version SPELLING...");
                }
                s.versionSpellings.addAll(t.subList(1, t.size()));
            }
            case "assigns" -> s.assigns.add(AssignRule.parse(s, row));
            case "sets" -> s.shellOptions.add(ShellOptionRule.parse(s, row));
            case "state" -> s.state.add(row.ifConditions(s, 1));
            case "unsets" -> {
                AssignRule r = AssignRule.parse(s, row);
                if (r.source() == AssignRule.Source.OPERANDS || r.exports() || r.nameref()) {
                    throw new IllegalArgumentException("expected: unsets names|operand N|opt OPT [if CONDITION...]");
                }
                s.unsets.add(r);
            }
            case "chdir" -> {
                if (t.size() != 1) {
                    throw new IllegalArgumentException("expected: chdir");
                }
                s.chdir = true;
            }
            case "when" -> {
                When w = When.parse(s, row);
                if (overlay) {
                    // a user's row with exactly the same conditions replaces the built-in one
                    for (int k = s.whens.size() - 1; k >= 0; k--) {
                        if (s.whens.get(k).text().equals(w.text())) {
                            s.whens.remove(k);
                        }
                    }
                }
                s.whens.add(w);
            }
            case "runs" -> {
                s.runs = RunsRule.parse(s, row);
                if (s.mode == Section.ParseMode.GNU && s.runs.between().isEmpty() && !s.runs.afterDashdash()) {
                    s.mode = Section.ParseMode.POSIX;   // a wrapper's options end at the command it runs
                }
            }
            case "code" -> s.codes.add(CodeRule.parse(s, row));
            case "code-file" -> {
                int arrow = row.arrow(1);
                if (arrow > 2) {
                    throw new IllegalArgumentException("expected: code-file [LANGUAGE] -> CLASS LEVEL \"reason\"");
                }
                s.codeFileLanguage = arrow == 2 ? t.get(1) : null;
                s.codeFile = row.verdictAfter(arrow);
            }
            case "prints" -> {
                if (t.size() != 2 || !PRINTS.contains(t.get(1))) {
                    throw new IllegalArgumentException("expected: prints echo|printf|input");
                }
                s.prints = t.get(1);
            }
            case "stdin-code" -> stdinCode(s, row);
            case "fifo" -> s.fifos.add(FifoRule.parse(s, row));
            case "dry-run" -> {
                int ifAt = t.indexOf("if");
                int end = ifAt < 0 ? t.size() : ifAt;
                List<String> opts = new ArrayList<>();
                for (String o : t.subList(1, end)) {
                    opts.add(s.optionName(o));
                }
                s.dryRun = List.copyOf(opts);
                s.dryRunIf = ifAt < 0 ? List.of() : row.conditions(s, ifAt + 1, t.size());
            }
            case "writes" -> s.writes.add(WriteRule.parse(s, row));
            case "reads" -> {
                if (t.size() == 2 && t.get(1).equals("none")) {
                    s.readsNone = true;
                } else {
                    s.reads.add(ReadRule.parse(s, row));
                }
            }
            case "reset" -> s.reset();
            default -> throw new IllegalArgumentException("unknown row '" + kw + "'");
        }
    }

    /** {@code parse gnu|posix|none [first-bundle] [global-options] [plus-options] [after N]}. */
    private static void parse(Section s, Row row) {
        for (int i = 1; i < row.size(); i++) {
            switch (row.get(i)) {
                case "gnu" -> s.mode = Section.ParseMode.GNU;
                case "posix" -> s.mode = Section.ParseMode.POSIX;
                case "none" -> s.mode = Section.ParseMode.NONE;
                case "first-bundle" -> s.firstBundle = true;
                case "global-options" -> s.globalOptions = true;
                case "plus-options" -> s.plusOptions = true;
                case "after" -> s.posixAfter = Integer.parseInt(row.need(++i));
                default -> throw new IllegalArgumentException("unknown parse word '" + row.get(i) + "'");
            }
        }
    }

    /** {@code stdin-code [after N] [interactive OPT...] -> CLASS LEVEL "reason"}. */
    private static void stdinCode(Section s, Row row) {
        List<String> t = row.words;
        int arrow = row.arrow(1);
        int i = 1;
        if (i < arrow && t.get(i).equals("after")) {
            s.stdinCodeAfter = Integer.parseInt(row.need(i + 1));
            i += 2;
        }
        if (i < arrow && t.get(i).equals("interactive") && i + 1 < arrow) {
            s.stdinInteractive.clear();
            for (i++; i < arrow; i++) {
                s.stdinInteractive.add(s.optionName(t.get(i)));
            }
        }
        if (i != arrow) {
            throw new IllegalArgumentException("expected: stdin-code [after N] [interactive OPT...] -> CLASS LEVEL \"reason\"");
        }
        s.stdinCode = row.verdictAfter(arrow);
    }
}
