package dev.cmdgate.core.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * The name a decompressor derives from its input by taking the compressed ending off ({@code gunzip ~/.bashrc.gz}
 * writes {@code ~/.bashrc}): the rules name the endings, and the program's own rule of which one wins does not matter
 * here, since every name it could derive is judged as written.
 */
final class UnsuffixedNames {

    private UnsuffixedNames() {
    }

    /**
     * @param path     an operand
     * @param endings  the row's endings; {@code END=NEW} replaces END by NEW ({@code .tgz=.tar})
     * @param extra    more endings, each taken off as it is (an option's value: {@code gunzip -S .x})
     * @return every name derived from {@code path} by one ending; none when it ends in none of them, or an ending is
     *         all there is of the file's name (gunzip leaves {@code .gz} alone)
     */
    static List<String> of(String path, List<String> endings, List<String> extra) {
        List<String> out = new ArrayList<>(2);
        List<String> all = new ArrayList<>(endings);
        all.addAll(extra);
        String base = path.substring(path.lastIndexOf('/') + 1);
        for (String e : all) {
            int eq = e.indexOf('=', 1);
            String end = eq < 0 ? e : e.substring(0, eq);
            String put = eq < 0 ? "" : e.substring(eq + 1);
            if (!end.isEmpty() && base.length() > end.length() && base.endsWith(end)) {
                String name = path.substring(0, path.length() - end.length()) + put;
                if (!out.contains(name)) {
                    out.add(name);
                }
            }
        }
        return out;
    }
}
