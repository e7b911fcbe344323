package dev.cmdgate.core.classify;

import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The distinct names of a command's options in the order given, read-only. Every simple command records
 * one; almost all have a handful, for which an array searched in order costs less than a hash table.
 */
final class OrderedNames extends AbstractSet<String> {

    /** Past this many given names the array search would cost more than hashing. */
    private static final int SMALL = 16;

    private final String[] names;
    private final int size;

    private OrderedNames(String[] names, int size) {
        this.names = names;
        this.size = size;
    }

    static Set<String> of(List<ParsedArgs.Use> options) {
        int n = options.size();
        if (n == 0) {
            return Set.of();
        }
        if (n == 1) {
            return Set.of(options.get(0).name());
        }
        if (n > SMALL) {
            Set<String> s = new LinkedHashSet<>();
            for (int i = 0; i < n; i++) {
                s.add(options.get(i).name());
            }
            return java.util.Collections.unmodifiableSet(s);
        }
        String[] names = new String[n];
        int k = 0;
        next:
        for (int i = 0; i < n; i++) {
            String name = options.get(i).name();
            for (int j = 0; j < k; j++) {
                if (names[j].equals(name)) {
                    continue next;
                }
            }
            names[k++] = name;
        }
        return new OrderedNames(names, k);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean contains(Object o) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(o)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Iterator<String> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public String next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                return names[next++];
            }
        };
    }
}
