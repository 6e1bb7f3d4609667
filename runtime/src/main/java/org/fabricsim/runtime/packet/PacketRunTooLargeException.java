package org.fabricsim.runtime.packet;

/** A packet run refused before it starts: its estimate is over the {@link RunLimits}. */
public final class PacketRunTooLargeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    PacketRunTooLargeException(String message) {
        super(message);
    }
}
