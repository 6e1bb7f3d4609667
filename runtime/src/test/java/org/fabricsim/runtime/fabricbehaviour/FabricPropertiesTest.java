package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.FabricSpec.FlowControl;
import org.fabricsim.runtime.spec.PacketSettings;
import org.junit.jupiter.api.Test;

/**
 * Each property a fabric states (flow control, congestion control, packet spraying, routing) changes a run
 * where it matters, in the direction and by the size of the behaviour-table row it selects, and changes
 * nothing where it must not. The case where it matters is an incast of k senders of 1 MiB onto one receiver:
 * one bottleneck offered ρ = k times its capacity, which the flow model runs at c·u(ρ)·m, so the incast takes
 * the ideal time over u(k)·m of the fabric's row ({@link FabricBehaviour}; u(k) is the table's column for k).
 * The sizes below are read by hand from the shipped behaviour-table.tsv.
 */
class FabricPropertiesTest {
    private static final BehaviourTable TABLE = BehaviourTable.shipped();
    private static final double MIB = 1 << 20;

    private static FabricSpec fabric(FlowControl flowControl, CongestionControl cc, boolean spraying) {
        return new FabricSpec("t.F", "v", FabricSpec.FabricScope.SCALE_OUT, true, "", 50e9, 1_000_000, flowControl,
                cc, false, spraying, false, FabricSpec.DEFAULT_FLOWS_PER_PEER, 0, PacketSettings.DEFAULTS);
    }

    /** The incast of {@code degree} senders on {@code fabric} under {@code routing}, picoseconds. */
    private static double incastPs(FabricSpec fabric, RoutingMode routing, int degree) {
        return PatternRuns.flowPs(TrafficPattern.incast(degree, MIB), routing,
                FabricBehaviours.of(fabric, routing, TABLE));
    }

    private static double idealPs(RoutingMode routing, int degree) {
        return PatternRuns.flowPs(TrafficPattern.incast(degree, MIB), routing, null);
    }

    @Test
    void shouldCollapseALossyIncastAgainstAPfcOneByTheirRows() {
        // 16 senders: lossy/none/go-back-n/ecmp has u(16) = 0.0798 (drops, 4 ms timeouts), pfc/none/go-back-n/ecmp
        // 0.9998: the lossy incast takes 1 / 0.0798 = 12.5 times the ideal, the PFC one 1 / 0.9998.
        double ideal = idealPs(RoutingMode.ECMP, 16);
        double lossy = incastPs(fabric(FlowControl.LOSSY, CongestionControl.NONE, false), RoutingMode.ECMP, 16);
        double pfc = incastPs(fabric(FlowControl.PFC, CongestionControl.NONE, false), RoutingMode.ECMP, 16);
        assertEquals(ideal / 0.0798, lossy, 1e-6 * lossy);
        assertEquals(ideal / 0.9998, pfc, 1e-6 * pfc);
        assertEquals(0.9998 / 0.0798, lossy / pfc, 1e-4);
    }

    @Test
    void shouldSlowAnIncastUnderDcqcnAgainstNoCongestionControl() {
        // 4 senders on PFC: dcqcn's u(4) = 0.6263 against none's 0.9990: 0.9990 / 0.6263 = 1.595 times slower.
        double none = incastPs(fabric(FlowControl.PFC, CongestionControl.NONE, false), RoutingMode.ECMP, 4);
        double dcqcn = incastPs(fabric(FlowControl.PFC, CongestionControl.DCQCN, false), RoutingMode.ECMP, 4);
        assertEquals(0.9990 / 0.6263, dcqcn / none, 1e-4);
    }

