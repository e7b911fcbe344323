package dev.cmdgate.core.classify;

/**
 * The fail-closed bounds of one classification and what it has used of them. Past a bound the branch being
 * analysed stops and the caller raises {@code verdict too-deep} with what was exceeded, so a hostile command
 * line costs bounded time and stack and is refused, never let through half read. Past {@link #MAX_COMMANDS}
 * the whole classification stops ({@link #exhausted}). The caps on what is reported (findings, invocations)
 * are not here: they trim the answer, they do not end the analysis.
 */
final class Budget {

    /** Nested code (sh -c inside sh -c …) deeper than this fails closed. */
    static final int MAX_CODE_DEPTH = 12;
    /** Simple commands analysed per classification before failing closed. */
    static final int MAX_COMMANDS = 20_000;
    /** Wrappers around wrappers (env env … nice …): past this depth the chain fails closed. */
    static final int MAX_WRAPPER_DEPTH = 64;
    /**
     * Words handed on from wrappers to the commands they run, summed over one classification. Each level
     * of a chain re-reads the words after it, so a long chain over a long argv costs depth × length;
     * past this budget the chain fails closed (real chains are a few levels over a few hundred words).
     */
    static final int MAX_WRAPPED_WORDS = 500_000;
    /** Words all brace expansions of one classification may produce before it fails closed. */
    static final int MAX_EXPANDED_WORDS = 100_000;

    /**
     * Pattern-matching steps the parameter-expansion operators of one classification may take (each bounded on its
     * own by {@link ParameterOperators}); past it an expansion is left unknown and the line fails closed.
     */
    static final long MAX_OPERATOR_WORK = 50_000_000L;

    private int commands;
    private long operatorWork;
    private int wrapperDepth;
    private long wrappedWords;
    private int expandedWords;
    /** More than {@link #MAX_COMMANDS} commands were met: nothing more is analysed. */
    boolean exhausted;

    /** Counts one more simple command; false, and exhausted from then on, when that is past the bound. */
    boolean command() {
        if (++commands > MAX_COMMANDS) {
            exhausted = true;
            return false;
        }
        return true;
    }

    /** Whether code one level deeper than {@code ctx} would pass {@link #MAX_CODE_DEPTH}. */
    static boolean tooDeep(Analysis.Ctx ctx) {
        return ctx.depth() + 1 > MAX_CODE_DEPTH;
    }

    /** Whether the wrappers being analysed are nested as deep as allowed: one more fails closed. */
    boolean wrappersFull() {
        return wrapperDepth >= MAX_WRAPPER_DEPTH;
    }

    void enterWrapper() {
        wrapperDepth++;
    }

    void leaveWrapper() {
        wrapperDepth--;
    }

    /** Counts the words a wrapper hands on; false once the sum is past {@link #MAX_WRAPPED_WORDS}. */
    boolean wrapped(int words) {
        wrappedWords += words;
        return wrappedWords <= MAX_WRAPPED_WORDS;
    }

    /** Counts the steps one operator may take; false once the sum is past {@link #MAX_OPERATOR_WORK}. */
    boolean operatorWork(long steps) {
        operatorWork += steps;
        return operatorWork <= MAX_OPERATOR_WORK;
    }

    /** Whether the operators have taken more steps than {@link #MAX_OPERATOR_WORK}. */
    boolean operatorsOverBudget() {
        return operatorWork > MAX_OPERATOR_WORK;
    }

    /** Whether brace expansion may still make words (the sum so far is within {@link #MAX_EXPANDED_WORDS}). */
    boolean mayExpand() {
        return expandedWords <= MAX_EXPANDED_WORDS;
    }

    /** Counts the words one brace expansion made; false once the sum is past {@link #MAX_EXPANDED_WORDS}. */
    boolean expanded(int words) {
        expandedWords += words;
        return expandedWords <= MAX_EXPANDED_WORDS;
    }
}
