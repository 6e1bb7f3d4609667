package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * {@code fabric.flow-control.cyclic-buffer-dependency}: a benchmark on a lossless fabric whose routes wait on one
 * another's buffers in a cycle. Four nodes on a dragonfly of 2 groups of 2 routers (one node a router) make the
 * routers a ring, and a minimal route between routers two apart takes two of its links: the warning names the ring
 * and the fix, 2 virtual lanes. Quiet with those lanes, on a lossy fabric, and on a fat tree, whose up/down routes
 * never wait in a cycle. The lanes themselves number 1 to 8.
 */
class CyclicBufferDependencyWarningTest extends FabricModelTest {
    private static final String MODEL = """
            import fabric.catalog.amd.*
            import fabric.catalog.standards.*
            fabric Roce {
                vendor IBTA scope scale-out open-standard link 400 Gb/s latency 600 ns
                %s
                routing ecmp
            }
            nic Card { vendor AMD ports 1 x 400 Gb/s speaks Roce pcie gen5 x16 }
            node Box { accelerators 8 x MI300X nics 8 x Card }
            cluster Fly { nodes 4 x Box scale-out Roce %s }
            benchmark Exchange { all-to-all on Fly sizes 4 MiB }
            """;
    private static final String DRAGONFLY = "dragonfly { groups 2 routers-per-group 2 }";

    private List<Issue> warnings(String loss, String topology) throws Exception {
        return validation.validate(parser.parse(MODEL.formatted(loss, topology))).stream()
                .filter(issue -> IssueCodes.CYCLIC_BUFFER_DEPENDENCY.equals(issue.getCode())).toList();
    }

    @Test
    void shouldWarnOfTheRingOfRoutersOnAPfcDragonflyAndNameTwoVirtualLanes() throws Exception {
        List<Issue> issues = warnings("lossless pfc", DRAGONFLY);
        assertEquals(1, issues.size(), issues::toString);
        // The four routers are nodes 32-35 after the 32 accelerators.
        assertTrue(issues.get(0).getMessage().matches("On its lossless fabric the routes of this benchmark's"
                + " accelerators wait on one another's buffers in a cycle, switch (3[2-5]) -> (switch 3[2-5] \\(link"
                + " \\d+\\) -> ){3}switch \\1 \\(link \\d+\\), which PFC or credits deadlock once its queues are full:"
                + " the packet backend refuses the run, and the flow model's time is one the fabric would not reach\\."
                + " Write 'virtual-lanes 2' on the fabric .*"), issues.get(0).getMessage());
        assertArrayEquals(new String[] {"2"}, issues.get(0).getData());
        assertEquals(1, warnings("lossless credit-based", DRAGONFLY).size());
    }

    @Test
    void shouldRefuseMoreVirtualLanesThanPfcsEightPrioritiesAndNone() throws Exception {
        // IEEE 802.1Qbb pauses 8 priorities, the packet backend's most queues a port (PacketSettings.MAX_VIRTUAL_LANES).
        List<Issue> nine = validation.validate(parser.parse(MODEL.formatted("lossless pfc virtual-lanes 9", DRAGONFLY)))
                .stream().filter(issue -> IssueCodes.TOO_LARGE.equals(issue.getCode())).toList();
        assertEquals(1, nine.size(), nine::toString);
        assertArrayEquals(new String[] {"8"}, nine.get(0).getData());
        assertEquals(1, validation.validate(parser.parse(MODEL.formatted("lossless pfc virtual-lanes 0", DRAGONFLY)))
                .stream().filter(issue -> IssueCodes.NOT_POSITIVE.equals(issue.getCode())).count());
        assertEquals(0, validation.validate(parser.parse(MODEL.formatted("lossless pfc virtual-lanes 8", DRAGONFLY)))
                .stream().filter(issue -> IssueCodes.TOO_LARGE.equals(issue.getCode())
                        || IssueCodes.NOT_POSITIVE.equals(issue.getCode())).count());
    }

    @Test
    void shouldStayQuietWithTwoVirtualLanesOnALossyFabricAndOnAFatTree() throws Exception {
        assertEquals(List.of(), warnings("lossless pfc virtual-lanes 2", DRAGONFLY));
        assertEquals(List.of(), warnings("lossy", DRAGONFLY));
        assertEquals(List.of(), warnings("lossless pfc", "fat-tree { tiers 2 }"));
    }
}
