package dev.cmdgate.agent.stdin;

import dev.cmdgate.core.shell.HereDoc;
import dev.cmdgate.core.shell.Node;
import dev.cmdgate.core.shell.ParseResult;
import dev.cmdgate.core.shell.ShellParser;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Tells where a complete command ends in text written to a shell's standard input, the way the shell
 * itself decides when it has read enough to run something: at a newline that is not inside a quote, a
 * command or parameter substitution, a bracket, a compound command ({@code if…fi}, {@code case…esac},
 * {@code for/while/until/select…done}, {@code { … }}), a here-document body, after a trailing
 * {@code |}, {@code &&}, {@code ||} or a backslash-newline.
 *
 * <p>When this scan finds a command complete, cmdgate's shell parser ({@link ShellParser}) has the
 * last word: input it reports as ending too early (an unterminated quote or substitution, a missing
 * {@code fi}/{@code done}/{@code esac}, a here-document without its delimiter line) is held for more.
 *
 * <p>Incremental: {@link #feed} takes the text up to and including each newline and keeps its state,
 * so every character is scanned once however long a command grows. {@link #reset} starts over.
 *
 * <p>It only frames; it does not judge. A mistake in either direction is safe: framing too early
 * hands the classifier an incomplete script (which does not parse, so it is refused as unparseable),
 * framing too late only holds the text back until more arrives (the whole is then judged together).
 */
public final class CommandFramer {

    private enum Ctx { CODE_PAREN, CODE_CMDSUB, CODE_BRACE, CODE_IF, CODE_CASE, CODE_LOOP, SQ, DQ, ANSI, BACKTICK, PARAM }

    private final StringBuilder text = new StringBuilder();
    private int pos;
    private final Deque<Ctx> stack = new ArrayDeque<>();
    private final List<String[]> pendingHereDocs = new ArrayList<>();   // {delimiter, "-" or ""}
    private String[] hereDoc;            // the body being read, or null
    private int hereDocLineStart;
    private boolean commandPosition = true;
    private boolean continuation;        // the last token was | && || (the command goes on)
    private boolean expectHereDocWord;
    private boolean hereDocStrip;
    private boolean afterFunctionKeyword;
    private int functionWords;
    private final StringBuilder word = new StringBuilder();
    private boolean wordPlain = true;    // no quotes or expansions in the current word
    private boolean inWord;

    /** Appends text (normally up to and including a newline) and reports whether the whole text so far is complete. */
    public boolean feed(CharSequence more) {
        text.append(more);
        boolean complete = false;
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (hereDoc != null) {
                pos++;
                if (c == '\n') {
                    endHereDocLine();
                    complete = atEnd();
                }
                continue;
            }
            step(c);
            if (c == '\n') {
                complete = atEnd();
            }
        }
        return complete && !endsEarly(text.toString());
    }

    /**
     * True when the parser shows the text stops before the end of a command: it reports the input as
     * {@linkplain ParseResult#incomplete() incomplete} (it ends inside a quote, a substitution, a
     * compound command, after {@code &&} …), or a here-document's delimiter line has not come.
     */
    static boolean endsEarly(String script) {
        ParseResult r;
        try {
            r = ShellParser.parse(script);
        } catch (RuntimeException | StackOverflowError e) {
            return false;   // let the classifier judge it (it fails closed on what it cannot parse)
        }
        return r.incomplete() || unterminatedHereDoc(r.script(), 0);
    }

    private static boolean unterminatedHereDoc(Node node, int depth) {
        if (node == null || depth > 1000) {
            return false;
        }
        if (node instanceof HereDoc h && !h.terminated()) {
            return true;
        }
        for (Node child : node.children()) {
            if (unterminatedHereDoc(child, depth + 1)) {
                return true;
            }
        }
        return false;
    }

    /** The text fed since the last reset. */
    public String text() {
        return text.toString();
    }

    public void reset() {
        text.setLength(0);
        pos = 0;
        stack.clear();
        pendingHereDocs.clear();
        hereDoc = null;
        commandPosition = true;
        continuation = false;
        expectHereDocWord = false;
        afterFunctionKeyword = false;
        functionWords = 0;
        word.setLength(0);
        wordPlain = true;
        inWord = false;
    }

    private boolean atEnd() {
        return stack.isEmpty() && hereDoc == null && pendingHereDocs.isEmpty() && !continuation;
    }

    private Ctx top() {
        return stack.peek();
    }

    private boolean inCode() {
        Ctx t = top();
        return t == null || t == Ctx.CODE_PAREN || t == Ctx.CODE_CMDSUB || t == Ctx.CODE_BRACE || t == Ctx.CODE_IF
                || t == Ctx.CODE_CASE || t == Ctx.CODE_LOOP;
    }

    private char peek(int ahead) {
        int i = pos + ahead;
        return i < text.length() ? text.charAt(i) : '\0';
    }

    private void step(char c) {
        Ctx t = top();
        if (t == Ctx.SQ) {
            pos++;
            if (c == '\'') {
                stack.pop();
            }
            word.append(c);
            return;
        }
        if (t == Ctx.ANSI) {
            pos++;
            word.append(c);
            if (c == '\\') {
                if (pos < text.length()) {
                    word.append(text.charAt(pos));
                    pos++;
                }
            } else if (c == '\'') {
                stack.pop();
            }
            return;
        }
        if (t == Ctx.DQ || t == Ctx.BACKTICK || t == Ctx.PARAM) {
            pos++;
            word.append(c);
            if (c == '\\') {
                if (pos < text.length()) {
                    word.append(text.charAt(pos));
                    pos++;
                }
            } else if (c == '"' && t == Ctx.DQ) {
                stack.pop();
            } else if (c == '`' && t == Ctx.BACKTICK) {
                stack.pop();
            } else if (c == '}' && t == Ctx.PARAM) {
                stack.pop();
            } else if (c == '`') {
                stack.push(Ctx.BACKTICK);
            } else if (c == '"' && t == Ctx.PARAM) {
                stack.push(Ctx.DQ);
            } else if (c == '\'' && t == Ctx.PARAM) {
                stack.push(Ctx.SQ);
            } else if (c == '$') {
                dollar();
            }
            return;
        }
        code(c);
    }

    /** After a {@code $} (already consumed): open what it starts, if anything. */
    private void dollar() {
        char n = peek(0);
        if (n == '(') {
            pos++;
            word.append(n);
            stack.push(Ctx.CODE_CMDSUB);
            commandPosition = true;
        } else if (n == '{') {
            pos++;
            word.append(n);
            stack.push(Ctx.PARAM);
        } else if (n == '\'' && inCode()) {
            pos++;
            word.append(n);
            stack.push(Ctx.ANSI);
        }
    }

    private void code(char c) {
        if (c == '\\') {
            pos++;
            if (peek(0) == '\n') {
                pos++;          // line continuation: the command goes on
                continuation = true;
                if (peek(0) != '\0') {
                    continuation = false;
                }
                return;
            }
            startWord();
            wordPlain = false;
            word.append(c);
            if (pos < text.length()) {
                word.append(text.charAt(pos));
                pos++;
            }
            return;
        }
        if (continuation && c != ' ' && c != '\t' && c != '\n' && c != '#') {
            continuation = false;
        }
        if (c == '#' && !inWord) {
            while (pos < text.length() && text.charAt(pos) != '\n') {
                pos++;
            }
            return;
        }
        switch (c) {
            case ' ', '\t' -> {
                pos++;
                endWord();
            }
            case '\n' -> {
                pos++;
                endWord();
                if (!pendingHereDocs.isEmpty()) {
                    hereDoc = pendingHereDocs.remove(0);
                    hereDocLineStart = pos;
                }
                commandPosition = true;
            }
            case '\'' -> {
                pos++;
                startWord();
                wordPlain = false;
                word.append(c);
                stack.push(Ctx.SQ);
            }
            case '"' -> {
                pos++;
                startWord();
                wordPlain = false;
                word.append(c);
                stack.push(Ctx.DQ);
            }
            case '`' -> {
                pos++;
                startWord();
                wordPlain = false;
                word.append(c);
                stack.push(Ctx.BACKTICK);
            }
            case '$' -> {
                pos++;
                startWord();
                wordPlain = false;
                word.append(c);
                dollar();
            }
            case ';', '&', '|' -> operator(c);
            case '(' -> {
                pos++;
                endWord();
                stack.push(Ctx.CODE_PAREN);
                commandPosition = true;
            }
            case ')' -> {
                pos++;
                endWord();
                Ctx t = top();
                if (t == Ctx.CODE_PAREN || t == Ctx.CODE_CMDSUB) {
                    stack.pop();
                }
                // inside case … esac an unmatched ')' ends a pattern; elsewhere it is a syntax error,
                // which the classifier sees (the text is framed as it is)
                commandPosition = true;
            }
            case '<', '>' -> {
                pos++;
                endWord();
                if (c == '<' && peek(0) == '<' && peek(1) != '<') {
                    pos++;
                    hereDocStrip = peek(0) == '-';
                    if (hereDocStrip) {
                        pos++;
                    }
                    expectHereDocWord = true;
                } else if (c == '<' && peek(0) == '<') {
                    pos += 2;   // here-string <<<
                } else if (peek(0) == '(') {
                    pos++;      // process substitution <( … ) / >( … )
                    stack.push(Ctx.CODE_CMDSUB);
                    commandPosition = true;
                    return;
                } else if (peek(0) == '&' || peek(0) == '>' || peek(0) == '|') {
                    pos++;      // >> >& >| <& <>
                }
                commandPosition = false;
            }
            default -> {
                pos++;
                startWord();
                word.append(c);
            }
        }
    }

    private void operator(char c) {
        pos++;
        endWord();
        char n = peek(0);
        if (c == ';') {
            if (n == ';' || n == '&') {
                pos++;
                if (n == '&' && peek(0) == '&') {
                    pos++;
                }
            }
            commandPosition = true;
            return;
        }
        if (c == '&') {
            if (n == '&') {
                pos++;
                continuation = true;
            } else if (n == '>') {
                return;         // &> redirection
            }
            commandPosition = true;
            return;
        }
        // '|'
        if (n == '|' || n == '&') {
            pos++;
        }
        continuation = true;
        commandPosition = true;
    }

    private void startWord() {
        if (!inWord) {
            inWord = true;
            word.setLength(0);
            wordPlain = true;
        }
    }

    private void endWord() {
        if (!inWord) {
            return;
        }
        inWord = false;
        String w = word.toString();
        if (expectHereDocWord) {
            expectHereDocWord = false;
            pendingHereDocs.add(new String[] {unquote(w), hereDocStrip ? "-" : ""});
            commandPosition = false;
            return;
        }
        if (afterFunctionKeyword) {
            // function NAME [()] { … }: the body's '{' follows the name
            functionWords++;
            if (functionWords == 1) {
                commandPosition = true;
                return;
            }
            afterFunctionKeyword = false;
        }
        if (!wordPlain || !commandPosition) {
            commandPosition = false;
            return;
        }
        switch (w) {
            case "if" -> stack.push(Ctx.CODE_IF);
            case "case" -> {
                stack.push(Ctx.CODE_CASE);
                commandPosition = false;
                return;
            }
            case "for", "while", "until", "select" -> stack.push(Ctx.CODE_LOOP);
            case "{" -> stack.push(Ctx.CODE_BRACE);
            case "fi" -> pop(Ctx.CODE_IF);
            case "esac" -> pop(Ctx.CODE_CASE);
            case "done" -> pop(Ctx.CODE_LOOP);
            case "}" -> pop(Ctx.CODE_BRACE);
            case "function" -> {
                afterFunctionKeyword = true;
                functionWords = 0;
                return;
            }
            case "then", "do", "else", "elif", "!", "time", "in" -> {
                return;         // command position goes on
            }
            default -> {
                commandPosition = false;
                return;
            }
        }
        commandPosition = !"fi".equals(w) && !"esac".equals(w) && !"done".equals(w) && !"}".equals(w);
    }

    private void pop(Ctx expected) {
        if (top() == expected) {
            stack.pop();
        }
    }

    private void endHereDocLine() {
        String line = text.substring(hereDocLineStart, pos - 1);
        if ("-".equals(hereDoc[1])) {
            int i = 0;
            while (i < line.length() && line.charAt(i) == '\t') {
                i++;
            }
            line = line.substring(i);
        }
        if (line.equals(hereDoc[0])) {
            hereDoc = pendingHereDocs.isEmpty() ? null : pendingHereDocs.remove(0);
        }
        hereDocLineStart = pos;
    }

    private static String unquote(String w) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            if (c == '\\' && i + 1 < w.length()) {
                out.append(w.charAt(++i));
            } else if (c != '\'' && c != '"') {
                out.append(c);
            }
        }
        return out.toString();
    }
}
