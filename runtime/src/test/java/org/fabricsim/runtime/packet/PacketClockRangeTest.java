package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/** A packet run past the clock's range is refused naming the timer that took it there, not the link rates. */
class PacketClockRangeTest {
    /** 1 ms of clock left: a 10 ms retransmission timeout, armed as the last packet leaves, passes the range. */
    private static final long ONE_MS_BEFORE_THE_END_PS = Long.MAX_VALUE - 1_000_000_000L;
    private static final long TEN_MS_PS = 10_000_000_000L;

    /**
     * One 4096-byte packet from host 0 to host 1 of a star: its serialisation (332,640 ps at 100 Gb/s) fits in the
     * millisecond left, but the retransmission timer armed as it leaves falls due 10 ms on, past 2^63 ps.
     */
    @Test
    void shouldNameTheRetransmissionTimerWhenItsTimeoutPassesTheClocksRange() {
        Simulation simulation = new Simulation(7);
        simulation.advanceTo(ONE_MS_BEFORE_THE_END_PS);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(2),
                PacketConfig.roce(PacketFixtures.LINE).withRetransmitTimeoutPs(TEN_MS_PS));
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> {
            network.start(new int[] {0, 3}, 2, 4096, 1, 0);
            simulation.run(network);
        });
        assertTrue(error.getMessage().contains(": the packet transport's retransmission timer (its timeout, or a flow"
                + " that cannot progress re-arming it) (packet run: 1 flow classes unfinished, 0 of 4096 bytes"
                + " delivered, 0 retransmission timeouts) take longer than that. Fix: state the fabric's retransmission"
                + " timeout as measured, at most 1 s"), error.getMessage());
    }
}
