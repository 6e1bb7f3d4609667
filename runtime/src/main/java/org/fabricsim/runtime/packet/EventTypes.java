package org.fabricsim.runtime.packet;

/**
 * The packet backend's event words: the type in the low {@value #TYPE_BITS} bits, a link, queue, packet or
 * flow handle above ({@link #word}). The {@link EventQueue} orders them by time; {@link PacketNetwork#fire}
 * dispatches on the type.
 */
final class EventTypes {
    static final int TX_DONE = 0;
    static final int ARRIVE = 1;
    static final int NIC_WAKE = 2;
    static final int PAUSE = 3;
    static final int RESUME = 4;
    static final int CREDIT = 5;
    static final int NACK = 6;
    static final int CNP = 7;
    static final int TIMEOUT = 8;
    static final int ALPHA = 9;
    static final int DECREASE = 10;
    static final int INCREASE = 11;
    static final int TRIM_NACK = 12;
    static final int ACK = 13;
    static final int BECN = 14;
    static final int CCTI_TIMER = 15;
    static final int PULL_TICK = 16;
    static final int PULL = 17;
    static final int VOQ_REQUEST = 18;
    static final int GRANT_TICK = 19;
    static final int GRANT = 20;
    /** Bits of an event word that hold its type; the handle is above them. */
    static final int TYPE_BITS = 5;
    static final int TYPE_MASK = (1 << TYPE_BITS) - 1;

    private EventTypes() {
    }

    /** The word of an event of {@code type} on handle {@code id}. */
    static int word(int type, int id) {
        return id << TYPE_BITS | type;
    }

    static int type(int word) {
        return word & TYPE_MASK;
    }

    static int id(int word) {
        return word >>> TYPE_BITS;
    }
}