    @Test
    void shouldRunCreditsFasterThanPfcUnderDcqcnAndAlikeWithoutIt() {
        // DCQCN on credits keeps more of a 4:1 bottleneck than on PFC: u(4) = 0.6769 against 0.6263, so PFC
        // takes 0.6769 / 0.6263 = 1.081 times as long; without congestion control both rows measure 0.9990.
        double creditsDcqcn = incastPs(fabric(FlowControl.CREDIT_BASED, CongestionControl.DCQCN, false),
                RoutingMode.ECMP, 4);
        double pfcDcqcn = incastPs(fabric(FlowControl.PFC, CongestionControl.DCQCN, false), RoutingMode.ECMP, 4);
        assertEquals(0.6769 / 0.6263, pfcDcqcn / creditsDcqcn, 1e-4);
        assertEquals(incastPs(fabric(FlowControl.PFC, CongestionControl.NONE, false), RoutingMode.ECMP, 4),
                incastPs(fabric(FlowControl.CREDIT_BASED, CongestionControl.NONE, false), RoutingMode.ECMP, 4));
    }

    /** The makespan of {@code pattern} on the packet backend running {@code fabric}'s row under ECMP, ps. */
    private static double packetPs(TrafficPattern pattern, FabricSpec fabric) {
        return PatternRuns.packetPs(pattern, FabricBehaviours.key(fabric, RoutingMode.ECMP));
    }

    @Test
    void shouldSlowAnIncastUnderInfinibandCongestionControlAsThePacketBackendDoes() {
        // Credits, 3 senders of 1 MiB (a degree the table does not measure). ib-cc's row: u(2) = 0.5739, u(4) =
        // 0.5753, so u(3) = 0.5739 + 0.0014 × log2(3/2) = 0.5747; none's u(3) = 0.9981 + 0.0009 × log2(3/2) =
        // 0.9986: ib-cc takes 0.9986 / 0.5747 = 1.738 times as long (each sender's BECNs raise its table index
        // past the fair rate, and the 10 µs timer lowers it one entry at a time). The packet backend, running
        // FECN/BECN itself on the same incast, shows the same slowdown within 2%.
        TrafficPattern incast = TrafficPattern.incast(3, MIB);
        FabricSpec none = fabric(FlowControl.CREDIT_BASED, CongestionControl.NONE, false);
        FabricSpec ibCc = fabric(FlowControl.CREDIT_BASED, CongestionControl.INFINIBAND, false);
        double flow = incastPs(ibCc, RoutingMode.ECMP, 3) / incastPs(none, RoutingMode.ECMP, 3);
        double handDerived = (0.9981 + 0.0009 * log2(1.5)) / (0.5739 + 0.0014 * log2(1.5));
        assertEquals(handDerived, flow, 1e-3);
        assertEquals(packetPs(incast, ibCc) / packetPs(incast, none), flow, 0.02 * flow);
    }

