package dev.cmdgate.agent.hook;

/**
 * Answers deny when the decision is not made in time: set below the timeout the hook is registered with, so the
 * host hears a deny before it would give up on the hook and run the command. A daemon thread (not a lambda: the
 * first lambda of a JVM costs milliseconds).
 */
final class Deadline extends Thread {

    private final ReplyChannel channel;
    private final Host host;
    private final long millis;

    Deadline(ReplyChannel channel, Host host, long millis) {
        super("cmdgate-hook-deadline");
        setDaemon(true);
        this.channel = channel;
        this.host = host;
        this.millis = millis;
    }

    /** The reason given when the deadline comes first. */
    static String message(long millis) {
        return "cmdgate did not decide within its deadline of " + millis + " ms (set below the hook's timeout), so the"
                + " command was not run; the machine may be overloaded";
    }

    @Override
    public void run() {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // nothing interrupts this thread; if something does, the deadline has come
        }
        try {
            channel.send(host.failClosed(message(millis)));
        } catch (Throwable t) {
            channel.sendLastResort();
        }
    }
}
