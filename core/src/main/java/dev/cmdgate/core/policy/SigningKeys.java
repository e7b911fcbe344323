package dev.cmdgate.core.policy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ed25519 keys for signing decisions, using only the JDK: generation, PEM files (private key
 * PKCS#8 {@code -----BEGIN PRIVATE KEY-----}, public key SubjectPublicKeyInfo
 * {@code -----BEGIN PUBLIC KEY-----}, the same formats as {@code openssl genpkey -algorithm ed25519}),
 * loading, and the key id ({@code kid}) that names a key in decisions.
 */
public final class SigningKeys {

    /** File name of the private key written by {@link #generate(Path)}. */
    public static final String PRIVATE_FILE = "cmdgate-signing.pem";
    /** File name of the public key written by {@link #generate(Path)}. */
    public static final String PUBLIC_FILE = "cmdgate-signing.pub.pem";

    private static final byte[] SPKI_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");
    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN ([A-Z ]+)-----\\s*([A-Za-z0-9+/=\\s]+?)\\s*-----END \\1-----");

    /** The two files {@link #generate(Path)} wrote and the key pair in them. */
    public record GeneratedKeys(Path privateKeyFile, Path publicKeyFile, KeyPair keyPair, String kid) {
    }

    private SigningKeys() {
    }

    /** A fresh Ed25519 key pair from the JDK. */
    public static KeyPair generate() {
        try {
            return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK has no Ed25519", e);
        }
    }

    /**
     * Generates a key pair and writes {@value #PRIVATE_FILE} (owner read/write only where the file
     * system supports POSIX permissions) and {@value #PUBLIC_FILE} into {@code dir} (created if needed).
     * Never overwrites an existing file.
     *
     * @throws SigningKeyException with a one-line message when a file exists or cannot be written
     */
    public static GeneratedKeys generate(Path dir) {
        Path priv = dir.resolve(PRIVATE_FILE);
        Path pub = dir.resolve(PUBLIC_FILE);
        for (Path p : new Path[] {priv, pub}) {
            if (Files.exists(p)) {
                throw new SigningKeyException(p + " already exists; not overwriting a key");
            }
        }
        KeyPair kp = generate();
        try {
            Files.createDirectories(dir);
            writeNew(priv, privatePem(kp.getPrivate()), true);
            writeNew(pub, publicPem(kp.getPublic()), false);
        } catch (FileAlreadyExistsException e) {
            throw new SigningKeyException(e.getFile() + " already exists; not overwriting a key", e);
        } catch (IOException e) {
            throw new SigningKeyException("cannot write keys to " + dir + ": " + Passport.oneLine(e), e);
        }
        return new GeneratedKeys(priv, pub, kp, keyId(kp.getPublic()));
    }

