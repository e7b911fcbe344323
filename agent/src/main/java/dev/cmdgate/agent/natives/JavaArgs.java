package dev.cmdgate.agent.natives;

import java.util.ArrayList;
import java.util.List;

/**
 * Arguments given as Java objects (JNA, jnr-ffi): strings are read, arrays of strings are read up to
 * their end or a null element, numbers are read; a pointer, a structure or anything else is not read
 * (the call is then refused). The snapshot copies every array (and, for jnr-ffi, turns each
 * {@code CharSequence} into a String), so what is read is what is passed on.
 */
final class JavaArgs implements NativeCall.Args {

    /** JNA: only {@code String} is a C string (a WString is a wide string, a Pointer is memory). */
    static final JavaArgs JNA = new JavaArgs(false);
    /** jnr-ffi: any {@code CharSequence} is converted to a C string. */
    static final JavaArgs JNR = new JavaArgs(true);

    private final boolean charSequences;

    private JavaArgs(boolean charSequences) {
        this.charSequences = charSequences;
    }

    @Override
    public Object[] snapshot(Object[] args) {
        if (args == null) {
            return new Object[0];
        }
        Object[] copy = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            copy[i] = copy(args[i], 0);
        }
        return copy;
    }

    private Object copy(Object o, int depth) {
        if (charSequences && o instanceof CharSequence cs && !(o instanceof String)) {
            return cs.toString();
        }
        if (o instanceof Object[] a && depth < 2) {
            Object[] c = a.clone();   // same component type, so the callee's parameter type still fits
            for (int i = 0; i < c.length; i++) {
                Object e = copy(c[i], depth + 1);
                if (e != c[i]) {
                    c[i] = e;   // a String in place of a CharSequence: fits any CharSequence[] or Object[]
                }
            }
            return c;
        }
        return o;
    }

    @Override
    public String string(Object arg) throws NativeCall.Unreadable {
        if (arg == null) {
            return null;
        }
        if (arg instanceof String s) {
            return s;
        }
        throw new NativeCall.Unreadable("a " + arg.getClass().getName() + " where a C string is expected");
    }

    @Override
    public List<String> strings(Object arg) throws NativeCall.Unreadable {
        if (arg == null) {
            return null;
        }
        if (!(arg instanceof Object[] a)) {
            throw new NativeCall.Unreadable("a " + arg.getClass().getName() + " where an array of C strings is expected");
        }
        List<String> out = new ArrayList<>(a.length);
        for (Object e : a) {
            if (e == null) {
                break;   // the C array ends at its first NULL
            }
            out.add(string(e));
        }
        return out;
    }

    @Override
    public long number(Object arg) throws NativeCall.Unreadable {
        if (arg instanceof Number n) {
            return n.longValue();
        }
        throw new NativeCall.Unreadable("a " + (arg == null ? "null" : arg.getClass().getName()) + " where a number is expected");
    }

    @Override
    public boolean isNull(Object arg) {
        return arg == null;
    }

    @Override
    public Object copyString(Object original, String s) {
        return original == null ? s : original;   // the snapshot already holds an immutable String
    }

    @Override
    public Object copyStrings(Object original, List<String> strings) {
        return original;   // the snapshot's own array
    }

    /**
     * The variadic arguments: as given when they include the terminating NULL; otherwise a Java varargs
     * array in the last place holds them (JNA's interface mapping passes {@code (path, Object[] rest)}).
     */
    @Override
    public List<Object> variadic(Object[] args, int from) {
        List<Object> out = new ArrayList<>();
        boolean terminated = false;
        for (int i = from; i < args.length; i++) {
            terminated |= args[i] == null;
        }
        for (int i = from; i < args.length; i++) {
            if (!terminated && i == args.length - 1 && args[i] instanceof Object[] a) {
                out.addAll(java.util.Arrays.asList(a));
            } else {
                out.add(args[i]);
            }
        }
        return out;
    }
}
