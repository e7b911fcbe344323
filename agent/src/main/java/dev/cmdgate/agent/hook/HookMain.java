package dev.cmdgate.agent.hook;

import dev.cmdgate.agent.config.ConfigException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code cmdgate hook HOST}: a coding agent's command hook. Reads the host's JSON on standard input and answers in
 * the host's words — allow, ask or deny the shell command, or no opinion for another tool — with the same gate as
 * the agent (docs/coding-agents.md). Whatever goes wrong, the answer is the deny that host honours, and a deadline
 * answers deny before the host's own timeout. {@code cmdgate hook install HOST} registers the hook
 * ({@link HookInstall}).
 *
 * <p>A dedicated main class without the CLI's framework: it is started once per tool call, and what it loads is
 * what a class-data archive holds.
 */
public final class HookMain {

    static final long DEFAULT_DEADLINE_MS = 10_000;

    private HookMain() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("install")) {
            System.exit(HookInstall.run(args, System.out, System.err));
        }
        HookArgs a;
        try {
            a = HookArgs.parse(args);
        } catch (IllegalArgumentException e) {
            Host host = HookArgs.host(args);
            if (host == null) {
                unknownHost(e.getMessage(), System.err, HookArgs.wrapped(args));
                return;
            }
            new ReplyChannel(host, HookArgs.wrapped(args)).send(host.failClosed("cmdgate hook: " + e.getMessage()));
            return;
        }
        ReplyChannel channel = new ReplyChannel(a.host(), a.wrapped());
        new Deadline(channel, a.host(), a.deadlineMillis()).start();
        if (a.wrapped() && ArchiveTraining.archiving()) {
            channel.afterReply(new ArchiveTraining());
        }
        if (a.wrapped() && a.resident() != null) {
            channel.afterReply(new ResidentStart(a.resident(), a.config()));
        }
        try {
            channel.send(answer(a.host(), a.config(), a.launcher(), System.in));
        } catch (Throwable t) {
            try {
                channel.send(a.host().failClosed(failed(t)));
            } catch (Throwable again) {
                channel.sendLastResort();
            }
        }
    }

    /**
     * The whole reply to one call, as this main class gives it when nothing times out: what the resident decider
     * answers ({@link ResidentServer}), so that both paths say the same bytes.
     */
    static HostReply decide(String[] args, java.io.InputStream in) {
        HookArgs a;
        try {
            a = HookArgs.parse(args);
        } catch (IllegalArgumentException e) {
            Host host = HookArgs.host(args);
            return host == null ? HostReply.blockingError("cmdgate hook: " + e.getMessage())
                    : host.failClosed("cmdgate hook: " + e.getMessage());
        }
        try {
            return answer(a.host(), a.config(), a.launcher(), in);
        } catch (Throwable t) {
            return a.host().failClosed(failed(t));
        }
    }

    static String failed(Throwable t) {
        return "cmdgate failed while deciding (" + t + "), so the command was not run";
    }

    /** The reply to the tool call read from {@code in}. */
    static HostReply answer(Host host, Path config, Path launcher, java.io.InputStream in) {
        ToolCall call;
        try {
            call = host.read(HookInput.read(in));
        } catch (HookInputException e) {
            return host.failClosed("cmdgate could not read this tool call (" + e.getMessage() + "), so it was not run");
        } catch (java.io.IOException e) {
            return host.failClosed("cmdgate could not read its input (" + e.getMessage() + "), so the call was not run");
        }
        return answer(host, call, config, launcher);
    }

    static HostReply answer(Host host, ToolCall call, Path config, Path launcher) {
        if (!call.runsCommand()) {
            return host.reply(HookAnswer.NO_OPINION);
        }
        HookSettings settings;
        try {
            settings = HookSettings.load(config, call.cwd());
            return host.reply(new HookDecider(settings, host, launcher).decide(call).answer());
        } catch (ConfigException | IllegalArgumentException e) {
            return host.failClosed("cmdgate: configuration error: " + e.getMessage() + " — nothing runs until it is"
                    + " fixed");
        }
    }

    /** A host cmdgate does not know: exit status 2 with the reason, what most hosts take as a block. */
    private static void unknownHost(String message, PrintStream err, boolean wrapped) {
        err.println("cmdgate hook: " + message);
        err.flush();
        Runtime.getRuntime().halt(wrapped ? ReplyChannel.WRAPPED_BLOCK : 2);
    }
}
