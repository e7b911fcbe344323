package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.audit.AuditLine;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.json.Json;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code report secrets AUDIT_FILE}: which commands received which secret variables, from the audit lines. */
@Command(name = "secrets", mixinStandardHelpOptions = true,
        description = {"Which commands received which secret variables (names only), and which were withheld",
                "(cmdgate.secrets=scrub), counting the launches that ran (outcome allowed).",
                "Exit status: 0, 1 when a line of the file is not an audit line, 2 usage error."})
final class ReportSecretsCommand implements Callable<Integer> {

    @Parameters(paramLabel = "AUDIT_FILE", description = "a cmdgate audit file (JSON lines)")
    Path file;

    @Option(names = "--json", description = "print one JSON object: {\"received\":{NAME:{COMMAND:N}},\"withheld\":{…}}")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new Main.UsageException(file + " is not a readable file");
        }
        Map<String, Map<String, Integer>> received = new TreeMap<>();
        Map<String, Map<String, Integer>> withheld = new TreeMap<>();
        List<Integer> unreadable = new ArrayList<>();
        int n = 0;
        for (String line : AuditLine.read(file)) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            try {
                if (AuditLine.foreign(line) != null) {
                    unreadable.add(n);   // not a line cmdgate wrote
                } else {
                    count(JsonParser.parseObject(line), received, withheld);
                }
            } catch (JsonParseException | ClassCastException e) {
                unreadable.add(n);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("received", received);
            o.put("withheld", withheld);
            out.println(Json.write(o));
        } else {
            print(out, "received", received);
            print(out, "withheld", withheld);
        }
        out.flush();
        if (!unreadable.isEmpty()) {
            spec.commandLine().getErr().println("cmdgate: " + file + ": not audit lines: " + unreadable);
            spec.commandLine().getErr().flush();
            return 1;
        }
        return 0;
    }

    /** A launch that ran: its command counted under every secret it received or had withheld. */
    private static void count(Map<String, Object> line, Map<String, Map<String, Integer>> received,
                              Map<String, Map<String, Integer>> withheld) {
        if (AuditLine.kind(line) != AuditLine.Kind.DECISION || !AuditFields.ALLOWED.equals(line.get(AuditFields.OUTCOME))) {
            return;
        }
        List<String> argv = new ArrayList<>();
        for (Object w : (List<?>) line.getOrDefault(AuditFields.ARGV, List.of())) {
            argv.add(String.valueOf(w));
        }
        String command = CommandText.render(argv);
        add(line.get(AuditFields.SECRETS), command, received);
        add(line.get(AuditFields.SECRETS_WITHHELD), command, withheld);
    }

    private static void add(Object names, String command, Map<String, Map<String, Integer>> into) {
        if (names == null) {
            return;
        }
        for (Object name : (List<?>) names) {
            into.computeIfAbsent(String.valueOf(name), k -> new TreeMap<>()).merge(command, 1, Integer::sum);
        }
    }

    private static void print(PrintWriter out, String what, Map<String, Map<String, Integer>> bySecret) {
        out.println(what + (bySecret.isEmpty() ? ": none" : ":"));
        for (Map.Entry<String, Map<String, Integer>> s : bySecret.entrySet()) {
            out.println("  " + s.getKey());
            for (Map.Entry<String, Integer> c : s.getValue().entrySet()) {
                out.printf("    %5d  %s%n", c.getValue(), c.getKey());
            }
        }
    }
}
