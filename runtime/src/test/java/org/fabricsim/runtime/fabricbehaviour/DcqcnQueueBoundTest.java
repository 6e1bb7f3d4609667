package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.packet.PacketConfig;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.junit.jupiter.api.Test;

/**
 * What makes DCQCN on PFC slow on the held-out all-to-all (docs/fabric-behaviour.md, "Why DCQCN on PFC stalls the
 * all-to-all"): the lossless buffer lets a leaf's uplink queue grow past DCQCN's Kmax before backpressure stops its
 * senders, so every packet is marked, the senders fall to R_min and the uplink idles until the increase timer. A
 * leaf uplink is fed by its leaf's 4 host ingress ports, each admitted up to B_in before backpressure: PFC's pause
 * threshold S/9 + 4 KiB (x = (S − x) ≫ 3 plus the reserve, {@link PacketConfig.Buffer}), credits' 64 × 4096 B. The
 * queue can pass Kmax = 1.6 MB ({@code Dcqcn.defaults} at 100 Gb/s) only where 4·B_in > Kmax.
 */
class DcqcnQueueBoundTest {
    private static final TrafficPattern ALL_TO_ALL = BehaviourAccuracy.PATTERNS.get(1);
    private static final int HOST_INGRESS_PER_UPLINK = 4;
    private static final double[] SWITCH_BUFFER_MIB = {2, 3, 4, 6, 8, 12};

    private static PacketConfig config(BehaviourKey.FlowControl flowControl, CongestionControl cc, double bufferMiB) {
        PacketConfig config = PatternRuns.packetConfig(new BehaviourKey(flowControl, cc, BehaviourKey.Recovery.GO_BACK_N,
                RoutingMode.ECMP));
        PacketConfig.Buffer b = config.buffer();
        return config.withBuffer(new PacketConfig.Buffer((long) (bufferMiB * (1 << 20)), b.dynamicAlpha(),
                b.pfcReserveBytes(), b.pfcResumeOffsetBytes(), b.pfcShift(), b.creditPackets()));
    }

    /** Makespan with DCQCN over makespan without congestion control, same flow control and buffer. */
    private static double slowdown(BehaviourKey.FlowControl flowControl, double bufferMiB) {
        return (double) PatternRuns.packetPs(ALL_TO_ALL, config(flowControl, CongestionControl.DCQCN, bufferMiB))
                / PatternRuns.packetPs(ALL_TO_ALL, config(flowControl, CongestionControl.NONE, bufferMiB));
    }

    @Test
    void shouldStallDcqcnOnPfcExactlyWhereTheAdmittedUplinkQueueExceedsKmax() {
        PacketConfig pfc = config(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN, 12);
        long kmaxBytes = pfc.dcqcn().kmaxBytes();
        for (double bufferMiB : SWITCH_BUFFER_MIB) {
            PacketConfig.Buffer b = config(BehaviourKey.FlowControl.PFC, CongestionControl.NONE, bufferMiB).buffer();
            // 2 and 3 MiB: 4 × (S/9 + 4 KiB) = 0.90 and 1.35 MiB < Kmax (1.53 MiB); 4 MiB and more: 1.79 MiB and up.
            double admittedBytes = HOST_INGRESS_PER_UPLINK * ((double) b.switchBytes() / 9 + b.pfcReserveBytes());
            double slowdown = slowdown(BehaviourKey.FlowControl.PFC, bufferMiB);
            if (admittedBytes > kmaxBytes) {
                assertTrue(slowdown > 1.10, bufferMiB + " MiB: queue may pass Kmax, slowdown " + slowdown);
            } else {
                assertEquals(1, slowdown, 0.01, bufferMiB + " MiB: queue held below Kmax");
            }
        }
    }

    @Test
    void shouldNotStallDcqcnOnCreditsWhoseAdmittedQueueStaysBelowKmax() {
        // 4 × 64 × 4096 B = 1 MiB < Kmax at every switch buffer: credits bound the queue, not the buffer.
        for (double bufferMiB : new double[] {3, 12}) {
            assertEquals(1, slowdown(BehaviourKey.FlowControl.CREDIT, bufferMiB), 0.01, bufferMiB + " MiB");
        }
    }
}
