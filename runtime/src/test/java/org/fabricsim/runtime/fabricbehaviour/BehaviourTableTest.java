package org.fabricsim.runtime.fabricbehaviour;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.FabricSpec.CongestionControl;
import org.fabricsim.runtime.spec.PacketSettings;
import org.junit.jupiter.api.Test;

/** The shipped table: complete, traceable to its scenarios, reproducible, and loud about what it lacks. */
class BehaviourTableTest {
    private static final BehaviourKey ROCE = new BehaviourKey(BehaviourKey.FlowControl.PFC, CongestionControl.DCQCN,
            BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP);

    @Test
    void shouldShipARowForEveryCombinationThePacketBackendSimulates() {
        BehaviourTable table = BehaviourTable.shipped();
        // 3 flow controls × 5 congestion controls (none, DCQCN, HPCC, ib-cc, scheduled) × 2 recoveries × 3 routings,
        // and trimming × those 5 × selective repeat × 3 routings; receiver-driven and uec-cc with their own
        // transports only (selective repeat; PFC, credits or trimming) × 3 routings each.
        assertEquals(90 + 15 + 9 + 9, table.behaviours().size());
        String provenance = String.join("\n", table.provenance());
        assertTrue(provenance.contains("generated 20"), provenance);
        assertTrue(provenance.contains(BehaviourTable.COMMAND), provenance);
        assertTrue(provenance.contains(TrafficPattern.incast(16, BehaviourScenarios.INCAST_BYTES).name()), provenance);
        assertTrue(provenance.contains(BehaviourScenarios.PERMUTATION.name()), provenance);
    }

    @Test
    void shouldReproduceAShippedRowFromThePacketBackend() {
        // The packet backend is deterministic: measuring RoCE's row again (every degree and flows per
        // sender) gives the shipped values to the table's 4 decimals.
        FabricBehaviour shipped = BehaviourTable.shipped().behaviour(ROCE);
        assertArrayEquals(BehaviourScenarios.utilisation(ROCE, PacketSettings.DEFAULTS), shipped.utilisation(), 5e-5);
    }

    @Test
    void shouldReproduceAnUltraEthernetRowFromThePacketBackendRunningSwift() {
        // uec-cc's rows are the packet backend running Swift with trimming: measured again, every incast (both
        // sizes and path lengths, as Swift's target grows with the path) gives the shipped values.
        BehaviourKey uecCc = new BehaviourKey(BehaviourKey.FlowControl.TRIMMING, CongestionControl.ULTRA_ETHERNET,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP);
        double[] measured = BehaviourScenarios.utilisation(uecCc, PacketSettings.DEFAULTS);
        assertArrayEquals(measured, BehaviourTable.shipped().behaviour(uecCc).utilisation(), 5e-5);
        assertTrue(measured[FabricBehaviour.POINTS_PER_PATH] != measured[0], "the 4-link block is measured");
    }

    @Test
    void shouldRefuseATableWithoutTheFlowsPerSenderColumnsNamingTheLineAndTheCommand() {
        // A table written before flows per sender were measured: u2 u4 u8 u16 and the multipath factor. The
        // header has 4 key columns, 2 sizes × 2 path lengths × 4 degrees × 4 flows per sender, the multipath and
        // go-back-N's reordering onset and slowdown: 4 + 64 + 1 + 2 = 71.
        String old = "# old\npfc\tdcqcn\tgo-back-n\tecmp\t0.7271\t0.5711\t0.6070\t0.5824\t1.0000\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BehaviourTable.parse(new BufferedReader(new StringReader(old))));
        assertTrue(e.getMessage().contains("line 2: 9 columns where the header has 71"), e.getMessage());
        assertTrue(e.getMessage().contains(BehaviourTable.COMMAND), e.getMessage());
    }

