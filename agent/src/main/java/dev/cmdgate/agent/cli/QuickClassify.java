package dev.cmdgate.agent.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The common forms of {@code classify} — a coding agent's per-command hook — read without picocli, whose
 * annotation model for all five commands costs a short-lived JVM more than the classification itself:
 * {@code classify [--json] [--explain] [--autonomy T | --level L] (--shell LINE | -- ARG…)}. Anything else
 * (another option, {@code --help}, a value that looks like an option, a missing part) is left to picocli,
 * so an error is reported exactly as before. The work is {@link ClassifyCommand}'s own.
 */
final class QuickClassify {

    private QuickClassify() {
    }

    /** The exit status, or null when these arguments are not a quick form (then picocli reads them). */
    static Integer run(String[] args, PrintWriter out, PrintWriter err) {
        ClassifyCommand c = parse(args);
        if (c == null) {
            return null;
        }
        try {
            return c.classify(out);
        } catch (Main.UsageException | IllegalArgumentException e) {
            return Main.usage(err, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ClassifyCommand parse(String[] args) {
        if (args.length < 3 || !args[0].equals("classify")) {
            return null;
        }
        ClassifyCommand c = new ClassifyCommand();
        c.gate = new DecisionOptions();
        int i = 1;
        while (i < args.length) {
            String a = args[i];
            if (a.equals("--")) {
                if (i + 1 == args.length || c.shell != null) {
                    return null;
                }
                c.argv = List.of(args).subList(i + 1, args.length);
                return c;
            }
            String value = null;
            String name = a;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            switch (name) {
                case "--json" -> {
                    if (value != null || c.json) {
                        return null;
                    }
                    c.json = true;
                }
                case "--explain" -> {
                    if (value != null || c.explain) {
                        return null;
                    }
                    c.explain = true;
                }
                case "--autonomy", "--level", "--shell" -> {
                    if (value == null) {
                        if (i + 1 == args.length || args[i + 1].startsWith("-")) {
                            return null;
                        }
                        value = args[++i];
                    }
                    if (name.equals("--autonomy") && c.gate.autonomy == null) {
                        c.gate.autonomy = value;
                    } else if (name.equals("--level") && c.gate.level == null) {
                        c.gate.level = value;
                    } else if (name.equals("--shell") && c.shell == null) {
                        c.shell = value;
                    } else {
                        return null;
                    }
                }
                default -> {
                    return null;
                }
            }
            i++;
        }
        return c.shell != null ? c : null;
    }
}
