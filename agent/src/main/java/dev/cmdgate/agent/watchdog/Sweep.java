package dev.cmdgate.agent.watchdog;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Stops everything of one launch at its deadline. What belongs to the launch: the launched process,
 * every process whose environment carries the launch's token ({@link ProcTable#VARIABLE}, inherited
 * by every descendant whatever it does — a background subshell whose parent has exited, a double
 * fork, {@code nohup … &}, {@code setsid -f}), and every descendant of those by parent id (one that
 * cleared its environment but is still a child). Where environments cannot be read (no /proc, or no
 * token) only the launched process and its descendants as {@link ProcessHandle} lists them count.
 *
 * <p>Order: {@link #plan} finds them without touching any (the caller records the kill then, before
 * the application can see the process end); {@link #run} kills the launched process first (it can
 * start nothing more), then the planned ones, then sweeps until none is left.
 *
 * <p>A process that forks its successor and exits can be gone before a sweep of all of /proc reaches
 * it, over and over. It is caught by following the kernel's last process id
 * ({@code /proc/sys/kernel/ns_last_pid}): each look reads only the processes created since the last
 * one, newest first (the newest is the one still alive), and kills each process of the launch as it
 * appears. A sweep concludes only after {@value #QUIET_LOOKS} looks in a row, at least a millisecond
 * apart, found none, and a last sweep of all of /proc found none either. Bounded: at most
 * {@value #MAX_KILLS} kills and {@value #MAX_SECONDS} seconds; what is still alive then is reported as
 * surviving.
 *
 * <p>A process is only ever killed through a {@link ProcessHandle} taken when it was found (the JDK
 * checks its start time), and a pid counts as the launch's only while that same process lives: an
 * id reused by an unrelated process is never taken for it.
 */
final class Sweep {

    static final int MAX_KILLS = 10_000;
    static final int MAX_SECONDS = 5;
    /** Looks in a row, a millisecond or more apart, that must find nothing before a sweep concludes. */
    static final int QUIET_LOOKS = 10;

    private final List<ProcessHandle> roots;
    private final String token;
    private final ProcTable proc;
    /** When the launch started (clock ticks since boot), or -1: older processes cannot be of it. */
    private final long notBefore;
    private final long self = ProcessHandle.current().pid();
    /** The launch's processes found so far (killed or to be killed). */
    private final Map<Long, ProcessHandle> known = new LinkedHashMap<>();
    private final Set<Long> planned = new LinkedHashSet<>();
    private final Set<Long> extra = new LinkedHashSet<>();
    private final List<Long> survivors = new ArrayList<>();

    /**
     * @param token the launch's token, or null when it carries none
     * @param proc  /proc, or null where it cannot be read
     */
    /**
     * @param roots     the launched processes: one, or the stages of a pipeline (the first is the one reported)
     * @param notBefore when the launch started in clock ticks since boot ({@link ProcTable.Stat#started()}), or -1
     */
    Sweep(List<ProcessHandle> roots, String token, ProcTable proc, long notBefore) {
        this.roots = roots;
        this.token = token;
        this.proc = token == null ? null : proc;
        this.notBefore = notBefore;
    }

    /** True when the process may carry a launch that started at {@code notBefore}: it is not older. */
    private static boolean young(ProcTable.Stat st, long notBefore) {
        return notBefore < 0 || st.started() < 0 || st.started() >= notBefore;
    }

    /**
     * Which of these launches (by token) still have processes alive: one sweep of /proc for all of
     * them, then {@value #QUIET_LOOKS} looks at the newest processes (for a process that forks its
     * successor and exits, which a sweep can miss). A launch that is not in the answer left nothing.
     */
    static Map<String, List<ProcessHandle>> census(ProcTable proc, Collection<String> tokens, long notBefore) {
        Set<String> wanted = new HashSet<>(tokens);
        Map<String, List<ProcessHandle>> found = new HashMap<>();
        long self = ProcessHandle.current().pid();
        long from = proc.lastPid();
        for (long pid : proc.pids()) {
            note(proc, pid, self, wanted, found, notBefore);
        }
        for (int look = 0; look < QUIET_LOOKS && from >= 0 && found.size() < wanted.size(); look++) {
            long to = proc.lastPid();
            if (to < 0) {
                break;
            }
            newestFirst(proc, from, to, pid -> note(proc, pid, self, wanted, found, notBefore));
            from = to;
            pause();
        }
        return found;
    }

    private static void note(ProcTable proc, long pid, long self, Set<String> wanted, Map<String, List<ProcessHandle>> found,
                             long notBefore) {
        if (pid == self) {
            return;
        }
        ProcTable.Stat st = proc.stat(pid);
        if (st == null || st.zombie() || !young(st, notBefore)) {
            return;
        }
        for (String t : proc.tokens(pid)) {
            if (wanted.contains(t)) {
                ProcessHandle.of(pid).ifPresent(h -> found.computeIfAbsent(t, k -> new ArrayList<>()).add(h));
            }
        }
    }

    /**
     * The processes of the launch other than the launched one, found without killing any.
     *
     * @param alreadyFound processes of the launch a {@link #census} found
     */
    List<Long> plan(List<ProcessHandle> alreadyFound) {
        for (ProcessHandle root : roots) {
            known.putIfAbsent(root.pid(), root);
        }
        if (proc == null) {
            // without /proc, the JDK's view of the tree (with /proc, the scan below finds the descendants
            // by parent id too, much faster than ProcessHandle.descendants())
            for (ProcessHandle root : roots) {
                try {
                    root.descendants().forEach(h -> known.putIfAbsent(h.pid(), h));
                } catch (RuntimeException ignored) {
                    // the process table could not be read this way
                }
            }
        }
        for (ProcessHandle h : alreadyFound) {
            known.putIfAbsent(h.pid(), h);
        }
        if (proc != null) {
            for (ProcessHandle h : scan()) {
                known.putIfAbsent(h.pid(), h);
            }
        }
        Set<Long> census = new HashSet<>();
        alreadyFound.forEach(h -> census.add(h.pid()));
        for (Map.Entry<Long, ProcessHandle> e : known.entrySet()) {
            long pid = e.getKey();
            // what the census saw counts even if it is gone now: it may have forked its successor and exited
            if (pid != roots.get(0).pid() && pid != self && (proc == null || census.contains(pid) || live(e.getValue()))) {
                planned.add(pid);
            }
        }
        return List.copyOf(planned);
    }

    /** True when there is anything to stop: the launched process is alive, or others of the launch are. */
    boolean anything() {
        for (ProcessHandle root : roots) {
            if (root.isAlive()) {
                return true;
            }
        }
        return !planned.isEmpty();
    }

    /** Kills the launched process, then the planned ones, then sweeps until none is left. */
    void run() {
        for (ProcessHandle root : roots) {
            root.destroyForcibly();
        }
        for (long pid : planned) {
            known.get(pid).destroyForcibly();
        }
        if (proc == null) {
            killDescendantsOfPlanned();
            return;
        }
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(MAX_SECONDS);
        long from = proc.lastPid();
        boolean following = from >= 0;
        int quiet = killAll(scan()) ? 0 : 1;
        while (quiet < QUIET_LOOKS && System.nanoTime() < end && known.size() < MAX_KILLS) {
            boolean found = false;
            if (following) {
                long to = proc.lastPid();
                if (to < 0) {
                    following = false;
                } else if (to != from) {
                    boolean[] any = new boolean[1];
                    newestFirst(proc, from, to, pid -> any[0] |= killIfOfLaunch(pid));
                    found = any[0];
                    from = to;
                }
            }
            if (!found && (!following || quiet == QUIET_LOOKS - 1)) {
                found = killAll(scan());   // a whole sweep before concluding, and every round without the last pid
            }
            if (found) {
                quiet = 0;
            } else {
                quiet++;
                pause();
            }
        }
        if (quiet < QUIET_LOOKS) {
            for (ProcessHandle h : scan()) {
                survivors.add(h.pid());
            }
        }
    }

    /** Processes killed after the plan, found by the later sweeps. */
    List<Long> extra() {
        return List.copyOf(extra);
    }

    /** Processes of the launch still alive when the sweep gave up (empty unless the bounds were reached). */
    List<Long> survivors() {
        return List.copyOf(survivors);
    }

    /**
     * One pass over all of /proc: the live processes that carry the token, or descend (by parent id) from
     * one of them or from a known process of the launch that still lives. Parents are read for all
     * first, so a child is found even when its parent is killed in between.
     */
    private List<ProcessHandle> scan() {
        Map<Long, List<Long>> children = new HashMap<>();
        Deque<Long> work = new ArrayDeque<>();
        for (long pid : proc.pids()) {
            if (pid == self) {
                continue;
            }
            ProcTable.Stat st = proc.stat(pid);
            if (st == null || st.zombie()) {
                continue;
            }
            children.computeIfAbsent(st.parent(), k -> new ArrayList<>()).add(pid);
            if (young(st, notBefore) && proc.carries(pid, token)) {
                work.add(pid);
            }
        }
        for (Map.Entry<Long, ProcessHandle> e : known.entrySet()) {
            if (live(e.getValue())) {
                work.add(e.getKey());
            }
        }
        List<ProcessHandle> found = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        while (!work.isEmpty()) {
            long pid = work.poll();
            if (pid == self || !seen.add(pid)) {
                continue;
            }
            ProcessHandle h = known.get(pid);
            if (h == null) {
                h = ProcessHandle.of(pid).orElse(null);
            }
            if (h != null && live(h)) {
                found.add(h);
            }
            work.addAll(children.getOrDefault(pid, List.of()));
        }
        return found;
    }

    /** Kills the process if it is a live one of the launch (carries the token, or a live known process's child). */
    private boolean killIfOfLaunch(long pid) {
        if (pid == self || known.size() >= MAX_KILLS) {
            return false;
        }
        ProcTable.Stat st = proc.stat(pid);
        if (st == null || st.zombie() || !young(st, notBefore)) {
            return false;
        }
        ProcessHandle parent = known.get(st.parent());
        if (proc.carries(pid, token) || parent != null && live(parent)) {
            return ProcessHandle.of(pid).map(this::kill).orElse(false);
        }
        return false;
    }

    /**
     * Visits the processes that exist with ids in (from, to], newest first — the newest is the one most
     * likely still alive, and each is read the moment it is reached — wrapping past the largest id.
     */
    private static void newestFirst(ProcTable proc, long from, long to, java.util.function.LongConsumer visit) {
        if (to > from) {
            existing(proc, to, from + 1, visit);
        } else if (to < from) {
            existing(proc, to, 1, visit);
            long max = proc.maxPid();
            existing(proc, max < 0 ? from : max, from + 1, visit);
        }
    }

    private static void existing(ProcTable proc, long last, long first, java.util.function.LongConsumer visit) {
        for (long pid = last; pid >= first; pid--) {
            if (proc.exists(pid)) {
                visit.accept(pid);
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1);   // lets a process that is still alive show itself with a new process id
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Kills the processes found; true when any of them was alive. */
    private boolean killAll(List<ProcessHandle> found) {
        boolean any = false;
        for (ProcessHandle h : found) {
            any |= kill(h);
        }
        return any;
    }

    /** SIGKILL to a process of the launch; true when it was alive. */
    private boolean kill(ProcessHandle h) {
        if (known.putIfAbsent(h.pid(), h) == null) {
            extra.add(h.pid());
        }
        try {
            boolean alive = live(h);
            h.destroyForcibly();
            return alive;
        } catch (RuntimeException e) {
            return false;   // not ours to kill
        }
    }

    /**
     * The same process still runs: the JDK's check (same pid and start time) and not a zombie, which the
     * JDK counts as alive although it runs nothing and waits only to be reaped.
     */
    private boolean live(ProcessHandle h) {
        if (!h.isAlive()) {
            return false;
        }
        ProcTable.Stat st = proc.stat(h.pid());
        return st != null && !st.zombie();
    }

    /** Without /proc: each planned process's own descendants, enumerated again just before it is killed. */
    private void killDescendantsOfPlanned() {
        Deque<ProcessHandle> work = new ArrayDeque<>();
        for (long pid : planned) {
            work.add(known.get(pid));
        }
        Set<Long> seen = new HashSet<>(known.keySet());
        while (!work.isEmpty() && seen.size() < MAX_KILLS) {
            ProcessHandle h = work.poll();
            try {
                h.descendants().forEach(d -> {
                    if (seen.add(d.pid())) {
                        work.add(d);
                        extra.add(d.pid());
                    }
                });
                h.destroyForcibly();
            } catch (RuntimeException ignored) {
                // gone already, or not ours to kill
            }
        }
    }
}