    @Test
    void shouldReadBackWhatItWrites() throws Exception {
        BehaviourTable table = BehaviourTable.shipped();
        BehaviourTable again = BehaviourTable.parse(new BufferedReader(new StringReader(table.write())));
        assertEquals(table.behaviours(), again.behaviours());
        assertEquals(table.provenance(), again.provenance());
    }

    @Test
    void shouldKeepALargeIncastNearCapacityWithTrimmingWhereTailDropCollapses() {
        // A 16:1 incast of 1 MiB each overflows the lossy α = 1 limit (half of 12 MiB): tail drop
        // leaves holes only the 4.19 ms timeout repairs (u(16) ≈ 0.1), while trimming NACKs every
        // cut packet within a round trip and keeps the bottleneck busy; the headers take 62 B per trim.
        BehaviourTable table = BehaviourTable.shipped();
        FabricBehaviour trimming = table.behaviour(new BehaviourKey(BehaviourKey.FlowControl.TRIMMING,
                CongestionControl.NONE, BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP));
        FabricBehaviour tailDrop = table.behaviour(new BehaviourKey(BehaviourKey.FlowControl.LOSSY,
                CongestionControl.NONE, BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ECMP));
        int u16 = FabricBehaviour.INCAST_DEGREES.length - 1;
        assertTrue(trimming.utilisation(u16) > 0.9 && tailDrop.utilisation(u16) < 0.2,
                trimming.utilisation(u16) + " against " + tailDrop.utilisation(u16));
    }

    @Test
    void shouldSayTrimmingNeedsSelectiveRepeatForItsGoBackNRow() {
        BehaviourKey key = new BehaviourKey(BehaviourKey.FlowControl.TRIMMING, CongestionControl.NONE,
                BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ECMP);
        String missing = assertThrows(IllegalArgumentException.class, () -> BehaviourTable.shipped().behaviour(key))
                .getMessage();
        assertTrue(missing.contains("lossy trimming") && missing.contains("needs selective-repeat"), missing);
    }

    @Test
    void shouldNameTheCombinationAndTheCommandWhenARowIsMissing() {
        BehaviourTable empty = new BehaviourTable(List.of(), List.of());
        String missing = assertThrows(IllegalArgumentException.class, () -> empty.behaviour(ROCE)).getMessage();
        assertTrue(missing.contains("lossless pfc, congestion-control dcqcn, go-back-n recovery, ecmp routing"),
                missing);
        assertTrue(missing.contains(BehaviourTable.COMMAND), missing);
        BehaviourKey pushedPull = new BehaviourKey(BehaviourKey.FlowControl.LOSSY, CongestionControl.RECEIVER_DRIVEN,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.SPRAY);
        String withoutNdp = assertThrows(IllegalArgumentException.class,
                () -> BehaviourTable.shipped().behaviour(pushedPull)).getMessage();
        assertTrue(withoutNdp.contains("lossy, congestion-control receiver-driven")
                && withoutNdp.contains("trimming on a lossy fabric"), withoutNdp);
        // uec-cc has rows of its own, with UE 1.0's transport: not with go-back-N.
        BehaviourKey uecGoBackN = new BehaviourKey(BehaviourKey.FlowControl.CREDIT, CongestionControl.ULTRA_ETHERNET,
                BehaviourKey.Recovery.GO_BACK_N, RoutingMode.ADAPTIVE);
        String withoutUet = assertThrows(IllegalArgumentException.class,
                () -> BehaviourTable.shipped().behaviour(uecGoBackN)).getMessage();
        assertTrue(withoutUet.contains("congestion-control uec-cc runs with its own transport")
                && withoutUet.contains("selective repeat"), withoutUet);
        BehaviourKey uecCc = new BehaviourKey(BehaviourKey.FlowControl.CREDIT, CongestionControl.ULTRA_ETHERNET,
                BehaviourKey.Recovery.SELECTIVE_REPEAT, RoutingMode.ADAPTIVE);
        assertEquals(uecCc, BehaviourTable.shipped().behaviour(uecCc).key());
    }
}
