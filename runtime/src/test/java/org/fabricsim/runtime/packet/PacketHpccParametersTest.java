package org.fabricsim.runtime.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.FabricSpec.FlowControl;
import org.fabricsim.runtime.spec.PacketSettings;
import org.junit.jupiter.api.Test;

/**
 * HPCC's η, maxStage and R_AI as a fabric states them, against the reaction rules of Li et al., "HPCC: High
 * Precision Congestion Control", SIGCOMM 2019 (§3.3, Algorithm 1), worked by hand on one flow over one hop.
 *
 * <p>Every acknowledgement below comes one base round trip T after the previous one (Δts = T, so τ = T and the
 * estimate U becomes the hop's u exactly: U = (U·0 + u·T) / T), on a line of B = 12.5 GB/s with T = 10 µs, so B·T =
 * 125,000 bytes. A hop that sent 125,000 bytes in T with 12,500 bytes queued at both ends reads u = 1 + 0.1 = 1.1;
 * one that sent 112,500 bytes with an empty queue reads u = 0.9 (the queue term takes the smaller of the two
 * acknowledgements' queues). The first acknowledgement (u = 1.1) only primes the telemetry.
 */
class PacketHpccParametersTest {
    private static final double LINE = 12.5e9;
    private static final long T_PS = 10_000_000L;
    private static final double R_AI = 50e6;

    /** The rates HPCC sets at the acknowledgements of {@code utilisations} (the first one primes the telemetry). */
    private static double[] rates(Hpcc parameters, double... utilisations) {
        Packets packets = new Packets();
        packets.recordTelemetry();
        HpccSender sender = new HpccSender(parameters);
        sender.reset(0, LINE);
        double[] rates = new double[utilisations.length];
        long txBytes = 0;
        for (int i = 0; i < utilisations.length; i++) {
            double u = utilisations[i];
            long queueBytes = Math.round(Math.max(0, u - 1) * LINE * T_PS * 1e-12);
            txBytes += Math.round(Math.min(u, 1) * LINE * T_PS * 1e-12);
            int packet = packets.allocate(0, i, 4096, 4158);
            packets.telemetry(packet, 0, queueBytes, txBytes, (i + 1) * T_PS);
            rates[i] = sender.onAck(packets, packet, 0, i, i + 1, T_PS, LINE, new double[] {LINE});
            packets.release(packet);
        }
        return rates;
    }

    @Test
    void shouldDivideTheRateByTheUtilisationOverEtaWhenAHopRunsAboveEta() {
        // u = 1.1 from R_c = B: k = U / η, R = B / k + R_AI. η = 0.95 (the paper's): k = 1.157895,
        // R = 10.795455 GB/s + 50 MB/s; η = 0.8: k = 1.375, R = 9.090909 GB/s + 50 MB/s.
        assertEquals(LINE * 0.95 / 1.1 + R_AI, rates(new Hpcc(0.95, 5, R_AI, 1e9 / 8), 1.1, 1.1)[1], 1);
        assertEquals(LINE * 0.8 / 1.1 + R_AI, rates(new Hpcc(0.8, 5, R_AI, 1e9 / 8), 1.1, 1.1)[1], 1);
    }

    @Test
    void shouldForceAMultiplicativeStepAfterMaxStageAdditiveIncreases() {
        // After the decrease to R_c = B·0.95/1.1 + R_AI, hops at u = 0.9 (k = 0.9 / 0.95 < 1): stages 0 and 1 add
        // R_AI each (R_c + R_AI, R_c + 2·R_AI); with maxStage = 2 the third is multiplicative,
        // R = (R_c + 2·R_AI) / k + R_AI = (R_c + 2·R_AI)·0.95/0.9 + R_AI (11.49 GB/s, below the line); with
        // maxStage = 5 it adds R_AI once more.
        double decreased = LINE * 0.95 / 1.1 + R_AI;
        double[] two = rates(new Hpcc(0.95, 2, R_AI, 1e9 / 8), 1.1, 1.1, 0.9, 0.9, 0.9);
        double[] five = rates(new Hpcc(0.95, 5, R_AI, 1e9 / 8), 1.1, 1.1, 0.9, 0.9, 0.9);
        assertEquals(decreased + R_AI, two[2], 1);
        assertEquals(decreased + 2 * R_AI, two[3], 1);
        assertEquals((decreased + 2 * R_AI) * 0.95 / 0.9 + R_AI, two[4], 1);
        assertEquals(decreased + 3 * R_AI, five[4], 1);
    }

    @Test
    void shouldAddTheStatedAdditiveIncreasePerRoundTrip() {
        // Below η and below maxStage the rate grows by exactly R_AI per round trip: 10 MB/s from R_c as above.
        double[] rates = rates(new Hpcc(0.95, 5, 10e6, 1e9 / 8), 1.1, 1.1, 0.9);
        assertEquals(LINE * 0.95 / 1.1 + 2 * 10e6, rates[2], 1);
    }

    @Test
    void shouldTakeTheFabricsHpccParametersAndKeepThePublishedDefaultsForTheRest() {
        // Stated: η = 0.9, maxStage 3, R_AI 20 MB/s. Defaults: η = 0.95 and maxStage = 5 (the paper, §5), R_AI =
        // 10 Mb/s per 25 Gb/s of line (ns-3 run.py): 100 Gb/s gives 40 Mb/s = 5 MB/s.
        Hpcc stated = new PacketFabric(FlowControl.PFC, CongestionControl.HPCC, 0,
                new PacketSettings(0, 0, 0, 0, 0, 0, 0.9, 3, 20e6, 0, 0, 0, 0, 0)).at(LINE).hpcc();
        assertEquals(new Hpcc(0.9, 3, 20e6, 1e9 / 8), stated);
        Hpcc defaults = new PacketFabric(FlowControl.PFC, CongestionControl.HPCC, 0, PacketSettings.DEFAULTS)
                .at(LINE).hpcc();
        assertEquals(0.95, defaults.eta());
        assertEquals(5, defaults.maxStage());
        assertEquals(5e6, defaults.additiveBytesPerSecond(), 1e-6);
    }
}
