package org.fabricsim.runtime.packet;

import java.util.Locale;

import org.fabricsim.runtime.sim.ClockCause;
import org.fabricsim.runtime.sim.ClockLimit;
import org.fabricsim.runtime.sim.TimeSource;

/**
 * The range of the packet run's picosecond clock: 2⁶³ − 1 ps, about 107 days. An event due beyond it
 * (a sum of non-negative times past it wraps below zero, and {@link TimeSource#NONE} would end the
 * run silently) fails the run as {@link ClockLimit} refuses one, naming what the event's type says overran: a
 * packet's serialisation and flight or pacing at a link's rate, the retransmission timer (its timeout, or a flow
 * that cannot progress re-arming it: a livelock), a congestion-control timer, else a control message's flight over
 * the links' latencies (acknowledgements, notifications, pauses, credits, pulls, grants); with what was left.
 */
final class ClockRange {
    private ClockRange() {
    }

    /** Fails the run if an event of {@code type} falls due at {@code atPs} outside the clock's range. */
    static void check(PacketNetwork network, long atPs, int type) {
        if (atPs < 0 || atPs == TimeSource.NONE) {
            throw overflow(network, type);
        }
    }

    private static IllegalStateException overflow(PacketNetwork network, int type) {
        ClockCause cause = switch (type) {
            case EventTypes.TX_DONE, EventTypes.ARRIVE, EventTypes.NIC_WAKE, EventTypes.PULL_TICK,
                    EventTypes.GRANT_TICK -> ClockCause.TRANSFER;
            case EventTypes.TIMEOUT -> ClockCause.RETRANSMIT_TIMER;
            case EventTypes.ALPHA, EventTypes.DECREASE, EventTypes.INCREASE, EventTypes.CCTI_TIMER ->
                    ClockCause.CONGESTION_TIMER;
            default -> ClockCause.LINK_LATENCY;
        };
        return ClockLimit.beyond(network.nowPs(), cause, String.format(Locale.ROOT, "packet run: %d flow classes"
                + " unfinished, %d of %d bytes delivered, %d retransmission timeouts", network.activeFlowClasses(),
                (long) network.bytesDelivered(), (long) network.bytesStarted(), network.transport.timeouts));
    }
}
