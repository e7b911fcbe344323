package dev.cmdgate.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Gzipped ustar archives for tests (OPA bundles), written independently of cmdgate's reader. Shared by the agent's
 * unit tests and the integration tests through the agent's test jar, which holds only this package: nothing here
 * is in the agent jar.
 */
public final class TarGz {

    private TarGz() {
    }

    /** A ustar archive of the files (name to content, in the map's order), gzipped. */
    public static byte[] of(Map<String, byte[]> files) {
        try {
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                raw.write(header(f.getKey(), f.getValue().length));
                raw.write(f.getValue());
                raw.write(new byte[(512 - f.getValue().length % 512) % 512]);
            }
            raw.write(new byte[1024]);
            ByteArrayOutputStream gz = new ByteArrayOutputStream();
            try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
                out.write(raw.toByteArray());
            }
            return gz.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The 512-byte header of a regular file: mode 0644, owner 0, time 0, its checksum. */
    private static byte[] header(String name, int size) {
        byte[] h = new byte[512];
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(n, 0, h, 0, n.length);
        put(h, 100, String.format("%07o", 0644));
        put(h, 108, String.format("%07o", 0));
        put(h, 116, String.format("%07o", 0));
        put(h, 124, String.format("%011o", size));
        put(h, 136, String.format("%011o", 0));
        h[156] = '0';
        put(h, 257, "ustar");
        put(h, 263, "00");
        for (int i = 148; i < 156; i++) {
            h[i] = ' ';
        }
        int sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, String.format("%06o", sum));
        return h;
    }

    private static void put(byte[] h, int off, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, h, off, b.length);
    }
}
