package dev.cmdgate.agent.natives;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Arguments of a downcall made through the JDK's foreign function API: C strings and
 * {@code char *[]} arrays are read from native memory (through the JDK's internal {@code Unsafe},
 * which java.base exports to cmdgate's module alone), and copied into native memory only cmdgate
 * holds, so that another thread cannot change what runs after it was judged. A string that is not
 * valid in the platform's charset, a heap segment or an over-long string or array is not read.
 */
final class MemoryArgs implements NativeCall.Args {

    private static final int MAX_STRING = 1 << 20;
    private static final int MAX_ARRAY = 1 << 16;
    private static final Charset CHARSET = charset();

    private final MethodHandle address;     // MemorySegment.address()
    private final MethodHandle isNative;    // MemorySegment.isNative()
    private final MethodHandle getByte;     // Unsafe.getByte(long), bound
    private final MethodHandle getLong;     // Unsafe.getLong(long), bound
    private final MethodHandle putByte;     // Unsafe.putByte(long, byte), bound
    private final MethodHandle putLong;     // Unsafe.putLong(long, long), bound
    private final MethodHandle allocate;    // Arena.allocate(long, long) on an automatic arena, bound
    private final Class<?> segmentClass;

    MemoryArgs() throws ReflectiveOperationException {
        MethodHandles.Lookup l = MethodHandles.lookup();
        segmentClass = Class.forName("java.lang.foreign.MemorySegment");
        address = l.findVirtual(segmentClass, "address", MethodType.methodType(long.class));
        isNative = l.findVirtual(segmentClass, "isNative", MethodType.methodType(boolean.class));
        Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
        Object unsafe;
        try {
            unsafe = l.findStatic(unsafeClass, "getUnsafe", MethodType.methodType(unsafeClass)).invoke();
        } catch (ReflectiveOperationException e) {
            throw e;
        } catch (Throwable t) {
            throw new ReflectiveOperationException(t);
        }
        getByte = l.findVirtual(unsafeClass, "getByte", MethodType.methodType(byte.class, long.class)).bindTo(unsafe);
        getLong = l.findVirtual(unsafeClass, "getLong", MethodType.methodType(long.class, long.class)).bindTo(unsafe);
        putByte = l.findVirtual(unsafeClass, "putByte", MethodType.methodType(void.class, long.class, byte.class)).bindTo(unsafe);
        putLong = l.findVirtual(unsafeClass, "putLong", MethodType.methodType(void.class, long.class, long.class)).bindTo(unsafe);
        Class<?> arenaClass = Class.forName("java.lang.foreign.Arena");
        Object arena;
        try {
            arena = l.findStatic(arenaClass, "ofAuto", MethodType.methodType(arenaClass)).invoke();
        } catch (Throwable t) {
            throw new ReflectiveOperationException(t);
        }
        allocate = l.findVirtual(arenaClass, "allocate", MethodType.methodType(segmentClass, long.class, long.class)).bindTo(arena);
    }

    @Override
    public Object[] snapshot(Object[] args) {
        return args.clone();
    }

    long address(Object segment) throws NativeCall.Unreadable {
        if (!segmentClass.isInstance(segment)) {
            throw new NativeCall.Unreadable("a " + (segment == null ? "null" : segment.getClass().getName())
                    + " where a pointer is expected");
        }
        try {
            if (!(boolean) isNative.invoke(segment)) {
                throw new NativeCall.Unreadable("a heap segment where native memory is expected");
            }
            return (long) address.invoke(segment);
        } catch (NativeCall.Unreadable e) {
            throw e;
        } catch (Throwable t) {
            throw new NativeCall.Unreadable(t.toString());
        }
    }

    @Override
    public boolean isNull(Object arg) {
        try {
            return arg == null || address(arg) == 0;
        } catch (NativeCall.Unreadable e) {
            return false;
        }
    }

    @Override
    public String string(Object arg) throws NativeCall.Unreadable {
        long a = address(arg);
        return a == 0 ? null : cString(a);
    }

    private String cString(long a) throws NativeCall.Unreadable {
        try {
            byte[] buf = new byte[64];
            int n = 0;
            for (byte b; (b = (byte) getByte.invoke(a + n)) != 0; ) {
                if (n == MAX_STRING) {
                    throw new NativeCall.Unreadable("a C string longer than " + MAX_STRING + " bytes");
                }
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, n * 2);
                }
                buf[n++] = b;
            }
            byte[] bytes = Arrays.copyOf(buf, n);
            String s = new String(bytes, CHARSET);
            if (!Arrays.equals(s.getBytes(CHARSET), bytes)) {
                throw new NativeCall.Unreadable("a C string that is not valid " + CHARSET);
            }
            return s;
        } catch (NativeCall.Unreadable e) {
            throw e;
        } catch (Throwable t) {
            throw new NativeCall.Unreadable(t.toString());
        }
    }

    @Override
    public List<String> strings(Object arg) throws NativeCall.Unreadable {
        long a = address(arg);
        if (a == 0) {
            return null;
        }
        try {
            List<String> out = new ArrayList<>();
            for (int i = 0; ; i++) {
                if (i == MAX_ARRAY) {
                    throw new NativeCall.Unreadable("an array of more than " + MAX_ARRAY + " C strings");
                }
                long p = (long) getLong.invoke(a + 8L * i);
                if (p == 0) {
                    return out;
                }
                out.add(cString(p));
            }
        } catch (NativeCall.Unreadable e) {
            throw e;
        } catch (Throwable t) {
            throw new NativeCall.Unreadable(t.toString());
        }
    }

    @Override
    public long number(Object arg) throws NativeCall.Unreadable {
        if (arg instanceof Number n) {
            return n.longValue();
        }
        throw new NativeCall.Unreadable("a " + (arg == null ? "null" : arg.getClass().getName()) + " where a number is expected");
    }

    @Override
    public Object copyString(Object original, String s) {
        try {
            return cStringCopy(s);
        } catch (Throwable t) {
            throw new IllegalStateException("cannot copy a C string (" + t + ")", t);
        }
    }

    private Object cStringCopy(String s) throws Throwable {
        byte[] bytes = s.getBytes(CHARSET);
        Object seg = allocate.invoke((long) bytes.length + 1, 1L);
        long a = (long) address.invoke(seg);
        for (int i = 0; i < bytes.length; i++) {
            putByte.invoke(a + i, bytes[i]);
        }
        putByte.invoke(a + bytes.length, (byte) 0);
        return seg;
    }

    /** One block: the NULL-terminated pointer array, then the strings it points to (kept alive together). */
    @Override
    public Object copyStrings(Object original, List<String> strings) {
        try {
            List<byte[]> encoded = new ArrayList<>(strings.size());
            long size = 8L * (strings.size() + 1);
            for (String s : strings) {
                byte[] b = s.getBytes(CHARSET);
                encoded.add(b);
                size += b.length + 1;
            }
            Object block = allocate.invoke(size, 8L);
            long a = (long) address.invoke(block);
            long next = a + 8L * (strings.size() + 1);
            for (int i = 0; i < encoded.size(); i++) {
                byte[] b = encoded.get(i);
                putLong.invoke(a + 8L * i, next);
                for (int k = 0; k < b.length; k++) {
                    putByte.invoke(next + k, b[k]);
                }
                putByte.invoke(next + b.length, (byte) 0);
                next += b.length + 1;
            }
            putLong.invoke(a + 8L * strings.size(), 0L);
            return block;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot copy an array of C strings (" + t + ")", t);
        }
    }

    private static Charset charset() {
        String jnu = System.getProperty("sun.jnu.encoding");
        try {
            return jnu == null ? StandardCharsets.UTF_8 : Charset.forName(jnu);
        } catch (RuntimeException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
