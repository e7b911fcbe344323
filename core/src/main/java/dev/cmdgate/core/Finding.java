package dev.cmdgate.core;

/**
 * One explanation in a classification: which simple command raised the class, to what, and why.
 *
 * @param command  the simple command as the user would recognise it (argv joined, quoted where needed)
 * @param location where it sits: offsets into the analysed text and the nesting path,
 *                 e.g. {@code "sh -c script [12,25)"} or {@code "argv"}
 * @param commandClass the class this finding raises the command to
 * @param level    the level this finding raises the command to
 * @param reason   why, in words a user understands
 */
public record Finding(String command, String location, CommandClass commandClass, RiskLevel level, String reason) {
}
