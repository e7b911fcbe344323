package dev.cmdgate.core.decision;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decision ids in UUID form: one random base drawn on first use, then a counter added to its low bits.
 * Unique within a JVM by the counter and across JVMs by the base — random bits mixed with this
 * process's id and the clock — yet each id costs an increment. Ids are for correlation, not secrets:
 * nothing relies on them being unguessable, so the base is not drawn from {@code SecureRandom}, whose
 * first use costs a JVM tens of milliseconds on its first launch.
 */
public final class DecisionIds {

    private static final long VARIANT_BITS = 0xC000_0000_0000_0000L;

    private final AtomicLong counter = new AtomicLong();
    private volatile UUID base;

    public String next() {
        UUID b = base();
        long low = b.getLeastSignificantBits();
        long counted = (low + counter.getAndIncrement()) & ~VARIANT_BITS;
        return new UUID(b.getMostSignificantBits(), (low & VARIANT_BITS) | counted).toString();
    }

    // Drawn lazily: the first SecureRandom use costs milliseconds that JVM start-up should not pay.
    private UUID base() {
        UUID b = base;
        if (b == null) {
            synchronized (this) {
                b = base;
                if (b == null) {
                    ThreadLocalRandom r = ThreadLocalRandom.current();
                    long high = r.nextLong() ^ (ProcessHandle.current().pid() << 20) ^ System.nanoTime();
                    long low = r.nextLong() ^ System.currentTimeMillis();
                    // version 4 and the IETF variant, as a random UUID has them
                    b = new UUID((high & ~0xF000L) | 0x4000L, (low & ~VARIANT_BITS) | 0x8000_0000_0000_0000L);
                    base = b;
                }
            }
        }
        return b;
    }
}
