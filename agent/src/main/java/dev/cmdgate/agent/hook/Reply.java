package dev.cmdgate.agent.hook;

/**
 * A host's answer exactly as the host reads it: standard output, standard error and exit status.
 *
 * @param stdout the JSON the host parses, or empty
 * @param stderr text for the host (its reason, where exit status 2 is how a host is told no), or empty
 * @param exit   0 or 2
 */
record Reply(String stdout, String stderr, int exit) {

    static Reply json(String json) {
        return new Reply(json, "", 0);
    }

    static final Reply SILENT = new Reply("", "", 0);

    /** Exit status 2 with the reason on standard error: what blocks a tool call in hosts that treat it so. */
    static Reply blockingError(String reason) {
        return new Reply("", reason, 2);
    }
}
