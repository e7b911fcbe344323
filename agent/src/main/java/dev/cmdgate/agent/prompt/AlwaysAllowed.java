package dev.cmdgate.agent.prompt;

import dev.cmdgate.core.Classification;
import dev.cmdgate.core.CommandClass;
import dev.cmdgate.core.RiskLevel;
import dev.cmdgate.core.decision.Launch;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The launches a prompt was answered "allow always" for. Each answer covers one launch exactly as it
 * was shown — argv, shell line (a command written to a gated shell session), working directory,
 * environment changes (names and values) and output redirects (paths and append) — and only while
 * it is classified no higher, in class or in level, than when it was approved: the same argv with
 * {@code BASH_ENV} set, its output sent to {@code ~/.bashrc}, or rules or a scope that now rate it
 * higher, is asked about again.
 */
final class AlwaysAllowed {

    private final Map<Key, Ceiling> answered = new ConcurrentHashMap<>();

    /** Everything about a launch that decides what runs; the declared timeout and class are not (the class is the ceiling's). */
    private record Key(List<String> argv, String shellLine, String cwd, Map<String, String> environment,
                       List<Launch.OutputRedirect> redirects) {
        static Key of(Launch l) {
            return new Key(l.argv(), l.shellLine(), l.cwd(), l.environmentChanges(), l.outputRedirects());
        }
    }

    /** The class and level the launch had when it was approved. */
    private record Ceiling(CommandClass commandClass, RiskLevel level) {
        boolean covers(Classification c) {
            return c.commandClass().ordinal() <= commandClass.ordinal() && c.level().ordinal() <= level.ordinal();
        }
    }

    void remember(Launch launch, Classification approvedAs) {
        answered.put(Key.of(launch), new Ceiling(approvedAs.commandClass(), approvedAs.level()));
    }

    /** True when this very launch was answered "always", classified then at least as high as now. */
    boolean covers(Launch launch, Classification now) {
        Ceiling c = answered.get(Key.of(launch));
        return c != null && c.covers(now);
    }
}
