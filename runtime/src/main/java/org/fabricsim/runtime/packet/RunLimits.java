package org.fabricsim.runtime.packet;

/**
 * The largest packet run the backend accepts: a run whose estimate exceeds either limit is refused
 * before it starts ({@link PacketRunTooLargeException}), with the advice to use the flow backend.
 *
 * @param maxPacketHops packet-hop events (packets × links crossed), positive
 * @param maxMemoryBytes estimated heap of the packet state, positive
 */
public record RunLimits(long maxPacketHops, long maxMemoryBytes) {
    public RunLimits {
        if (maxPacketHops <= 0 || maxMemoryBytes <= 0) {
            throw new IllegalArgumentException("run limits must be positive");
        }
    }

    /**
     * 2·10⁹ packet-hops (about 7 minutes at the 5·10⁶ hops per second the backend is built for)
     * and 4 GiB, the memory target of issue 15.
     */
    public static RunLimits defaults() {
        return new RunLimits(2_000_000_000L, 4L << 30);
    }
}
