package dev.cmdgate.core.decision;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decision ids in UUID form: one random UUID drawn on first use, then a counter added to its low bits.
 * Unique within a JVM by the counter and across JVMs by the random base (122 random bits, as for
 * random UUIDs), yet each id costs an increment rather than a {@code SecureRandom} draw on the launch
 * path. Ids are for correlation, not secrets: nothing relies on them being unguessable.
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
                    b = UUID.randomUUID();
                    base = b;
                }
            }
        }
        return b;
    }
}
