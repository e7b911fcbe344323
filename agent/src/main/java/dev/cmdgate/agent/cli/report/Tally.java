package dev.cmdgate.agent.cli.report;

import dev.cmdgate.agent.audit.AuditEvent;
import dev.cmdgate.agent.metrics.LaunchOutcome;
import dev.cmdgate.agent.metrics.OtherTiers;
import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.AuditFields;
import dev.cmdgate.core.decision.CommandText;
import dev.cmdgate.core.gate.Autonomy;
import dev.cmdgate.core.gate.GateDecision;
import dev.cmdgate.core.gate.GateScheme;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the HTML report counts while the audit files are read, line by line: totals by class and outcome,
 * launches over time, what each tier and {@code mode=enforce} would have refused, the refused and the
 * prompted commands, callers, approvers, JVMs and events. Memory grows with the number of distinct
 * commands, callers and JVMs, never with the text of a line: a command is kept as a hash with the place of
 * its first line, which is read again for the few the report shows ({@link HtmlReport}).
 */
public final class Tally implements AuditReading.Reader {

    static final CommandClass[] CLASSES = CommandClass.values();
    /** Index of a class label the report does not know ({@code "class":"Bogus"}). */
    static final int UNKNOWN = CLASSES.length;
    static final LaunchOutcome[] OUTCOMES = LaunchOutcome.values();
    /** Text longer than this (callers, approvers, main classes …) is kept cut, with a marker saying so. */
    static final int MAX_KEY = 256;
    /** Lines named among the unreadable ones (the rest are counted). */
    static final int NAMED_UNREADABLE = 20;
    /** Watchdog kills listed (the rest are counted). */
    static final int NAMED_KILLS = 20;

    long decisions;
    long prechecks;
    long auditModeLines;
    final List<String> unreadable = new ArrayList<>();
    long unreadableCount;
    final Map<String, Long> events = new TreeMap<>();
    final long[][] byClassOutcome = new long[CLASSES.length + 1][OUTCOMES.length];
    /** [tier][class]: launches the tier would refuse / ask about, from each line's recorded class. */
    final long[][] tierRefuse = new long[OtherTiers.TIERS.length][CLASSES.length + 1];
    final long[][] tierAsk = new long[OtherTiers.TIERS.length][CLASSES.length + 1];
    /** Of the lines recorded in mode=audit, by class: what enforcing would have refused or asked about. */
    final long[] enforceRefuse = new long[CLASSES.length + 1];
    final long[] enforceAsk = new long[CLASSES.length + 1];
    final Map<String, Long> schemes = new TreeMap<>();
    Instant first;
    Instant last;
    /** Per decision with a readable time: epoch second, class index, outcome index (for the timeline). */
    long[] times = new long[1024];
    byte[] classOf = new byte[1024];
    byte[] outcomeOf = new byte[1024];
    int timed;

    final Map<Key, Group> refused = new HashMap<>();
    final Map<Key, Group> prompted = new HashMap<>();
    final Map<String, Caller> callers = new HashMap<>();
    final Map<String, Approver> approvers = new HashMap<>();
    final Map<String, Jvm> jvms = new HashMap<>();
    final List<RecordedLine> kills = new ArrayList<>();
    long killCount;

    private final MessageDigest sha;

