package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * Two DCQCN flows on one bottleneck: host 1 → host 0 from t = 0, host 2 → host 0 from t = 1 ms,
 * links of C = 12.5 GB/s. Rates are the wire bytes each sender's uplink carries per 500 µs window.
 */
class PacketDcqcnConvergenceTest {
    private static final long WINDOW_PS = 500_000_000L;
    private static final long SECOND_START_PS = 1_000_000_000L;
    private static final int WINDOWS = 60;

    @Test
    void shouldConvergeToTheFairShareWithinTenPercent() {
        Simulation simulation = new Simulation(11);
        PacketConfig config = PacketConfig.roce(PacketFixtures.LINE)
                .withCongestionControl(PacketConfig.CongestionControl.DCQCN);
        PacketNetwork network = new PacketNetwork(simulation, PacketFixtures.star(3), config);
        network.start(new int[] {2, 1}, 2, 1e12, 1, 0);
        double[][] rates = new double[2][WINDOWS];
        long[] last = new long[2];
        int sample = simulation.register(window -> {
            for (int f = 0; f < 2; f++) {
                long sent = network.counters().port(2 + 2 * f).sentBytes();
                rates[f][window] = (sent - last[f]) / (WINDOW_PS * 1e-12);
                last[f] = sent;
            }
            if (window + 1 < WINDOWS) {
                simulation.schedule(simulation.nowPs() + WINDOW_PS, 0, window + 1);
            }
        });
        simulation.schedule(WINDOW_PS, sample, 0);
        simulation.schedule(SECOND_START_PS, simulation.register(p -> network.start(new int[] {4, 1}, 2, 1e12, 1, 1)),
                0);
        simulation.run(new StopAt(network, WINDOWS * WINDOW_PS));
        // The max-min fair share of the bottleneck is C/2 = 6.25 GB/s of wire bytes per flow. The
        // flows have converged from the first window after which both stay within 10% of it.
        double fair = PacketFixtures.LINE / 2;
        int converged = WINDOWS;
        for (int w = WINDOWS - 1; w >= 0; w--) {
            if (Math.abs(rates[0][w] - fair) > 0.1 * fair || Math.abs(rates[1][w] - fair) > 0.1 * fair) {
                break;
            }
            converged = w;
        }
        long convergedPs = converged * WINDOW_PS - SECOND_START_PS;
        // DCQCN's recovery runs on a 300 µs increase timer with F = 5 fast-recovery steps and then
        // additive steps of R_AI = 20 Mb/s: tens of timer periods, so milliseconds, not microseconds.
        // Required: converged within 15 ms of the second flow's start and stays so (the run is 30 ms).
        assertTrue(convergedPs <= 15_000_000_000L, "converged " + convergedPs / 1e6 + " µs after the second flow");
    }
}
