package dev.cmdgate.core.classify;

import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the script being analysed did to files that its later commands depend on: which files hold what the
 * network sent ({@code curl -o x URL && ./x}), the literal text it wrote into files ({@code echo '…' > f.py;
 * python f.py}), and which paths it made FIFOs of ({@code mkfifo f; sh <f}). Files are keyed by their name as
 * written ({@link #key}), so {@code $TF.go} written and run is the same file. Each memory starts as an empty
 * immutable collection and becomes mutable on its first write (most classifications write none) and is
 * bounded; past a bound nothing more is remembered, and a file not remembered is judged as any other.
 */
final class ScriptFiles {

    /** At most this many files' texts are remembered, each at most {@link #MAX_TEXT} characters. */
    static final int MAX_TEXTS = 64;
    static final int MAX_TEXT = 64 * 1024;
    /** At most this many downloaded files and FIFOs are remembered. */
    private static final int MAX_NAMES = 1000;

    /** Files written so far, in script order, by commands that reach the network. */
    private Set<String> downloaded = Set.of();
    /** The literal text the script wrote so far into files, in the order written. */
    private Map<String, String> texts = Map.of();
    /** Paths the script made FIFOs of, normalised and without a leading {@code ./}. */
    private Set<String> fifos = Set.of();
    /** Files ({@link #key}s) the script wrote with text not known (tee, cp, dd of=, a redirection of unknown output). */
    private Set<String> unknownTexts = Set.of();

    /** How a written or run file is remembered: normalised, without a leading {@code ./}. */
    static String key(String text) {
        String k = PathText.normalize(text);
        while (k.startsWith("./")) {
            k = k.substring(2);
        }
        return k;
    }

    /** The files one command wrote ({@link #key}s) hold what the network sent. */
    void downloaded(List<String> written) {
        if (downloaded.size() < MAX_NAMES && !written.isEmpty()) {
            if (downloaded.isEmpty()) {
                downloaded = new HashSet<>();
            }
            downloaded.addAll(written);
        }
    }

    /** Whether a command of this script that reaches the network wrote the file. */
    boolean wasDownloaded(String file) {
        return !downloaded.isEmpty() && downloaded.contains(key(file));
    }

    /** The files ({@link #key}s) this script wrote known literal text into, in the order first written. */
    /** Whether the script wrote some file, with a text known or not ({@link #writtenTexts}, {@link #unknownTexts}). */
    boolean wroteAnyText() {
        return !texts.isEmpty() || !unknownTexts.isEmpty();
    }

    List<String> writtenTexts() {
        return List.copyOf(texts.keySet());
    }

    /** The literal text this script wrote into the file, or null when that is not known. */
    String text(String file) {
        return texts.isEmpty() ? null : texts.get(key(file));
    }

    /**
     * A command's standard output went to {@code outs} ({@code >} replaces, {@code >>} appends, as
     * {@code appends} says) and its other output redirections to {@code others}: the files of {@code outs} hold
     * {@code out} (or, when that is null, something not known), those of {@code others} something not known.
     */
    void wrote(String out, List<Arg> outs, List<Boolean> appends, List<Arg> others) {
        for (Arg o : others) {
            unknownText(o);
        }
        if (out == null) {
            for (Arg o : outs) {
                unknownText(o);
            }
        }
        if (texts.isEmpty() && (out == null || outs.isEmpty())) {
            return; // nothing remembered to forget, nothing to remember
        }
        if (texts.isEmpty()) {
            texts = new LinkedHashMap<>();
        }
        for (int i = 0; i < outs.size(); i++) {
            String k = key(outs.get(i).text);
            String prev = appends.get(i) ? texts.get(k) : null;
            String text = out == null ? null : prev == null ? out : prev + out;
            if (text != null && text.length() <= MAX_TEXT && (texts.size() < MAX_TEXTS || texts.containsKey(k))) {
                texts.put(k, text);
                if (!unknownTexts.isEmpty()) {
                    unknownTexts.remove(k);
                }
            } else {
                unknownText(outs.get(i));
            }
        }
    }

    /**
     * The script wrote the file by other means than known text ({@code tee}, {@code cp SRC f}, {@code dd of=f}, a
     * redirection of output not known): what it holds is not known. A file whose text is remembered keeps it (a
     * later {@code chmod} or {@code sed -i} of it changes little that reading it would miss).
     */
    void wroteOther(Arg file) {
        if (texts.isEmpty() || !texts.containsKey(key(file.text))) {
            unknownText(file);
        }
    }

    private void unknownText(Arg file) {
        if (file.unresolved()) {
            return; // a name only known at run time (mostly a log, `> $LOG`) is not followed: see the threat model
        }
        String k = key(file.text);
        if (!texts.isEmpty()) {
            texts.remove(k);
        }
        if (unknownTexts.size() < MAX_NAMES) {
            if (unknownTexts.isEmpty()) {
                unknownTexts = new LinkedHashSet<>();
            }
            unknownTexts.add(k);
        }
    }

    /** The files ({@link #key}s) the script wrote with text not known, in the order first written. */
    List<String> unknownTexts() {
        return List.copyOf(unknownTexts);
    }

    /** The script made a FIFO of this (normalised) path. */
    void fifo(String path) {
        if (fifos.size() < MAX_NAMES) {
            if (fifos.isEmpty()) {
                fifos = new LinkedHashSet<>();
            }
            fifos.add(path.startsWith("./") ? path.substring(2) : path);
        }
    }

    /** Whether the script made a FIFO of this path (normalised, without a leading {@code ./}). */
    boolean isFifo(String path) {
        return fifos.contains(path);
    }
}
