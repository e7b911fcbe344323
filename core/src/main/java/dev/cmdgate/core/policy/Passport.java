package dev.cmdgate.core.policy;

import dev.cmdgate.core.json.Jcs;
import dev.cmdgate.core.json.JsonParseException;
import dev.cmdgate.core.json.JsonParser;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An Open Agent Passport as far as {@code system.command.execute.v1} needs it, plus the whole
 * document as parsed (unknown fields included) for the digest.
 * <p>
 * Validation at load time: {@code passport_id} and {@code status} are strings;
 * {@code owner_id}/{@code assurance_level} are strings when present; {@code capabilities} is an
 * array of {@code {"id": "…"}} objects when present; {@code limits["system.command.execute"]} is
 * required with {@code allowed_commands} (array of strings) and {@code max_execution_time} (positive
 * integer seconds) — the seed's "Required Limits"; {@code blocked_patterns},
 * {@code allowed_working_directories} (absolute paths) and {@code blocked_env_vars} are optional
 * arrays of non-empty strings. Anything else is kept, unchecked, and counts for the digest.
 */
public final class Passport {

    /** The capability and limits key this policy needs. */
    public static final String CAPABILITY = "system.command.execute";

    /** Passport files larger than this are refused (a passport is a few kilobytes). */
    public static final int MAX_FILE_BYTES = 1 << 20;

    private final String passportId;
    private final String ownerId;
    private final String assuranceLevel;
    private final String status;
    private final List<String> capabilities;
    private final CommandLimits limits;
    private final Map<String, Object> document;
    private final String digest;

    private Passport(String passportId, String ownerId, String assuranceLevel, String status,
            List<String> capabilities, CommandLimits limits, Map<String, Object> document, String digest) {
        this.passportId = passportId;
        this.ownerId = ownerId;
        this.assuranceLevel = assuranceLevel;
        this.status = status;
        this.capabilities = capabilities;
        this.limits = limits;
        this.document = document;
        this.digest = digest;
    }

    /**
     * Reads and validates a passport file.
     *
     * @throws PassportException with a one-line message naming the file and the problem
     */
    public static Passport load(Path file) {
        return parse(readText(file), "passport " + file);
    }

    /** Parses and validates passport JSON text; {@code what} prefixes error messages (e.g. "passport x.json"). */
    public static Passport parse(String json, String what) {
        Map<String, Object> doc;
        try {
            if (json.startsWith("\uFEFF")) {
                json = json.substring(1); // tolerated in files written by some editors
            }
            doc = JsonParser.parseObject(json);
        } catch (JsonParseException e) {
            throw new PassportException(what + ": not valid JSON: " + e.getMessage(), e);
        }
        return fromJson(doc, what);
    }

    /** Validates an already parsed passport document. */
    public static Passport fromJson(Map<String, Object> doc, String what) {
        String prefix = what + ": ";
        String passportId = requiredString(doc, "passport_id", prefix);
        String status = requiredString(doc, "status", prefix);
        String ownerId = optionalString(doc, "owner_id", prefix);
        String assurance = optionalString(doc, "assurance_level", prefix);

        List<String> capabilities = new ArrayList<>();
        Object caps = doc.get("capabilities");
        if (caps != null) {
            if (!(caps instanceof List<?> list)) {
                throw new PassportException(prefix + "capabilities must be an array of {\"id\": …} objects, found "
                        + JsonParser.typeName(caps));
            }
            for (int i = 0; i < list.size(); i++) {
                Object c = list.get(i);
                if (!(c instanceof Map<?, ?> cap) || !(cap.get("id") instanceof String id) || id.isEmpty()) {
                    throw new PassportException(prefix + "capabilities[" + i + "] must be an object with a string \"id\"");
                }
                capabilities.add(id);
            }
        }

        Object limitsObj = doc.get("limits");
        if (limitsObj == null) {
            throw new PassportException(prefix + "limits[\"" + CAPABILITY + "\"] is required");
        }
        if (!(limitsObj instanceof Map<?, ?> limitsMap)) {
            throw new PassportException(prefix + "limits must be an object, found " + JsonParser.typeName(limitsObj));
        }
        Object cmd = limitsMap.get(CAPABILITY);
        if (cmd == null) {
            throw new PassportException(prefix + "limits[\"" + CAPABILITY + "\"] is required");
        }
        if (!(cmd instanceof Map<?, ?> cmdLimits)) {
            throw new PassportException(prefix + "limits[\"" + CAPABILITY + "\"] must be an object, found "
                    + JsonParser.typeName(cmd));
        }
        String lp = prefix + "limits[\"" + CAPABILITY + "\"].";
        List<String> allowed = stringList(cmdLimits, "allowed_commands", lp, true);
        if (allowed == null) {
            throw new PassportException(lp + "allowed_commands is required (an array of program names, or [\"*\"])");
        }
        List<String> patterns = stringList(cmdLimits, "blocked_patterns", lp, false);
        List<String> dirs = stringList(cmdLimits, "allowed_working_directories", lp, false);
        if (dirs != null) {
            for (int i = 0; i < dirs.size(); i++) {
                if (!dirs.get(i).startsWith("/")) {
                    throw new PassportException(lp + "allowed_working_directories[" + i + "] must be an absolute path, found \""
                            + dirs.get(i) + "\"");
                }
            }
        }
        List<String> envVars = stringList(cmdLimits, "blocked_env_vars", lp, false);
        Duration max = seconds(cmdLimits.get("max_execution_time"), lp + "max_execution_time");

        CommandLimits limits = new CommandLimits(allowed, patterns == null ? List.of() : patterns, max,
                Optional.ofNullable(dirs), envVars == null ? List.of() : envVars);
        Map<String, Object> frozen = freeze(doc);
        return new Passport(passportId, ownerId, assurance, status, List.copyOf(capabilities), limits, frozen,
                computeDigest(frozen, prefix));
    }

