package org.fabricsim.runtime.topology;

/**
 * The kind of a link: its rate in one direction and the latency of one traversal (serialization
 * of the header, propagation, and the traversal of the switch it leads into).
 *
 * @param bytesPerSecond rate in one direction, bytes per second, positive
 * @param latencyPs      latency per traversal, picoseconds, non-negative
 */
public record LinkClass(double bytesPerSecond, long latencyPs) {

    public LinkClass {
        if (!(bytesPerSecond > 0) || Double.isInfinite(bytesPerSecond)) {
            throw new IllegalArgumentException("bytesPerSecond must be positive and finite: " + bytesPerSecond);
        }
        if (latencyPs < 0) {
            throw new IllegalArgumentException("latencyPs must be non-negative: " + latencyPs);
        }
    }

    /** A link class at {@code bitsPerSecond / 8} bytes per second. */
    public static LinkClass ofGigabitsPerSecond(double gigabitsPerSecond, long latencyPs) {
        return new LinkClass(gigabitsPerSecond * 1e9 / 8, latencyPs);
    }

    /** The same link delivering only {@code efficiency} (0, 1] of its rate. */
    public LinkClass derated(double efficiency) {
        if (!(efficiency > 0) || efficiency > 1) {
            throw new IllegalArgumentException("efficiency must be in (0, 1]: " + efficiency);
        }
        return new LinkClass(bytesPerSecond * efficiency, latencyPs);
    }
}
