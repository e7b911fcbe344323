package dev.cmdgate.core.rules;

import java.util.List;

/** A {@code when} row: when all conditions hold, the command is raised to the verdict. */
public record When(List<Condition> conditions, Verdict verdict, String text) {
}
