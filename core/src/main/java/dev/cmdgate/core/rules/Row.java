package dev.cmdgate.core.rules;

import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import java.util.List;

/**
 * One row of a rules file being read: its words, where it is written, and the rule set it goes into.
 * Each kind of row reads itself from this ({@link CodeRule#parse}, {@link SettingsRows} …); what they share
 * is here: a word that must be there, the verdict after the arrow (which names this row as
 * {@code FILE:LINE}, the place a finding points a reviewer to) and the conditions of an {@code if} tail.
 */
final class Row {

    /** The row's words, the keyword first. */
    final List<String> words;
    private final String origin;
    private final int line;
    private final RuleSet rules;

    Row(List<String> words, String origin, int line, RuleSet rules) {
        this.words = words;
        this.origin = origin;
        this.line = line;
        this.rules = rules;
    }

    /** Other words at the same place (a row that stands for several: {@code opts}). */
    Row withWords(List<String> other) {
        return new Row(other, origin, line, rules);
    }

    int size() {
        return words.size();
    }

    String get(int i) {
        return words.get(i);
    }

    /** Word {@code i}, which the row must have. */
    String need(int i) {
        if (i >= words.size()) {
            throw new IllegalArgumentException("row ends too early");
        }
        return words.get(i);
    }

    /** Where the row's arrow is; it must come at {@code at} or later. */
    int arrow(int at) {
        int arrow = words.indexOf("->");
        if (arrow < at) {
            throw new IllegalArgumentException("expected '-> CLASS LEVEL \"reason\"'");
        }
        return arrow;
    }

    /** The verdict {@code -> CLASS LEVEL "reason"} after the arrow at {@code arrow}, which ends the row. */
    Verdict verdictAfter(int arrow) {
        if (words.size() != arrow + 4) {
            throw new IllegalArgumentException("expected '-> CLASS LEVEL \"reason\"' at the end of the row");
        }
        return verdict(words.get(arrow + 1), words.get(arrow + 2), words.get(arrow + 3));
    }

    /** A verdict written in this row. */
    Verdict verdict(String commandClass, String level, String reason) {
        return new Verdict(CommandClass.parse(commandClass), RiskLevel.parse(level), reason, where());
    }

    /** The row as findings name it: {@code builtin.rules:123} or {@code /etc/x.rules:7}. */
    String where() {
        return origin + ":" + line;
    }

    /** The conditions written as words {@code from} to {@code to} ({@link Condition#parse}). */
    List<Condition> conditions(Section s, int from, int to) {
        return Condition.parse(s, words.subList(from, to), rules.lists);
    }

    /** The conditions of an optional {@code if CONDITION...} tail starting at {@code i}. */
    List<Condition> ifConditions(Section s, int i) {
        if (i >= words.size()) {
            return List.of();
        }
        if (!words.get(i).equals("if") || i + 1 >= words.size()) {
            throw new IllegalArgumentException("expected 'if CONDITION...' at the end of the row");
        }
        return conditions(s, i + 1, words.size());
    }
}
