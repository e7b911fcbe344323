package dev.cmdgate.bench;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClassifier;
import dev.cmdgate.core.decision.Launch;
import dev.cmdgate.core.json.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command mix the classification benchmarks cycle through: the shared adversarial corpus
 * ({@code bench/corpus-commands.jsonl}, the labelled corpus) and typical lines an
 * AI coding agent runs ({@code bench/mix-typical.jsonl}). One JSON object per line, either
 * {@code {"command": "shell line"}} or {@code {"argv": [...]}} — the CLI's --jsonl format.
 */
public final class Mix {

    public static final String CORPUS = "bench/corpus-commands.jsonl";
    public static final String TYPICAL = "bench/mix-typical.jsonl";

    /** One entry: a shell line (argv is then {@code sh -c line}) or a plain argv. */
    public record Entry(String source, String shellLine, List<String> argv) {

        public Classification classify(CommandClassifier classifier) {
            return shellLine != null ? classifier.classifyShell(shellLine) : classifier.classifyArgv(argv, Map.of());
        }

        public Launch launch(String cwd) {
            return shellLine != null
                    ? new Launch(List.of("sh", "-c", shellLine), shellLine, cwd, Map.of(), List.of(), null, null)
                    : Launch.ofArgv(argv, cwd);
        }

        public String[] cmdarray() {
            return (shellLine != null ? List.of("sh", "-c", shellLine) : argv).toArray(new String[0]);
        }

        @Override
        public String toString() {
            return shellLine != null ? shellLine.replace("\n", "\\n") : "argv" + argv;
        }
    }

    private Mix() {
    }

    /** {@code all} (corpus + typical), {@code corpus} or {@code typical}. */
    public static List<Entry> load(String which) {
        List<Entry> out = new ArrayList<>();
        if (which.equals("all") || which.equals("corpus")) {
            out.addAll(read(CORPUS));
        }
        if (which.equals("all") || which.equals("typical")) {
            out.addAll(read(TYPICAL));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("unknown mix '" + which + "' (all, corpus, typical)");
        }
        return out;
    }

    static List<Entry> read(String resource) {
        List<Entry> out = new ArrayList<>();
        try (InputStream in = Mix.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                Map<String, Object> o = JsonParser.parseObject(line);
                Object command = o.get("command");
                if (command instanceof String s) {
                    out.add(new Entry(resource, s, null));
                } else if (o.get("argv") instanceof List<?> words) {
                    List<String> argv = new ArrayList<>();
                    for (Object w : words) {
                        argv.add((String) w);
                    }
                    out.add(new Entry(resource, null, List.copyOf(argv)));
                } else {
                    throw new IllegalStateException(resource + ": neither command nor argv: " + line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
