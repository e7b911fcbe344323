package dev.cmdgate.agent.prompt;

/** Something that answers prompts: a built-in handler, the console, or an application's handler. */
interface Prompter {

    /** The answer, or null for none (which counts as deny). */
    Answer answer(LaunchPrompt request) throws Exception;

    /** The name the audit line records. */
    String name();
}
