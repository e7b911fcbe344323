package dev.cmdgate.agent.prompt;

import dev.cmdgate.core.decision.CommandText;
import java.io.ByteArrayOutputStream;
import java.io.Console;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Asks on the terminal — {@link System#console()} when the JVM has one, else {@code /dev/tty} — and
 * never on the application's own standard input when that is not a terminal. Shows the command, its
 * class, level, reasons, context and caller; accepts y / n / a (anything else is asked again, an empty
 * line or end of input is no). With a console, its writer shows the question and its terminal (this
 * JVM's stdin, which is then a terminal) gives the answer; without one, {@code /dev/tty} does both.
 *
 * <p>One question at a time: other threads' questions wait their turn (Read launches never prompt, so
 * they go on). Waiting and reading are interruptible, so when the resolver's timeout cancels a
 * question the terminal is free again for the next one. Everything shown goes through
 * {@link ScreenText}: control, invisible and look-alike characters become escapes and long runs of
 * spaces are folded visibly, and the command is never shortened, so a command line can neither
 * rewrite nor hide any part of what the user approves.
 */
final class ConsoleHandler implements Prompter {

    static final String TTY = "/dev/tty";
    private static final long POLL_MILLIS = 20;
    private static final int MAX_LINE = 4096;

    private final ReentrantLock oneAtATime = new ReentrantLock(true);

    /** True when a terminal is there to ask on. */
    static boolean available() {
        if (terminalConsole() != null) {
            return true;
        }
        try (FileInputStream in = new FileInputStream(TTY)) {
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * {@link System#console()} when it is an interactive terminal. From JDK 22 it may be non-null with
     * redirected streams; {@code Console.isTerminal()} (JDK 22+, called reflectively) tells.
     */
    static Console terminalConsole() {
        Console c = System.console();
        if (c == null) {
            return null;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return Boolean.TRUE.equals(isTerminal.invoke(c)) ? c : null;
        } catch (NoSuchMethodException e) {
            return c;   // before JDK 22 a console exists only when stdin and stdout are a terminal
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public String name() {
        return "console";
    }

    /** There is no terminal to ask on (no console, and no controlling terminal behind /dev/tty). */
    static final class NoTerminal extends IOException {
        NoTerminal() {
            super("no terminal to ask on (the JVM has no console and no controlling terminal), so cmdgate.prompt=console"
                    + " denies", null);
        }
    }

    @Override
    public Answer answer(LaunchPrompt request) throws IOException, InterruptedException {
        oneAtATime.lockInterruptibly();
        try {
            Console console = terminalConsole();
            if (console != null) {
                // The console's terminal is this JVM's stdin; read its file descriptor directly (never
                // closed here) because Console.reader() can neither be polled nor interrupted.
                return ask(request, new FileInputStream(FileDescriptor.in), console.charset(), console.writer());
            }
            Charset cs = Charset.defaultCharset();
            FileInputStream tin;
            try {
                tin = new FileInputStream(TTY);
            } catch (java.io.FileNotFoundException e) {
                throw new NoTerminal();
            }
            try (tin; FileOutputStream tout = new FileOutputStream(TTY)) {
                return ask(request, tin, cs, new PrintWriter(new OutputStreamWriter(tout, cs), true));
            }
        } finally {
            oneAtATime.unlock();
        }
    }

    static Answer ask(LaunchPrompt r, InputStream in, Charset cs, PrintWriter out) throws IOException, InterruptedException {
        out.println();
        out.println("cmdgate: a command needs your approval");
        // the whole command, never shortened: what is approved is what runs
        String command = CommandText.full(r.argv());
        boolean escaped = !printable(command, cs).equals(command);
        out.println("  " + printable(command, cs));
        out.println("  class " + printable(r.commandClass(), cs) + ", level " + printable(r.level(), cs)
                + ", in " + printable(r.workingDirectory(), cs));
        for (Map.Entry<String, String> e : r.environment().entrySet()) {
            String shown = CommandText.full(java.util.List.of(e.getKey() + "=" + e.getValue()));
            escaped |= !printable(shown, cs).equals(shown);
            out.println("  with environment " + printable(shown, cs));
        }
        for (String redirect : r.redirects()) {
            escaped |= !printable(redirect, cs).equals(redirect);
            out.println("  output " + printable(redirect, cs));
        }
        for (String reason : r.reasons()) {
            out.println("  - " + printable(reason, cs));
        }
        Map<String, String> context = r.context();
        if (context != null && !context.isEmpty()) {
            StringBuilder c = new StringBuilder();
            context.forEach((k, v) -> c.append(c.length() == 0 ? "" : ", ").append(k).append('=').append(v));
            out.println("  context: " + printable(c.toString(), cs));
        }
        if (r.caller() != null) {
            out.println("  launched by " + printable(r.caller(), cs));
        }
        if (escaped) {
            out.println("  (characters a terminal would not show are written as escapes such as \\u200b or \\x1b; "
                    + ScreenText.foldedSpaces("N", cs) + " stands for N spaces)");
        }
        try {
            for (int tries = 0; tries < 3; tries++) {
                out.print("Allow? [y]es / [n]o / [a]lways for this exact launch: ");
                out.flush();
                String line = readLine(in, cs);
                if (line == null) {
                    out.println();
                    out.println("cmdgate: no answer (end of input): denied");
                    return Answer.DENY;
                }
                switch (line.trim().toLowerCase(Locale.ROOT)) {
                    case "y", "yes" -> {
                        return Answer.ALLOW;
                    }
                    case "a", "always" -> {
                        return Answer.ALLOW_ALWAYS;
                    }
                    case "n", "no", "" -> {
                        return Answer.DENY;
                    }
                    default -> out.println("Please answer y, n or a.");
                }
            }
            out.println("cmdgate: no valid answer: denied");
            return Answer.DENY;
        } catch (InterruptedException e) {
            out.println();
            out.println("cmdgate: no answer in time: denied");
            out.flush();
            throw e;
        }
    }

    /**
     * Reads one line without ever blocking in a read: a read blocked on a terminal ignores interrupts
     * (and would keep the terminal after a timeout), so wait for input by polling
     * {@link InputStream#available()} and sleeping, which an interrupt ends, and read one byte at a
     * time only when one is there (so nothing after the newline is consumed). Returns null at end of
     * input. End of input that the stream does not report as available (Ctrl-D on a terminal) is not
     * seen: the question then waits for its timeout.
     */
    static String readLine(InputStream in, Charset cs) throws IOException, InterruptedException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (line.size() <= MAX_LINE) {
            if (in.available() <= 0) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                Thread.sleep(POLL_MILLIS);
                continue;
            }
            int b = in.read();
            if (b < 0) {
                return line.size() == 0 ? null : decode(line, cs);
            }
            if (b == '\n') {
                return decode(line, cs);
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return decode(line, cs);
    }

    private static String decode(ByteArrayOutputStream bytes, Charset cs) {
        return new String(bytes.toByteArray(), cs);
    }

    /** What a terminal using {@code cs} may show of {@code s}: see {@link ScreenText}. */
    static String printable(String s, Charset cs) {
        return ScreenText.of(s, cs);
    }
}
