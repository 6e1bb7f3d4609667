package org.fabricsim.runtime.packet;

/**
 * A packet run that stalled: flow classes still held bytes when no event was left to move them ({@code Stall}).
 * On a lossless fabric whose routes chain switch buffers into a cycle this is a deadlock, and the message names the
 * cycle and the fix; the run reports no time, as a run refused for a reason reports none.
 */
public final class PacketDeadlockException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    PacketDeadlockException(String message) {
        super(message);
    }
}
