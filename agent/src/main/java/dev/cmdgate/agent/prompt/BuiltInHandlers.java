package dev.cmdgate.agent.prompt;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;

/** The handlers named in configuration rather than by class. */
final class BuiltInHandlers {

    static final PromptHandler DENY = request -> PromptAnswer.DENY;
    static final PromptHandler ALLOW = request -> PromptAnswer.ALLOW;

    private BuiltInHandlers() {
    }
}
