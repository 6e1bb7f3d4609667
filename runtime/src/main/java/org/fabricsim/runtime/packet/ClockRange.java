package org.fabricsim.runtime.packet;

import org.fabricsim.runtime.sim.TimeSource;

/**
 * The range of the packet run's picosecond clock: 2⁶³ − 1 ps, about 107 days. An event due beyond it
 * (a sum of non-negative times past it wraps below zero, and {@link TimeSource#NONE} would end the
 * run silently) means the run is stuck, a flow that never progresses re-arming its timer (a livelock)
 * rather than a run that long, so the run fails naming what was left.
 */
final class ClockRange {
    private ClockRange() {
    }

    /** Fails the run if an event of {@code type} for {@code id} falls due at {@code atPs} outside the clock's range. */
    static void check(PacketNetwork network, long atPs, int type, int id) {
        if (atPs < 0 || atPs == TimeSource.NONE) {
            throw overflow(network, type, id);
        }
    }

    private static IllegalStateException overflow(PacketNetwork network, int type, int id) {
        return new IllegalStateException("the packet run's simulated clock would overflow: at " + network.nowPs()
                + " ps an event of type " + type + " (id " + id + ") fell due beyond 2^63 ps, with "
                + network.activeFlowClasses() + " flow classes unfinished, " + (long) network.bytesDelivered() + " of "
                + (long) network.bytesStarted() + " bytes delivered and " + network.transport.timeouts
                + " retransmission timeouts (most likely a flow that cannot progress re-arming its timer)");
    }
}
