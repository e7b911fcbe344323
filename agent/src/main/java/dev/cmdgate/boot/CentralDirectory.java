package dev.cmdgate.boot;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The directories of a zip file that hold {@code .class} entries, read from its central directory in one
 * pass over its bytes (no entry objects). A file this reader does not expect — zip64, a comment longer
 * than the format allows, an inconsistent directory — is read through {@link ZipFile} instead.
 */
final class CentralDirectory {

    private static final int END_SIZE = 22;
    private static final int HEADER_SIZE = 46;
    private static final int MAX_COMMENT = 0xFFFF;

    private CentralDirectory() {
    }

    static Set<String> classDirectories(Path zip) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(zip.toFile(), "r")) {
            Set<String> dirs = scan(f);
            if (dirs != null) {
                return dirs;
            }
        }
        Set<String> dirs = new LinkedHashSet<>();
        try (ZipFile z = new ZipFile(zip.toFile())) {
            for (Enumeration<? extends ZipEntry> e = z.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                int slash = name.lastIndexOf('/');
                if (slash > 0 && name.endsWith(".class")) {
                    dirs.add(name.substring(0, slash));
                }
            }
        }
        return dirs;
    }

    /** The directories, or null when the file is not the plain zip this reads. */
    private static Set<String> scan(RandomAccessFile f) throws IOException {
        long length = f.length();
        int tail = (int) Math.min(length, END_SIZE + MAX_COMMENT);
        byte[] end = new byte[tail];
        f.seek(length - tail);
        f.readFully(end);
        int eocd = -1;
        for (int i = tail - END_SIZE; i >= 0; i--) {
            if (end[i] == 'P' && end[i + 1] == 'K' && end[i + 2] == 5 && end[i + 3] == 6) {
                eocd = i;
                break;
            }
        }
        if (eocd < 0) {
            return null;
        }
        long size = u32(end, eocd + 12);
        long offset = u32(end, eocd + 16);
        if (size == 0xFFFF_FFFFL || offset == 0xFFFF_FFFFL || offset + size > length || size > Integer.MAX_VALUE) {
            return null;   // zip64, or not a directory this file can hold
        }
        byte[] cen = new byte[(int) size];
        f.seek(offset);
        f.readFully(cen);
        Set<String> dirs = new LinkedHashSet<>();
        int lastStart = -1;
        int lastLength = -1;
        for (int p = 0; p < cen.length; ) {
            if (p + HEADER_SIZE > cen.length || cen[p] != 'P' || cen[p + 1] != 'K' || cen[p + 2] != 1 || cen[p + 3] != 2) {
                return null;
            }
            int nameLength = u16(cen, p + 28);
            int next = p + HEADER_SIZE + nameLength + u16(cen, p + 30) + u16(cen, p + 32);
            int name = p + HEADER_SIZE;
            if (next > cen.length) {
                return null;
            }
            if (endsWithClass(cen, name, nameLength)) {
                int slash = name + nameLength - 1;
                while (slash > name && cen[slash] != '/') {
                    slash--;
                }
                int dirLength = slash - name;
                // entries come grouped by directory: make a String only when the directory changes
                if (dirLength > 0 && !(dirLength == lastLength && same(cen, name, lastStart, dirLength))) {
                    dirs.add(new String(cen, name, dirLength, StandardCharsets.UTF_8));
                    lastStart = name;
                    lastLength = dirLength;
                }
            }
            p = next;
        }
        return dirs;
    }

    private static boolean endsWithClass(byte[] b, int start, int length) {
        return length > 6 && b[start + length - 6] == '.' && b[start + length - 5] == 'c' && b[start + length - 4] == 'l'
                && b[start + length - 3] == 'a' && b[start + length - 2] == 's' && b[start + length - 1] == 's';
    }

    private static boolean same(byte[] b, int a, int c, int length) {
        for (int i = 0; i < length; i++) {
            if (b[a + i] != b[c + i]) {
                return false;
            }
        }
        return true;
    }

    private static int u16(byte[] b, int i) {
        return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8;
    }

    private static long u32(byte[] b, int i) {
        return (b[i] & 0xffL) | (b[i + 1] & 0xffL) << 8 | (b[i + 2] & 0xffL) << 16 | (b[i + 3] & 0xffL) << 24;
    }
}
