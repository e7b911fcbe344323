package dev.cmdgate.agent.approvals;

import dev.cmdgate.agent.prompt.remote.ApprovalProtocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A file of named token holders — the approvers who may answer on the page, or the clients (gated JVMs)
 * that may post requests — one a line: {@code NAME sha256:HEX}, the SHA-256 of the holder's token. The
 * tokens themselves are never stored: {@link #add} prints one once. A token is 256 random bits, so a
 * plain hash is enough (nothing to guess from it); blank lines and lines starting with {@code #} are
 * skipped.
 */
final class TokenFile {

    /** A holder's name: what the page, the audit line and the history show. */
    static final String NAME_CHARS = "A-Z a-z 0-9 . _ @ -";
    private static final int MAX_NAME = 64;
    private static final String PREFIX = "sha256:";
    private static final SecureRandom RANDOM = new SecureRandom();

    private record Holder(String name, byte[] hash) {
    }

    private final List<Holder> holders;

    private TokenFile(List<Holder> holders) {
        this.holders = holders;
    }

    /** Reads the file; a line that does not read is an error naming the line. */
    static TokenFile read(Path file) throws IOException {
        List<Holder> holders = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split(" +");
            if (parts.length != 2 || !validName(parts[0]) || !parts[1].startsWith(PREFIX) || parts[1].length() != PREFIX.length() + 64) {
                throw new IOException(file + " line " + (i + 1) + ": expected NAME sha256:HEX (64 hex digits)");
            }
            try {
                holders.add(new Holder(parts[0], java.util.HexFormat.of().parseHex(parts[1].substring(PREFIX.length()))));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + " line " + (i + 1) + ": the hash is not hexadecimal");
            }
        }
        return new TokenFile(holders);
    }

    boolean isEmpty() {
        return holders.isEmpty();
    }

    boolean has(String name) {
        for (Holder h : holders) {
            if (h.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The name of the holder of {@code token}, or null. Every hash is compared in full, in constant time. */
    String holderOf(String token) {
        if (token == null || token.isEmpty() || token.length() > 200) {
            return null;
        }
        byte[] h = hash(token);
        String found = null;
        for (Holder holder : holders) {
            if (MessageDigest.isEqual(h, holder.hash()) && found == null) {
                found = holder.name();
            }
        }
        return found;
    }

    /**
     * Adds {@code name} with a new token to {@code file} (created, readable by its owner only, when missing)
     * and returns the token. A name already in the file is refused: give the new holder another name, or
     * remove the old line first.
     */
    static String add(Path file, String name) throws IOException {
        if (!validName(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a name of 1 to " + MAX_NAME + " characters of "
                    + NAME_CHARS);
        }
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.strip().startsWith(name + " ")) {
                    throw new IllegalArgumentException(name + " is in " + file + " already");
                }
            }
        } else {
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException | FileAlreadyExistsException e) {
                Files.writeString(file, "", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        }
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        String token = "cgt_" + Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
        String line = name + " " + PREFIX + ApprovalProtocol.sha256(token) + "\n";
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        return token;
    }

    static boolean validName(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_NAME) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                    || c == '@' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static byte[] hash(String token) {
        return java.util.HexFormat.of().parseHex(ApprovalProtocol.sha256(token));
    }
}
