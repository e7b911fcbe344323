package dev.cmdgate.agent.hook;

/**
 * A host's answer exactly as the host reads it: standard output, standard error and exit status.
 *
 * @param stdout the JSON the host parses, or empty
 * @param stderr text for the host (its reason, where exit status 2 is how a host is told no), or empty
 * @param exit   0 or 2
 */
record HostReply(String stdout, String stderr, int exit) {

    static HostReply json(String json) {
        return new HostReply(json, "", 0);
    }

    static final HostReply SILENT = new HostReply("", "", 0);

    /** Exit status 2 with the reason on standard error: what blocks a tool call in hosts that treat it so. */
    static HostReply blockingError(String reason) {
        return new HostReply("", reason, 2);
    }
}