    private static void writeNew(Path file, String text, boolean secret) throws IOException {
        if (secret && file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, text, StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING);
        } else {
            Files.writeString(file, text, StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW);
        }
    }

    /**
     * The JDK's own Ed25519 key factory (SunEC), so that a provider the application installed first
     * (e.g. Bouncy Castle) cannot hand back keys of its own classes; any provider if SunEC is absent.
     */
    static KeyFactory keyFactory() throws GeneralSecurityException {
        try {
            return KeyFactory.getInstance("Ed25519", "SunEC");
        } catch (GeneralSecurityException noSunEc) {
            return KeyFactory.getInstance("Ed25519");
        }
    }

    /** PKCS#8 PEM text of a private key. */
    public static String privatePem(PrivateKey key) {
        return pem("PRIVATE KEY", key.getEncoded());
    }

    /** SubjectPublicKeyInfo PEM text of a public key. */
    public static String publicPem(PublicKey key) {
        return pem("PUBLIC KEY", key.getEncoded());
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    /**
     * Reads an Ed25519 private key from a PKCS#8 PEM file (the first {@code PRIVATE KEY} block).
     *
     * @throws SigningKeyException one line naming the file and the problem
     */
    public static PrivateKey readPrivateKey(Path file) {
        byte[] der = readPem(file, "PRIVATE KEY");
        try {
            PrivateKey key = keyFactory().generatePrivate(new PKCS8EncodedKeySpec(der));
            publicKeyOf(key); // fails early on anything unusable
            return key;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new SigningKeyException("signing key " + file + ": not an Ed25519 private key (" + Passport.oneLine(e) + ")", e);
        }
    }

    /**
     * Reads an Ed25519 public key from a SubjectPublicKeyInfo PEM file (the first {@code PUBLIC KEY} block).
     *
     * @throws SigningKeyException one line naming the file and the problem
     */
    public static PublicKey readPublicKey(Path file) {
        byte[] der = readPem(file, "PUBLIC KEY");
        try {
            return keyFactory().generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new SigningKeyException("public key " + file + ": not an Ed25519 public key (" + Passport.oneLine(e) + ")", e);
        }
    }

    /**
     * Reads an RSA, EC or Ed25519 public key from a SubjectPublicKeyInfo PEM file (bundle signatures).
     *
     * @throws SigningKeyException one line naming the file and the problem
     */
    public static PublicKey readAnyPublicKey(Path file) {
        byte[] der = readPem(file, "PUBLIC KEY");
        for (String alg : new String[] {"RSA", "EC", "Ed25519"}) {
            try {
                return java.security.KeyFactory.getInstance(alg).generatePublic(new X509EncodedKeySpec(der));
            } catch (GeneralSecurityException | IllegalArgumentException tryNext) {
                // not this algorithm
            }
        }
        throw new SigningKeyException("public key " + file + ": not an RSA, EC or Ed25519 public key");
    }

    private static byte[] readPem(Path file, String type) {
        String text;
        try {
            if (Files.size(file) > 64 * 1024) {
                throw new SigningKeyException(file + ": too large for a PEM key file");
            }
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new SigningKeyException(file + ": file not found", e);
        } catch (IOException e) {
            throw new SigningKeyException(file + ": cannot read: " + Passport.oneLine(e), e);
        }
        Matcher m = PEM.matcher(text);
        while (m.find()) {
            if (m.group(1).equals(type)) {
                try {
                    return Base64.getMimeDecoder().decode(m.group(2));
                } catch (IllegalArgumentException e) {
                    throw new SigningKeyException(file + ": the " + type + " block is not valid base64", e);
                }
            }
        }
        if (type.equals("PUBLIC KEY") && text.contains("-----BEGIN PRIVATE KEY-----")) {
            throw new SigningKeyException(file + " is a private key; give the public key ("
                    + PUBLIC_FILE + ", written beside it by keygen)");
        }
        if (type.equals("PRIVATE KEY") && text.contains("-----BEGIN PUBLIC KEY-----")) {
            throw new SigningKeyException(file + " is a public key; signing needs the private key (" + PRIVATE_FILE + ")");
        }
        throw new SigningKeyException(file + ": no '-----BEGIN " + type + "-----' block found"
                + (Set.of("PRIVATE KEY", "PUBLIC KEY").contains(type) && text.contains("BEGIN OPENSSH")
                ? " (an OpenSSH key; convert it or use keygen)" : ""));
    }

    /**
     * The public half of an Ed25519 private key (the JDK cannot derive it; see {@link Ed25519Public}),
     * checked by a sign/verify probe.
     */
    public static PublicKey publicKeyOf(PrivateKey key) {
        if (!(key instanceof EdECPrivateKey ed) || ed.getBytes().isEmpty()) {
            throw new IllegalArgumentException("not an Ed25519 private key: " + key.getAlgorithm());
        }
        byte[] seed = ed.getBytes().get();
        try {
            byte[] spki = Arrays.copyOf(SPKI_PREFIX, SPKI_PREFIX.length + 32);
            System.arraycopy(Ed25519Public.fromSeed(seed), 0, spki, SPKI_PREFIX.length, 32);
            PublicKey pub = keyFactory().generatePublic(new X509EncodedKeySpec(spki));
            byte[] probe = "cmdgate key check".getBytes(StandardCharsets.US_ASCII);
            if (!verifies(pub, probe, rawSignature(key, probe))) {
                throw new IllegalStateException("derived Ed25519 public key does not verify the key's own signature");
            }
            return pub;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("unusable Ed25519 key: " + Passport.oneLine(e), e);
        } finally {
            Arrays.fill(seed, (byte) 0);
        }
    }

    /** How cmdgate writes an Ed25519 signature (of a decision, of the audit chain): this, then base64. */
    public static final String SIGNATURE_PREFIX = "ed25519:";

    /** {@code key}'s Ed25519 signature of {@code message}, written as {@value #SIGNATURE_PREFIX} + base64. */
    public static String sign(PrivateKey key, byte[] message) throws GeneralSecurityException {
        return SIGNATURE_PREFIX + Base64.getEncoder().encodeToString(rawSignature(key, message));
    }

    /**
     * Whether {@code signature} (the 64 raw bytes, without {@value #SIGNATURE_PREFIX} and base64) is {@code key}'s
     * Ed25519 signature of {@code message}; an unusable key throws.
     */
    public static boolean verifies(PublicKey key, byte[] message, byte[] signature) throws GeneralSecurityException {
        Signature v = Signature.getInstance("Ed25519");
        v.initVerify(key);
        v.update(message);
        return signature.length == 64 && v.verify(signature);
    }

    private static byte[] rawSignature(PrivateKey key, byte[] message) throws GeneralSecurityException {
        Signature s = Signature.getInstance("Ed25519");
        s.initSign(key);
        s.update(message);
        return s.sign();
    }

    /**
     * The key id put into signed decisions: {@code cmdgate:} + the first 32 hex digits of the SHA-256
     * of the public key's SubjectPublicKeyInfo encoding (what {@code openssl pkey -pubout -outform DER
     * | sha256sum} hashes).
     */
    public static String keyId(PublicKey key) {
        return "cmdgate:" + HexFormat.of().formatHex(Passport.sha256(key.getEncoded())).substring(0, 32);
    }
}
