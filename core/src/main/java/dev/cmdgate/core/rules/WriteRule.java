package dev.cmdgate.core.rules;

import java.util.List;

/**
 * A {@code writes} row: which arguments name files the command writes. Each written path is checked
 * against the device and sensitive-path settings; an ordinary file gets the row's verdict.
 *
 * @param target     OPERANDS, LAST (operand), OPT (value of option {@code name}) or KEY
 *                   ({@code name=PATH} operands, as dd's {@code of=})
 * @param name       option canonical name or key
 * @param conditions the row applies only when these hold
 * @param verdict    the verdict for an ordinary file
 */
public record WriteRule(Target target, String name, List<Condition> conditions, Verdict verdict) {

    /** Which arguments are written. */
    public enum Target { OPERANDS, LAST, OPT, KEY }
}
