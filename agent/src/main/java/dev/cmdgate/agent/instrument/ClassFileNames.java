package dev.cmdgate.agent.instrument;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Renames what a class file names — the class itself, the classes it uses, the descriptors that mention them —
 * by rewriting its constant pool's UTF-8 entries, as a build's relocation does (used by the build step
 * {@link JdkAsmCopies}; no bytecode library, whose copy is what is being renamed). Every occurrence of a key of
 * the map in an entry becomes its value; the keys
 * are internal names or packages ({@code a/b/C}, {@code a/b/}), all ASCII, which modified UTF-8 keeps as single
 * bytes, so the rewrite can work on the entries' bytes. Nothing but the constant pool changes.
 */
final class ClassFileNames {

    private static final int MAGIC = 0xCAFEBABE;

    private ClassFileNames() {
    }

    /**
     * The class file with every key of {@code renames} replaced by its value in each UTF-8 constant.
     *
     * @throws IllegalArgumentException when {@code classFile} is not a class file this can read
     */
    static byte[] rename(byte[] classFile, Map<String, String> renames) {
        if (classFile.length < 10 || u4(classFile, 0) != MAGIC) {
            throw new IllegalArgumentException("not a class file");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(classFile.length + 256);
        int count = u2(classFile, 8);
        out.write(classFile, 0, 10);
        int at = 10;
        for (int index = 1; index < count; index++) {
            int tag = classFile[at] & 0xFF;
            if (tag == 1) {
                int length = u2(classFile, at + 1);
                String text = new String(classFile, at + 3, length, StandardCharsets.ISO_8859_1);
                byte[] renamed = renamed(text, renames).getBytes(StandardCharsets.ISO_8859_1);
                if (renamed.length > 0xFFFF) {
                    throw new IllegalArgumentException("a renamed constant is too long");
                }
                out.write(1);
                out.write(renamed.length >>> 8);
                out.write(renamed.length);
                out.write(renamed, 0, renamed.length);
                at += 3 + length;
                continue;
            }
            int size = entrySize(tag);
            out.write(classFile, at, size);
            at += size;
            if (tag == 5 || tag == 6) {
                index++;   // a long or a double takes two slots of the pool
            }
        }
        out.write(classFile, at, classFile.length - at);
        return out.toByteArray();
    }

    private static String renamed(String text, Map<String, String> renames) {
        String result = text;
        for (Map.Entry<String, String> rename : renames.entrySet()) {
            if (result.contains(rename.getKey())) {
                result = result.replace(rename.getKey(), rename.getValue());
            }
        }
        return result;
    }

    /** The size of a constant pool entry other than UTF-8, its tag included (JVMS §4.4). */
    private static int entrySize(int tag) {
        return switch (tag) {
            case 7, 8, 16, 19, 20 -> 3;        // Class, String, MethodType, Module, Package
            case 15 -> 4;                      // MethodHandle
            case 3, 4, 9, 10, 11, 12, 17, 18 -> 5;   // Integer, Float, the refs, NameAndType, (Invoke)Dynamic
            case 5, 6 -> 9;                    // Long, Double
            default -> throw new IllegalArgumentException("unknown constant pool tag " + tag);
        };
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | b[at + 1] & 0xFF;
    }

    private static int u4(byte[] b, int at) {
        return u2(b, at) << 16 | u2(b, at + 2);
    }

    /** The internal name of the super class of {@code classFile} (read from its constant pool). */
    static String superName(byte[] classFile) {
        if (classFile.length < 10 || u4(classFile, 0) != MAGIC) {
            throw new IllegalArgumentException("not a class file");
        }
        int count = u2(classFile, 8);
        int[] offsets = new int[count];
        int at = 10;
        for (int index = 1; index < count; index++) {
            offsets[index] = at;
            int tag = classFile[at] & 0xFF;
            at += tag == 1 ? 3 + u2(classFile, at + 1) : entrySize(tag);
            if (tag == 5 || tag == 6) {
                index++;
            }
        }
        int superClass = u2(classFile, at + 4);   // after access_flags and this_class
        if (superClass == 0) {
            throw new IllegalArgumentException("java/lang/Object has no super class");
        }
        int name = u2(classFile, offsets[superClass] + 1);
        int utf8 = offsets[name];
        return new String(classFile, utf8 + 3, u2(classFile, utf8 + 1), StandardCharsets.ISO_8859_1);
    }
}
