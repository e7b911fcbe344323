package dev.cmdgate.core.rules;

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
 *                   follows it, and from the working directory)
 * @param name       option canonical name or key
 * @param conditions the row applies only when these hold
 * @param verdict    the verdict for an ordinary file
 * @param words      the marker words of an AFTER row (empty otherwise)
 */
public record WriteRule(Target target, String name, List<Condition> conditions, Verdict verdict, List<String> words) {

    /** Which arguments are written. */
    public enum Target { OPERANDS, LAST, OPT, KEY, AFTER, MENTIONS_OPT, MENTIONS_OPERANDS, URL_NAMES, PREFIXED, LINK_SOURCES }
}
