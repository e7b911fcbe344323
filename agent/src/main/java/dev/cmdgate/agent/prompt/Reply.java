package dev.cmdgate.agent.prompt;

/**
 * A prompt's answer with who gave it: the approver's name, the channel it came through (the web page,
 * a chat tool) and the note they left, as an approval service reports them; each null when the
 * answer came from a handler of this JVM.
 */
public record Reply(Answer answer, String approver, String channel, String note) {

    /** An answer nobody in particular gave (a built-in handler, the console, the application's handler). */
    static Reply of(Answer answer) {
        return answer == null ? null : new Reply(answer, null, null, null);
    }
}
