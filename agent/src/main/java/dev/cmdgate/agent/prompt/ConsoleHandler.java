package dev.cmdgate.agent.prompt;

import dev.cmdgate.api.PromptAnswer;
import dev.cmdgate.api.PromptHandler;
import dev.cmdgate.api.PromptRequest;
import dev.cmdgate.core.decision.CommandText;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Asks on the terminal — {@link System#console()}, else {@code /dev/tty} — never on the
 * application's own standard input. One question at a time: other threads' questions wait here,
 * while their Read launches (which never prompt) go on.
 */
final class ConsoleHandler implements PromptHandler {

    static final Path TTY = Path.of("/dev/tty");

    /** True when a terminal is there to ask on. */
    static boolean available() {
        return System.console() != null || (Files.isReadable(TTY) && Files.isWritable(TTY) && ttyOpens());
    }

    private static boolean ttyOpens() {
        try (var in = Files.newInputStream(TTY)) {
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public synchronized PromptAnswer answer(PromptRequest request) throws IOException {
        Console console = System.console();
        if (console != null) {
            return ask(request, console.reader(), console.writer());
        }
        Charset cs = Charset.defaultCharset();
        try (Reader in = new InputStreamReader(Files.newInputStream(TTY), cs);
             Writer out = new OutputStreamWriter(Files.newOutputStream(TTY), cs)) {
            return ask(request, in, new PrintWriter(out, true));
        }
    }

    private static PromptAnswer ask(PromptRequest r, Reader reader, PrintWriter out) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        out.println();
        out.println("cmdgate: " + CommandText.render(r.argv()));
        out.println("  class " + r.commandClass() + ", level " + r.level() + ", in " + r.workingDirectory());
        for (String reason : r.reasons()) {
            out.println("  - " + reason);
        }
        if (r.caller() != null) {
            out.println("  launched by " + r.caller());
        }
        for (int tries = 0; tries < 3; tries++) {
            out.print("Allow? [y]es / [n]o / [a]lways for this exact command: ");
            out.flush();
            String line = in.readLine();
            if (line == null) {
                return PromptAnswer.DENY;
            }
            switch (line.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "y", "yes" -> {
                    return PromptAnswer.ALLOW;
                }
                case "a", "always" -> {
                    return PromptAnswer.ALLOW_ALWAYS;
                }
                case "n", "no", "" -> {
                    return PromptAnswer.DENY;
                }
                default -> out.println("Please answer y, n or a.");
            }
        }
        return PromptAnswer.DENY;
    }
}
