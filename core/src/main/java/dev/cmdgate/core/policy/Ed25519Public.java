package dev.cmdgate.core.policy;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Derives an Ed25519 public key from a private key's 32-byte seed (RFC 8032 section 5.1.5), because
 * the JDK cannot: a PKCS#8 Ed25519 key written by OpenSSL or the JDK does not carry its public key,
 * and the decision's {@code kid} names the key by its public half.
 * <p>
 * Only public information comes out of this; signing itself is the JDK's. The arithmetic is plain
 * BigInteger (not constant-time): it runs once, when the signing key is loaded. The result is
 * checked by signing and verifying a probe message before it is used (see {@link SigningKeys}).
 */
final class Ed25519Public {

    private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
    private static final BigInteger SQRT_M1 = BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);
    private static final BigInteger[] BASE;

    static {
        BigInteger y = BigInteger.valueOf(4).multiply(BigInteger.valueOf(5).modInverse(P)).mod(P);
        BigInteger x = recoverX(y, 0);
        BASE = new BigInteger[] {x, y, BigInteger.ONE, x.multiply(y).mod(P)};
    }

    private Ed25519Public() {
    }

    /** The 32-byte encoded public key for a 32-byte private seed. */
    static byte[] fromSeed(byte[] seed) {
        if (seed.length != 32) {
            throw new IllegalArgumentException("an Ed25519 private key seed has 32 bytes, not " + seed.length);
        }
        byte[] h;
        try {
            h = MessageDigest.getInstance("SHA-512").digest(seed);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-512 is missing from this JDK", e);
        }
        byte[] low = new byte[32];
        System.arraycopy(h, 0, low, 0, 32);
        BigInteger a = littleEndian(low);
        a = a.and(BigInteger.ONE.shiftLeft(254).subtract(BigInteger.valueOf(8))).or(BigInteger.ONE.shiftLeft(254));
        return compress(multiply(a, BASE));
    }

    private static BigInteger[] add(BigInteger[] p, BigInteger[] q) {
        BigInteger a = p[1].subtract(p[0]).multiply(q[1].subtract(q[0])).mod(P);
        BigInteger b = p[1].add(p[0]).multiply(q[1].add(q[0])).mod(P);
        BigInteger c = BigInteger.TWO.multiply(p[3]).multiply(q[3]).multiply(D).mod(P);
        BigInteger d = BigInteger.TWO.multiply(p[2]).multiply(q[2]).mod(P);
        BigInteger e = b.subtract(a);
        BigInteger f = d.subtract(c);
        BigInteger g = d.add(c);
        BigInteger hh = b.add(a);
        return new BigInteger[] {e.multiply(f).mod(P), g.multiply(hh).mod(P), f.multiply(g).mod(P), e.multiply(hh).mod(P)};
    }

    private static BigInteger[] multiply(BigInteger s, BigInteger[] point) {
        BigInteger[] q = {BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE, BigInteger.ZERO};
        BigInteger[] p = point;
        while (s.signum() > 0) {
            if (s.testBit(0)) {
                q = add(q, p);
            }
            p = add(p, p);
            s = s.shiftRight(1);
        }
        return q;
    }

    private static BigInteger recoverX(BigInteger y, int sign) {
        BigInteger x2 = y.multiply(y).subtract(BigInteger.ONE)
                .multiply(D.multiply(y).multiply(y).add(BigInteger.ONE).modInverse(P)).mod(P);
        BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).subtract(x2).mod(P).equals(BigInteger.ZERO)) {
            x = x.multiply(SQRT_M1).mod(P);
        }
        if (x.testBit(0) != (sign == 1)) {
            x = P.subtract(x);
        }
        return x;
    }

    private static byte[] compress(BigInteger[] point) {
        BigInteger zInv = point[2].modInverse(P);
        BigInteger x = point[0].multiply(zInv).mod(P);
        BigInteger y = point[1].multiply(zInv).mod(P);
        BigInteger v = x.testBit(0) ? y.setBit(255) : y;
        byte[] big = v.toByteArray();
        byte[] out = new byte[32];
        for (int i = 0; i < 32 && i < big.length; i++) {
            out[i] = big[big.length - 1 - i];
        }
        return out;
    }

    private static BigInteger littleEndian(byte[] b) {
        byte[] big = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            big[i] = b[b.length - 1 - i];
        }
        return new BigInteger(1, big);
    }
}
