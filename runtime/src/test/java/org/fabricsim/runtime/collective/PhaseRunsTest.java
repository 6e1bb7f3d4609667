package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * {@link CollectiveEngine#phaseRuns}, the editor's question about a phase, answers as the run does: where it says no,
 * running the phase is refused; where it says yes, the phase runs.
 */
class PhaseRunsTest {
    private static final LinkClass NVLINK = new LinkClass(400e9, 0);
    private static final LinkClass NIC = new LinkClass(50e9, 0);

    /** {@code count} nodes of 4 accelerators, each node one switched scale-up domain, on one switch. */
    private static ClusterTopology nodes(int count) {
        return ClusterTopology.build(new ClusterParameters(4 * count, ScaleUpParameters.switched(4, NVLINK, false),
                NIC, FatTreeParameters.singleSwitch(NIC)));
    }

    @Test
    void shouldRefuseHalvingDoublingPerRailOverThreeNodesAsTheRunDoes() {
        // per rail, 3 nodes of 4 give groups of 3 ranks (no power of two); 4 nodes, 4 = 2^2
        CollectivePhase phase = new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.HALVING_DOUBLING,
                PhaseScope.PER_RAIL);
        assertEquals(3, PhaseScope.PER_RAIL.groupRanks(12, 4));
        assertFalse(CollectiveEngine.phaseRuns(nodes(3), 12, phase, 4));
        assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(nodes(3),
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1 << 20, 12), List.of(phase), 4));
        assertTrue(CollectiveEngine.phaseRuns(nodes(4), 16, phase, 4));
        assertTrue(CollectiveEngine.run(nodes(4), CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1 << 20, 16),
                List.of(phase), 4).timePs() > 0);
    }

    @Test
    void shouldRefuseAHierarchicalPhaseInsideOneDomainAsTheRunDoes() {
        // within a node the group is one domain of 4: hierarchical needs two; globally over 2 nodes it has two
        CollectivePhase within = new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.HIERARCHICAL,
                PhaseScope.WITHIN_NODE);
        assertFalse(CollectiveEngine.phaseRuns(nodes(2), 8, within, 4));
        assertThrows(IllegalArgumentException.class, () -> CollectiveEngine.run(nodes(2),
                CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1 << 20, 8), List.of(within), 4));
        CollectivePhase global = new CollectivePhase(CollectiveOperation.ALL_REDUCE, Algorithm.HIERARCHICAL,
                PhaseScope.GLOBAL);
        assertTrue(CollectiveEngine.phaseRuns(nodes(2), 8, global, 4));
        assertTrue(CollectiveEngine.run(nodes(2), CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, 1 << 20, 8),
                List.of(global), 4).timePs() > 0);
    }
}
