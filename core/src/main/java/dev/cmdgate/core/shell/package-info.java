/**
 * A total, linear-time, depth-bounded parser for POSIX sh / bash scripts, producing a syntax tree
 * the classifier reasons over.
 *
 * <h2>Model</h2>
 * <pre>
 * ParseResult { input, Script script, List&lt;ParseError&gt; errors }      // never thrown
 * Script      = Statement*                                           // a command list
 * Statement   = Pipeline ((&amp;&amp; | ||) Pipeline)*  terminated by ; &amp; newline or nothing
 * Pipeline    = [time] [!] Command ((| | |&amp;) Command)*
 * Command     = SimpleCommand | Subshell | BraceGroup | IfCommand | WhileCommand | ForCommand
 *             | ArithForCommand | CaseCommand | FunctionDefinition | ArithmeticCommand
 *             | TestCommand | CoprocCommand                          // each with redirects()
 * SimpleCommand { assignments, words, redirects }
 * Redirect    { fd, op, target Word, HereDoc }
 * Word        = WordPart*
 * WordPart    = Literal | Escaped | SingleQuoted | AnsiCQuoted | DoubleQuoted(parts)
 *             | ParameterExpansion(subscript, operator, argument Words) | Tilde | PatternChar
 *             | CommandSubstitution(Script) | ProcessSubstitution(Script)
 *             | ArithmeticExpansion(expression Word)
 * </pre>
 *
 * <p>Every {@link dev.cmdgate.core.shell.Node} has {@code [start, end)} offsets into the input.
 * Nested scripts (command/process substitutions, also inside double quotes, parameter-expansion
 * defaults, arithmetic and array subscripts, unquoted here-document bodies) are parsed into
 * sub-trees, reachable through {@link dev.cmdgate.core.shell.Word#substitutions()} and
 * {@link dev.cmdgate.core.shell.ShellWalker}. Words are kept unexpanded; a word's static value after
 * quote removal is {@link dev.cmdgate.core.shell.Word#literalValue()} (null when it has expansions),
 * brace expansion is {@link dev.cmdgate.core.shell.Word#expandBraces()} (capped, with an over-cap
 * flag instead of an exception).
 *
 * <h2>What the tree guarantees</h2>
 * Every place where bash (or dash, see {@link dev.cmdgate.core.shell.ShellParser.Dialect}) runs a
 * nested script is a {@link dev.cmdgate.core.shell.Substitution} in the tree, including the places
 * where single quotes do not quote: the operand of <code>"${x:-'…'}"</code> (and {@code - := = :+ + :? ?})
 * inside double quotes, {@code $(( ))}, {@code (( ))} and array subscripts. A here-document's
 * body is a {@link dev.cmdgate.core.shell.HereDoc} attached to its redirection (its range lies after
 * the command line). What the parser cannot know is left to the caller: the contents of variables
 * (arithmetic evaluation of a variable holding <code>a[$(cmd)]</code>, <code>${x@P}</code>,
 * {@code eval}), text that builtins treat as code ({@code trap}, {@code printf -v 'a[$(cmd)]'},
 * {@code declare}/{@code unset}/{@code read} with subscripts, {@code alias} under
 * {@code expand_aliases}), and {@code sh -c} strings.
 *
 * <h2>Robustness</h2>
 * The parser never throws: syntax errors, exceeded nesting depth and stack exhaustion are returned
 * as {@link dev.cmdgate.core.shell.ParseError}s alongside the partial tree. Gatekeepers must treat
 * any error as fail-closed. Keywords are recognised only in command position; aliases are not
 * expanded (non-interactive shells do not expand them by default). The default dialect is bash;
 * {@link dev.cmdgate.core.shell.ShellParser.Dialect#POSIX} parses like dash. A script for {@code sh}
 * should be parsed in both, keeping the more severe verdict. Parsing is linear in the input, nesting
 * is bounded by {@link dev.cmdgate.core.shell.ShellParser#DEFAULT_MAX_DEPTH} (configurable), and a
 * typical command line parses in about 1–2 µs of CPU.
 */
package dev.cmdgate.core.shell;
