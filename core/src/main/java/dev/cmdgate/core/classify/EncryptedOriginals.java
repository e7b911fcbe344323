package dev.cmdgate.core.classify;

import dev.cmdgate.core.rules.Rating;
import dev.cmdgate.core.rules.WriteRule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Within one line, the files a command encrypted ({@code encrypts} rows): a later command that deletes or overwrites
 * one of them ({@code gpg -c F && rm F}, {@code openssl enc -in F -out F.enc; shred -u F}) leaves only the encrypted
 * copy, which only the key opens — what ransomware does. Names are compared as the line writes them (a loop's
 * {@code "$f"} in both commands is the same file each round); a name written differently is not followed.
 */
final class EncryptedOriginals {

    private static final int MAX_NAMES = 64;

    /**
     * Each encrypted file's {@link ScriptFiles#key}, with the verdict of the row that named it; created by the first
     * one, as almost no line encrypts anything.
     */
    private Map<String, Rating> originals = Map.of();

    /** The files an {@code encrypts} row whose conditions hold names in the command. */
    void encrypted(WriteRule row, ParsedArgs p) {
        for (Arg a : named(row, p)) {
            if (originals.isEmpty()) {
                originals = new HashMap<>();
            }
            if (originals.size() < MAX_NAMES) {
                originals.putIfAbsent(ScriptFiles.key(a.text), row.verdict());
            }
        }
    }

    /** The verdict for writing (deleting, overwriting) this path, when an earlier command encrypted it; else null. */
    Rating replaced(Arg written) {
        return originals.isEmpty() ? null : originals.get(ScriptFiles.key(written.text));
    }

    private static List<Arg> named(WriteRule row, ParsedArgs p) {
        List<Arg> out = new ArrayList<>();
        switch (row.target()) {
            case OPERANDS -> out.addAll(p.operands);
            case FIRST -> {
                if (!p.operands.isEmpty()) {
                    out.add(p.operands.get(0));
                }
            }
            case LAST -> {
                if (!p.operands.isEmpty()) {
                    out.add(p.operands.get(p.operands.size() - 1));
                }
            }
            case OPT -> {
                for (ParsedArgs.Use u : p.options) {
                    if (u.name().equals(row.name()) && u.value() != null) {
                        out.add(new Arg(u.value(), u.from().dynamic, false, -1, -1));
                    }
                }
            }
            default -> throw new IllegalStateException("encrypts " + row.target());
        }
        return out;
    }
}
