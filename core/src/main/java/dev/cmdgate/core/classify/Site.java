package dev.cmdgate.core.classify;

/**
 * Where a command being judged sits, for what is judged of it: its nesting context (depth, pipeline, standard
 * input), its text as findings show it, and its location (the path of steps that reached it, with offsets in
 * the analysed text). Made once per command or nested step and handed on as it is, never per word.
 */
record Site(Analysis.Ctx ctx, String display, String location) {

    /** The same command at another location (a variant of it: {@code (with the variables' values)}). */
    Site at(String where) {
        return new Site(ctx, display, where);
    }

    /** A step inside the command: the location gets {@code " > " + step} ({@code git > core.pager}). */
    Site below(String step) {
        return new Site(ctx, display, location + " > " + step);
    }

    /** The same command reading another standard input (itself when the input is the one it has: most commands). */
    Site withStdin(Analysis.Stdin in) {
        return in == ctx.stdin() ? this : new Site(ctx.withStdin(in), display, location);
    }
}
