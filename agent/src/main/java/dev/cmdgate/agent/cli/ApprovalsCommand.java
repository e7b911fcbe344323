package dev.cmdgate.agent.cli;

import dev.cmdgate.agent.approvals.ApprovalService;
import dev.cmdgate.agent.approvals.Approvers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code approvals --listen HOST:PORT --approvers FILE [--tls-cert PEM --tls-key PEM] …}: cmdgate's own
 * approval service, which gated JVMs with {@code cmdgate.prompt=URL} ask and approvers answer on a web page;
 * {@code approvals add-approver} and {@code add-client} add token holders.
 */
@Command(name = "approvals", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {ApprovalsCommand.AddApprover.class, ApprovalsCommand.AddClient.class},
        description = {"Run the approval service that gated JVMs with cmdgate.prompt=URL ask, and approvers answer on its page.",
                "Plain HTTP only on a loopback address; elsewhere give --tls-cert and --tls-key."})
final class ApprovalsCommand implements Callable<Integer> {

    @Option(names = "--listen", paramLabel = "HOST:PORT", description = "address to listen on (port 0: any free port)")
    String listen;

    @Option(names = "--approvers", paramLabel = "FILE", description = "approvers, one a line: NAME sha256:HEX (add-approver writes it)")
    Path approvers;

    @Option(names = "--tls-cert", paramLabel = "PEM", description = "the server's certificate chain (PEM)")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "its private key (PKCS#8 PEM)")
    Path tlsKey;

    @Option(names = "--clients", paramLabel = "FILE",
            description = "JVMs allowed to post requests, by bearer token (add-client writes it); without it, only this machine's")
    Path clients;

    @Option(names = "--state", paramLabel = "FILE", description = "the journal that keeps requests across restarts"
            + " (default: approvals.journal beside the approvers file)")
    Path state;

    @Option(names = "--webhook", paramLabel = "URL", description = "announce each new request there (Slack incoming-webhook JSON)")
    String webhook;

    @Option(names = "--public-url", paramLabel = "URL", description = "where people open the page (the webhook's link)")
    String publicUrl;

    @Option(names = "--history", paramLabel = "N", defaultValue = "500", description = "answered requests kept (default 500)")
    int history;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, GeneralSecurityException, InterruptedException {
        if (listen == null || approvers == null) {
            throw new IllegalArgumentException("approvals needs --listen HOST:PORT and --approvers FILE (try: cmdgate approvals --help)");
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if (history < 1 || history > 100_000) {
            throw new IllegalArgumentException("--history takes 1 to 100000");
        }
        for (Path p : new Path[] {approvers, clients, tlsCert, tlsKey}) {
            if (p != null && !Files.isReadable(p)) {
                throw new IllegalArgumentException(p + " is not a readable file");
            }
        }
        Path journal = state != null ? state : approvers.toAbsolutePath().resolveSibling("approvals.journal");
        ApprovalService.Settings settings = new ApprovalService.Settings(address(listen), approvers, clients, journal,
                tlsCert, tlsKey, webhook == null ? null : url("--webhook", webhook), publicUrl == null ? null
                : url("--public-url", publicUrl), history);
        ApprovalService service;
        try {
            service = ApprovalService.start(settings, Clock.systemUTC(), System.out);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("the service cannot start: " + e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                service.close();
            } catch (IOException e) {
                System.err.println("cmdgate approvals: " + e.getMessage());
            }
            stopped.countDown();
        }, "cmdgate-approvals-stop"));
        System.out.println("cmdgate approvals: serving " + service.page() + " on port " + service.port()
                + " (journal " + journal + ")");
        System.out.flush();
        stopped.await();
        return 0;
    }

    /** {@code HOST:PORT}, {@code [V6]:PORT}; the host is resolved once, here. */
    static InetSocketAddress address(String s) {
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("--listen takes HOST:PORT, e.g. 127.0.0.1:8443");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(s.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--listen: '" + s.substring(colon + 1) + "' is not a port");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--listen: port " + port + " is out of range");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (IOException e) {
            throw new IllegalArgumentException("--listen: host " + host + " cannot be resolved");
        }
    }

    /** An https URL, or http to this machine only. */
    static URI url(String option, String s) {
        URI u;
        try {
            u = new URI(s);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(option + ": '" + s + "' is not a URL");
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(java.util.Locale.ROOT);
        if (u.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new IllegalArgumentException(option + ": expected https://HOST[:PORT]/…, found '" + s + "'");
        }
        if (scheme.equals("http") && !loopback(u.getHost())) {
            throw new IllegalArgumentException(option + ": plain http only to a loopback address; use https://");
        }
        return u;
    }

    private static boolean loopback(String host) {
        try {
            return host.equalsIgnoreCase("localhost") || InetAddress.getByName(host.replace("[", "").replace("]", ""))
                    .isLoopbackAddress();
        } catch (IOException e) {
            return false;
        }
    }

    /** Adds a holder to a token file and prints their token, once. */
    abstract static class AddHolder implements Callable<Integer> {

        @Parameters(paramLabel = "NAME", description = "the name shown on the page and in audit lines (A-Z a-z 0-9 . _ @ -)")
        String name;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        abstract Path file();

        abstract String what();

        @Override
        public Integer call() throws IOException {
            String token = Approvers.add(file(), name);
            spec.commandLine().getOut().println(token);
            spec.commandLine().getOut().flush();
            spec.commandLine().getErr().println("cmdgate: added " + what() + " " + name + " to " + file()
                    + "; the token above is shown this once (only its hash is kept)");
            return 0;
        }
    }

    @Command(name = "add-approver", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
            description = "Add an approver to the approvers file and print their sign-in token (once).")
    static final class AddApprover extends AddHolder {
        @Option(names = "--approvers", required = true, paramLabel = "FILE", description = "the approvers file (created if missing)")
        Path approvers;

        @Override
        Path file() {
            return approvers;
        }

        @Override
        String what() {
            return "approver";
        }
    }

    @Command(name = "add-client", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
            description = "Add a client (a gated JVM's token, for cmdgate.prompt.token.file) to the clients file and print its token (once).")
    static final class AddClient extends AddHolder {
        @Option(names = "--clients", required = true, paramLabel = "FILE", description = "the clients file (created if missing)")
        Path clients;

        @Override
        Path file() {
            return clients;
        }

        @Override
        String what() {
            return "client";
        }
    }
}
