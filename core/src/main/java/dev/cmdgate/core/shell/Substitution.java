package dev.cmdgate.core.shell;

/**
 * A nested script the shell runs while expanding a word: {@link CommandSubstitution} and
 * {@link ProcessSubstitution}.
 */
public interface Substitution extends Node {

    /** The nested script, parsed. */
    Script script();
}