    /** {@code sha256:} + lower-case hex SHA-256 of the RFC 8785 canonical form of the passport. */
    static String computeDigest(Map<String, Object> doc, String prefix) {
        byte[] canonical;
        try {
            canonical = Jcs.canonicalBytes(doc);
        } catch (IllegalArgumentException e) {
            throw new PassportException(prefix + "cannot be canonicalised (RFC 8785): " + e.getMessage(), e);
        }
        return "sha256:" + HexFormat.of().formatHex(sha256(canonical));
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    static String readText(Path file) {
        return decodeUtf8(readBytes(file), "passport " + file);
    }

    static byte[] readBytes(Path file) {
        try {
            if (Files.isDirectory(file)) {
                throw new PassportException("passport " + file + ": is a directory, not a passport JSON file");
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new PassportException("passport " + file + ": file too large (" + size + " bytes, at most "
                        + MAX_FILE_BYTES + ")");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new PassportException("passport " + file + ": file not found", e);
        } catch (AccessDeniedException e) {
            throw new PassportException("passport " + file + ": permission denied", e);
        } catch (IOException e) {
            throw new PassportException("passport " + file + ": cannot read: " + oneLine(e), e);
        }
    }

    public static String decodeUtf8(byte[] bytes, String what) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new PassportException(what + ": not valid UTF-8", e);
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    private static String requiredString(Map<String, Object> doc, String key, String prefix) {
        Object v = doc.get(key);
        if (v == null) {
            throw new PassportException(prefix + key + " is required");
        }
        if (!(v instanceof String s) || s.isEmpty()) {
            throw new PassportException(prefix + key + " must be a non-empty string, found " + JsonParser.typeName(v));
        }
        return s;
    }

    private static String optionalString(Map<String, Object> doc, String key, String prefix) {
        Object v = doc.get(key);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw new PassportException(prefix + key + " must be a string, found " + JsonParser.typeName(v));
        }
        return s;
    }

    private static List<String> stringList(Map<?, ?> map, String key, String prefix, boolean required) {
        Object v = map.get(key);
        if (v == null) {
            return null;
        }
        if (!(v instanceof List<?> list)) {
            throw new PassportException(prefix + key + " must be an array of strings, found " + JsonParser.typeName(v));
        }
        List<String> out = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            Object o = list.get(i);
            if (!(o instanceof String s)) {
                throw new PassportException(prefix + key + "[" + i + "] must be a string, found " + JsonParser.typeName(o));
            }
            if (s.isBlank()) {
                throw new PassportException(prefix + key + "[" + i + "] is empty");
            }
            out.add(s);
        }
        return out;
    }

    private static Duration seconds(Object v, String name) {
        if (v == null) {
            throw new PassportException(name + " is required (a positive integer number of seconds)");
        }
        long s;
        if (v instanceof Long l) {
            s = l;
        } else if (v instanceof BigDecimal bd && bd.signum() >= 0 && bd.stripTrailingZeros().scale() <= 0
                && bd.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
            s = bd.longValueExact();
        } else {
            throw new PassportException(name + " must be a positive integer number of seconds, found "
                    + (v instanceof Number ? v : JsonParser.typeName(v)));
        }
        if (s <= 0) {
            throw new PassportException(name + " must be a positive integer number of seconds, found " + s);
        }
        if (s > 100L * 365 * 24 * 3600) {
            throw new PassportException(name + " is unreasonably large (" + s + " s)");
        }
        return Duration.ofSeconds(s);
    }

    @SuppressWarnings("unchecked")
    private static <T> T freeze(T value) {
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                copy.put((String) e.getKey(), freeze(e.getValue()));
            }
            return (T) Collections.unmodifiableMap(copy);
        }
        if (value instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            for (Object o : l) {
                copy.add(freeze(o));
            }
            return (T) Collections.unmodifiableList(copy);
        }
        return value;
    }

    public String passportId() {
        return passportId;
    }

    /** May be null when the passport has no owner_id. */
    public String ownerId() {
        return ownerId;
    }

    /** May be null when the passport has no assurance_level. */
    public String assuranceLevel() {
        return assuranceLevel;
    }

    public String status() {
        return status;
    }

    public boolean isActive() {
        return "active".equals(status);
    }

    /** Capability ids in document order. */
    public List<String> capabilities() {
        return capabilities;
    }

    public boolean hasCapability(String id) {
        return capabilities.contains(id);
    }

    public CommandLimits limits() {
        return limits;
    }

    /** The whole document as parsed, unmodifiable, unknown fields included. */
    public Map<String, Object> document() {
        return document;
    }

    /** {@code sha256:<hex>} over the RFC 8785 form of {@link #document()}. */
    public String digest() {
        return digest;
    }

    @Override
    public String toString() {
        return "Passport[" + passportId + ", " + status + ", " + digest + "]";
    }
}
