package dev.cmdgate.agent.prompt;

/** The handlers named in configuration rather than by class. */
final class BuiltInHandlers {

    static final Prompter DENY = new Fixed(Answer.DENY, "deny");
    static final Prompter ALLOW = new Fixed(Answer.ALLOW, "allow");

    private BuiltInHandlers() {
    }

    private record Fixed(Answer always, String name) implements Prompter {
        @Override
        public Answer answer(LaunchPrompt request) {
            return always;
        }
    }
}