    public Tally() {
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A command's identity: 128 bits of the SHA-256 of its argv as the console shows it. */
    record Key(long a, long b) {
    }

    /** Launches of one command: how many, how each went, and where the first one is (to show its findings). */
    static final class Group {
        long count;
        final long[] outcomes = new long[OUTCOMES.length];
        /** In mode=audit: the gate said block (refused group) or prompt (prompted group). */
        long wouldHave;
        RecordedLine firstLine;
        String lastWhere;
        final Map<String, Long> approvers = new TreeMap<>();
    }

    /** Code that launches: its launches, and how many were refused or asked about. */
    static final class Caller {
        long launches;
        long refused;
        long prompted;
        final long[] byClass = new long[CLASSES.length + 1];
    }

    /** Who (or what) answered prompts, through which channel and handler, and how. */
    static final class Approver {
        final String name;
        final String channel;
        final String handler;
        long allowed;
        long always;
        long denied;
        long timedOut;
        String lastNote;

        Approver(String name, String channel, String handler) {
            this.name = name;
            this.channel = channel;
            this.handler = handler;
        }
    }

    /** A JVM that wrote lines. */
    static final class Jvm {
        final String pid;
        final String main;
        long lines;
        Instant first;
        Instant last;
        final Map<String, Long> schemes = new TreeMap<>();
        final Map<String, Long> modes = new TreeMap<>();
        String parent;

        Jvm(String pid, String main) {
            this.pid = pid;
            this.main = main;
        }
    }

    @Override
    public void decision(RecordedLine line) {
        decisions++;
        int c = classIndex(line.string(AuditFields.CLASS));
        boolean allowed = AuditFields.ALLOWED.equals(line.string(AuditFields.OUTCOME));
        Map<String, Object> p = line.object(AuditFields.PROMPT);
        String handler = p.isEmpty() ? null : text(p.get("handler"));
        LaunchOutcome o = LaunchOutcome.of(allowed, handler, text(p.get("answer")), text(p.get("detail")));
        byClassOutcome[c][o.ordinal()]++;
        Instant t = time(line.string(AuditFields.TIME));
        if (t != null) {
            first = first == null || t.isBefore(first) ? t : first;
            last = last == null || t.isAfter(last) ? t : last;
            addTimed(t.getEpochSecond(), c, o.ordinal());
        }
        String scheme = capped(line.string(AuditFields.SCHEME));
        schemes.merge(scheme == null ? "(none)" : scheme, 1L, Long::sum);
        GateDecision gate = gate(line.string(AuditFields.GATE));
        boolean audit = "audit".equals(line.string(AuditFields.MODE));
        otherTiers(line, c, gate);
        if (audit) {
            auditModeLines++;
            if (gate == GateDecision.BLOCK) {
                enforceRefuse[c]++;
            } else if (gate == GateDecision.PROMPT) {
                enforceAsk[c]++;
            }
        }
        boolean wouldRefuse = audit && gate == GateDecision.BLOCK;
        boolean wouldAsk = audit && gate == GateDecision.PROMPT;
        boolean asked = o == LaunchOutcome.PROMPTED_ALLOWED || o == LaunchOutcome.PROMPTED_DENIED
                || o == LaunchOutcome.PROMPT_TIMEOUT;
        if (o == LaunchOutcome.REFUSED || wouldRefuse) {
            group(refused, line, o, wouldRefuse, null);
        }
        if (asked || wouldAsk) {
            String approver = capped(text(p.get("approver")));
            group(prompted, line, o, wouldAsk, asked ? (approver != null ? approver : "(" + capped(handler) + ")") : null);
        }
        String caller = capped(line.string(AuditFields.CALLER));
        Caller k = callers.computeIfAbsent(caller == null ? "(none recorded)" : caller, x -> new Caller());
        k.launches++;
        k.byClass[c]++;
        if (o == LaunchOutcome.REFUSED || wouldRefuse) {
            k.refused++;
        }
        if (asked || wouldAsk) {
            k.prompted++;
        }
        if (asked) {
            approver(p, o);
        }
        jvm(line, t);
    }

    @Override
    public void event(RecordedLine line) {
        String type = capped(text(line.json().get(AuditFields.EVENT)));
        events.merge(type == null ? "(none)" : type, 1L, Long::sum);
        jvm(line, time(line.string(AuditFields.TIME)));
        if (AuditEvent.WatchdogKill.NAME.equals(type)) {
            killCount++;
            if (kills.size() < NAMED_KILLS) {
                kills.add(line);
            }
        }
    }

    @Override
    public void precheck(RecordedLine line) {
        prechecks++;
    }

    @Override
    public void unreadable(Path file, int line, String why) {
        unreadableCount++;
        if (unreadable.size() < NAMED_UNREADABLE) {
            unreadable.add(file.getFileName() + ":" + line + ": " + why);
        }
    }

    private void addTimed(long second, int c, int o) {
        if (timed == times.length) {
            times = Arrays.copyOf(times, timed * 2);
            classOf = Arrays.copyOf(classOf, timed * 2);
            outcomeOf = Arrays.copyOf(outcomeOf, timed * 2);
        }
        times[timed] = second;
        classOf[timed] = (byte) c;
        outcomeOf[timed] = (byte) o;
        timed++;
    }

    /** What each tier would say, from the recorded class; a refusal that was not the tier's stands under all. */
    private void otherTiers(RecordedLine line, int c, GateDecision gate) {
        if (c == UNKNOWN || gate == null) {
            return;
        }
        CommandClass k = CLASSES[c];
        GateDecision alone = schemeAlone(line.string(AuditFields.SCHEME), k, line.string(AuditFields.LEVEL), gate);
        boolean passportDenied = Boolean.FALSE.equals(line.object(AuditFields.OAP).get("allow"));
        boolean whatever = OtherTiers.refusedWhateverTier(gate, alone, passportDenied);
        for (int t = 0; t < OtherTiers.TIERS.length; t++) {
            GateDecision g = OtherTiers.under(OtherTiers.TIERS[t], k, whatever);
            if (g == GateDecision.BLOCK) {
                tierRefuse[t][c]++;
            } else if (g == GateDecision.PROMPT) {
                tierAsk[t][c]++;
            }
        }
    }

    /** What the line's recorded scheme alone says of its class (and level); the recorded gate when unknown. */
    static GateDecision schemeAlone(String scheme, CommandClass c, String level, GateDecision recorded) {
        if (scheme == null) {
            return recorded;
        }
        try {
            if (scheme.startsWith("autonomy=")) {
                return Autonomy.parse(scheme.substring(9)).decide(c);
            }
            if (scheme.startsWith("level=") && level != null) {
                return new GateScheme.ByLevel(RiskLevel.parse(scheme.substring(6)))
                        .decide(new Classification(c, RiskLevel.parse(level), List.of(), List.of()));
            }
        } catch (IllegalArgumentException e) {
            // a scheme this build does not know: judged as recorded
        }
        return recorded;
    }

    private void group(Map<Key, Group> groups, RecordedLine line, LaunchOutcome o, boolean would, String approver) {
        Group g = groups.computeIfAbsent(key(line.argv()), k -> new Group());
        if (g.firstLine == null) {
            g.firstLine = new RecordedLine(line.file(), line.line(), line.offset(), Map.of());
        }
        g.count++;
        g.outcomes[o.ordinal()]++;
        if (would) {
            g.wouldHave++;
        }
        g.lastWhere = line.where();
        if (approver != null) {
            g.approvers.merge(approver, 1L, Long::sum);
        }
    }

    private void approver(Map<String, Object> p, LaunchOutcome o) {
        String name = capped(text(p.get("approver")));
        String channel = capped(text(p.get("channel")));
        String handler = capped(text(p.get("handler")));
        Approver a = approvers.computeIfAbsent(name + "\u0000" + channel + "\u0000" + handler,
                k -> new Approver(name, channel, handler));
        String answer = text(p.get("answer"));
        if (o == LaunchOutcome.PROMPT_TIMEOUT) {
            a.timedOut++;
        } else if (o != LaunchOutcome.PROMPTED_ALLOWED) {
            a.denied++;
        } else if ("allow_always".equals(answer)) {
            a.always++;
        } else {
            a.allowed++;
        }
        String note = text(p.get("note"));
        if (note != null) {
            a.lastNote = cut(note, 500);
        }
    }

    private void jvm(RecordedLine line, Instant t) {
        Map<String, Object> j = line.object(AuditFields.JVM);
        String pid = capped(text(j.get("pid")));
        String main = capped(text(j.get("main")));
        Jvm v = jvms.computeIfAbsent((pid == null ? "?" : pid) + "\u0000" + (main == null ? "" : main), k -> new Jvm(pid, main));
        v.lines++;
        if (t != null) {
            v.first = v.first == null || t.isBefore(v.first) ? t : v.first;
            v.last = v.last == null || t.isAfter(v.last) ? t : v.last;
        }
        String scheme = capped(line.string(AuditFields.SCHEME));
        if (scheme != null) {
            v.schemes.merge(scheme, 1L, Long::sum);
        }
        String mode = capped(line.string(AuditFields.MODE));
        if (mode != null) {
            v.modes.merge(mode, 1L, Long::sum);
        }
        if (v.parent == null) {
            v.parent = capped(line.string(AuditFields.PARENT_DECISION_ID));
        }
    }

    private Key key(List<String> argv) {
        byte[] d = sha.digest(CommandText.full(argv).getBytes(StandardCharsets.UTF_8));
        long a = 0;
        long b = 0;
        for (int i = 0; i < 8; i++) {
            a = a << 8 | (d[i] & 0xff);
            b = b << 8 | (d[8 + i] & 0xff);
        }
        return new Key(a, b);
    }

    static int classIndex(String label) {
        for (CommandClass c : CLASSES) {
            if (c.label().equals(label)) {
                return c.ordinal();
            }
        }
        return UNKNOWN;
    }

    static GateDecision gate(String label) {
        for (GateDecision g : GateDecision.values()) {
            if (g.label().equals(label)) {
                return g;
            }
        }
        return null;
    }

    static Instant time(String s) {
        if (s == null || s.length() > 40) {
            return null;
        }
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** A field's text (numbers and booleans as written), or null. */
    static String text(Object o) {
        return o == null ? null : o instanceof String s ? s : o instanceof Map || o instanceof List ? null : o.toString();
    }

    /** {@link #cut} at {@link #MAX_KEY}: for keys and names. */
    static String capped(String s) {
        return cut(s, MAX_KEY);
    }

    /**
     * {@code s}, or when it is longer than {@code max} its first characters, {@link #CUT} and how many more
     * there were (and a hash, so that two long texts with the same start stay apart as keys); the report
     * shows the count as a marker text cannot imitate ({@link Html#shown}). A NUL of the file's own is
     * {@code ␀}, so only this method writes one.
     */
    static String cut(String s, int max) {
        if (s == null) {
            return null;
        }
        String t = s.indexOf(CUT) < 0 ? s : s.replace(CUT, '\u2400');
        if (t.length() <= max) {
            return t;
        }
        int keep = max - 32;
        if (Character.isHighSurrogate(t.charAt(keep - 1))) {
            keep--;
        }
        return t.substring(0, keep) + CUT + (t.length() - keep) + CUT + Integer.toHexString(t.hashCode());
    }

    /** Separates a cut text from its count of characters left out (see {@link #cut}). */
    static final char CUT = '\u0000';
}
