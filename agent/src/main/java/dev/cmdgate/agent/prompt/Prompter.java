package dev.cmdgate.agent.prompt;

/** Something that answers prompts: a built-in handler, the console, an application's handler, an approval service. */
public interface Prompter {

    /** The answer, or null for none (which counts as deny). */
    Answer answer(LaunchPrompt request) throws Exception;

    /** The name the audit line records. */
    String name();

    /** The answer with who gave it; a handler that knows no more than the answer gives only that. */
    default Reply reply(LaunchPrompt request) throws Exception {
        return Reply.of(answer(request));
    }
}
