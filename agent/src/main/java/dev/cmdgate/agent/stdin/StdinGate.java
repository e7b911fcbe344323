package dev.cmdgate.agent.stdin;

/**
 * Decides the commands written to one gated shell session, through the same path as a launch of
 * {@code sh -c COMMAND}: classification, autonomy or level, policy, prompt, audit line. Each method
 * returns normally to let the command through or throws {@link SecurityException} (message starting
 * {@code cmdgate: blocked}) to refuse it.
 */
public interface StdinGate {

    /** One complete command (possibly several lines, e.g. with a here-document), exactly as the shell will read it. */
    void check(String command);

    /** Refuses text that cannot be judged (not UTF-8, too long without completing); always throws. */
    void refuse(String text, String why);
}