    @Test
    void shouldRunAnUltraEthernetIncastAsCloseToTheLineAsAPulledOneAsThePacketBackendDoes() {
        // A lossy fabric, 12 senders of 1 MiB (a degree the table does not measure). receiver-driven runs NDP's
        // transport, the row lossy trimming / receiver-driven: pulled senders send one packet per PULL, so the queue
        // never overflows: u(8) = 0.9995, u(16) = 0.9998, so u(12) = 0.9995 + 0.0003 × log2(1.5). uec-cc runs its
        // own row, lossy trimming / uec-cc (Swift): its windows hold the queue near the target delay (26 µs, 325 KB),
        // far below the 12 MiB buffer, so nothing is trimmed either: u(8) = 0.9985, u(16) = 0.9996, so u(12) =
        // 0.9985 + 0.0011 × log2(1.5), and uec-cc takes 1.0005 times as long. The packet backend shows the same
        // ratio within 2%.
        TrafficPattern incast = TrafficPattern.incast(12, MIB);
        FabricSpec swift = fabric(FlowControl.LOSSY, CongestionControl.ULTRA_ETHERNET, false);
        FabricSpec pulled = fabric(FlowControl.LOSSY, CongestionControl.RECEIVER_DRIVEN, false);
        double flow = incastPs(swift, RoutingMode.ECMP, 12) / incastPs(pulled, RoutingMode.ECMP, 12);
        double handDerived = (0.9995 + 0.0003 * log2(1.5)) / (0.9985 + 0.0011 * log2(1.5));
        assertEquals(handDerived, flow, 1e-4);
        assertEquals(packetPs(incast, swift) / packetPs(incast, pulled), flow, 0.02 * flow);
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    @Test
    void shouldRunAnUltraEthernetIncastAtItsSwiftRowWhichThePacketBackendMeasures() {
        // uec-cc on a lossy fabric runs lossy trimming / uec-cc / selective repeat, whose u(16) is what the packet
        // backend measures running Swift with trimming on the 16:1 incast: the ideal makespan over the packet one.
        // The flow model takes 1 / u(16) of the ideal; a lossy fabric without trimming or congestion control, also
        // selective repeat, has u(16) = 0.1058.
        BehaviourKey key = new BehaviourKey(BehaviourKey.FlowControl.TRIMMING, CongestionControl.ULTRA_ETHERNET,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP);
        FabricSpec uecCc = fabric(FlowControl.LOSSY, CongestionControl.ULTRA_ETHERNET, false);
        assertEquals(key, FabricBehaviours.key(uecCc, RoutingMode.ECMP));
        double ideal = idealPs(RoutingMode.ECMP, 16);
        double measured = Math.min(1, ideal / PatternRuns.packetPs(TrafficPattern.incast(16, MIB), key));
        assertEquals(0.9996, measured, 5e-5, "the row's u16m1");
        double uec = incastPs(uecCc, RoutingMode.ECMP, 16);
        double tailDrop = incastPs(fabric(FlowControl.LOSSY, CongestionControl.NONE, true), RoutingMode.ECMP, 16);
        assertEquals(ideal / measured, uec, 1e-4 * uec);
        assertEquals(measured / 0.1058, tailDrop / uec, 1e-3);
    }

    /**
     * The 2:1 permutation across the spine (16 hosts, 4 per leaf, 2 MiB per flow) on {@code fabric} under
     * {@code routing}, picoseconds: every leaf pushes 4 flows through 2 uplinks, so every saturated link is
     * one between switches, offered ρ = 2, and runs at u(2)·m.
     */
    private static double permutationPs(FabricSpec fabric, RoutingMode routing) {
        return PatternRuns.flowPs(BehaviourScenarios.PERMUTATION, routing, FabricBehaviours.of(fabric, routing, TABLE));
    }

    @Test
    void shouldSpareASprayedNetworkTheReorderingCostOfGoBackNUnlessGoBackNIsStated() {
        // Credits with DCQCN, routed by spraying: a fabric that states packet spraying recovers by selective
        // repeat (multipath factor 0.8333), and so does one that does not spray itself but is sprayed by its
        // topology (the routing reorders its flows; since session 54). One that states go-back-N rewinds on
        // reordering (0.5215, the same u; the editor rejects it, the packet backend and the table run it).
        // Across the spine, u(2)·m: go-back-N takes 0.8333 / 0.5215 = 1.598 times as long. On one switch there is
        // one path, nothing to reorder: the 4:1 incast takes the same time under both.
        FabricSpec selective = fabric(FlowControl.CREDIT_BASED, CongestionControl.DCQCN, true);
        FabricSpec sprayedByTopology = fabric(FlowControl.CREDIT_BASED, CongestionControl.DCQCN, false);
        FabricSpec goBackN = new FabricSpec("t.F", "v", FabricSpec.FabricScope.SCALE_OUT, true, "", 50e9, 1_000_000,
                FlowControl.CREDIT_BASED, CongestionControl.DCQCN, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER, 0, PacketSettings.DEFAULTS, FabricSpec.Recovery.GO_BACK_N);
        assertEquals(permutationPs(selective, RoutingMode.SPRAY), permutationPs(sprayedByTopology, RoutingMode.SPRAY));
        assertEquals(0.8333 / 0.5215, permutationPs(goBackN, RoutingMode.SPRAY)
                / permutationPs(selective, RoutingMode.SPRAY), 1e-4);
        assertEquals(incastPs(selective, RoutingMode.SPRAY, 4), incastPs(goBackN, RoutingMode.SPRAY, 4));
    }

    @Test
    void shouldChargeDcqcnOnSeveralPathsUnderAdaptiveRoutingAcrossTheSpineOnly() {
        // PFC with DCQCN: adaptive routing's row multiplies u by 0.7680 between switches (DCQCN reacting on
        // several paths). The permutation under adaptive routing with that row against the same u with m = 1
        // takes 1 / 0.7680 = 1.302 times as long. An incast on one switch has one path, and the packet backend
        // runs it alike under every routing (docs/fabric-behaviour.md): adaptive equals ECMP there.
        FabricSpec roce = fabric(FlowControl.PFC, CongestionControl.DCQCN, false);
        FabricBehaviour adaptive = FabricBehaviours.of(roce, RoutingMode.ADAPTIVE, TABLE);
        FabricBehaviour onePath = new FabricBehaviour(adaptive.key(), adaptive.utilisation(), 1);
        assertEquals(1 / 0.7680, permutationPs(roce, RoutingMode.ADAPTIVE)
                / PatternRuns.flowPs(BehaviourScenarios.PERMUTATION, RoutingMode.ADAPTIVE, onePath), 1e-4);
        assertEquals(idealPs(RoutingMode.ECMP, 4), idealPs(RoutingMode.ADAPTIVE, 4));
        assertEquals(incastPs(roce, RoutingMode.ECMP, 4), incastPs(roce, RoutingMode.ADAPTIVE, 4));
    }

    @Test
    void shouldEqualTheIdealExactlyWithoutContentionWhateverTheFabricStatesButHpccsTarget() {
        // A ring step on one switch puts one flow on every link: nothing is contended, so every stated
        // combination runs it exactly as the ideal, to the picosecond; but HPCC, which paces a lone flow at
        // η + R_AI / B = 0.95 + 5e6 / 12.5e9 = 0.9504 of its link (HpccPacing): ideal / 0.9504, within rounding.
        TrafficPattern ring = TrafficPattern.ring(8, 8, 1, new int[] {0, 1, 2, 3, 4, 5, 6, 7}, MIB);
        long ideal = PatternRuns.flowPs(ring, RoutingMode.ECMP, null);
        for (FlowControl flowControl : new FlowControl[] {FlowControl.PFC, FlowControl.CREDIT_BASED,
                FlowControl.LINK_LEVEL_RETRY, FlowControl.LOSSY}) {
            for (CongestionControl cc : CongestionControl.values()) {
                FabricBehaviour behaviour = FabricBehaviours.of(fabric(flowControl, cc, false), RoutingMode.ECMP, TABLE);
                boolean hpcc = cc == CongestionControl.HPCC;
                assertEquals(hpcc ? ideal / 0.9504 : ideal, PatternRuns.flowPs(ring, RoutingMode.ECMP, behaviour),
                        hpcc ? 1 : 0, flowControl + " " + cc);
            }
        }
        // The packet backend agrees: no queue reaches ib-cc's FECN threshold, and a pulled sender's first
        // window of one bandwidth-delay product keeps its link busy until the PULLs arrive, so neither changes
        // the uncontended ring's time there either.
        double packetNone = packetPs(ring, fabric(FlowControl.CREDIT_BASED, CongestionControl.NONE, false));
        assertEquals(packetNone, packetPs(ring, fabric(FlowControl.CREDIT_BASED, CongestionControl.INFINIBAND, false)));
        assertEquals(packetNone, packetPs(ring, fabric(FlowControl.CREDIT_BASED, CongestionControl.RECEIVER_DRIVEN,
                false)), 0.002 * packetNone);
    }
}
