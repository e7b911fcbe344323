package dev.cmdgate.agent.hook;

/**
 * What cmdgate tells a host about one tool call, before it is put in the host's words.
 *
 * @param reason for the person and the model: what was found, by which rule, and what to do instead (null only
 *               for {@link Kind#NO_OPINION})
 */
record HookAnswer(Kind kind, String reason) {

    enum Kind {
        /** run it without asking */
        ALLOW,
        /** let the host ask the user */
        ASK,
        /** do not run it */
        DENY,
        /** cmdgate has nothing to say: the host's own permission flow decides (a tool that runs no command, audit mode) */
        NO_OPINION
    }

    static final HookAnswer NO_OPINION = new HookAnswer(Kind.NO_OPINION, null);
}
