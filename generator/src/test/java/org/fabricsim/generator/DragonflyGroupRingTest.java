package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dragonfly's global links and its Valiant detours serve traffic between groups only. Six single-H100 hosts
 * ({@link Models#ringOfHosts}) on 3 groups of 2 routers, one host per router (⌈6 / 6⌉, as for the benchmark's own
 * two), every link of the fabric 50 GB/s and 1 us, NIC cables too: a ring all-reduce of S = 1 GiB over the first
 * two hosts, routers 0 and 1 of group 0, runs 2 steps of S/2 = 536,870,912 B over their local link, 10,737,418,240
 * ps plus 1 us of it and 2 × 1 us of NIC cables: 2 × 10,740,418,240 = 21,480,836,480 ps, with one or two global
 * links per router, minimal or Valiant.
 */
class DragonflyGroupRingTest {
    private static final String FABRIC = "link 400 Gb/s latency 1 us";
    private static final String SHAPE = "switch Box groups 3 routers-per-group 2";
    /** Each of the 2 ring steps ends on a whole picosecond. */
    private static final double STEP_ROUNDING_SECONDS = 2e-12;

    @Test
    void shouldLeaveARingInsideOneGroupWhateverTheGlobalLinksAndTheirRouting(@TempDir Path dir) throws IOException {
        double one = seconds(dir, "dragonfly { " + SHAPE + " global-links-per-router 1 }");
        assertEquals(2 * 10_740_418_240L * 1e-12, one, STEP_ROUNDING_SECONDS);
        assertEquals(one, seconds(dir, "dragonfly { " + SHAPE + " global-links-per-router 2 }"));
        assertEquals(one, seconds(dir, "dragonfly { " + SHAPE + " global-links-per-router 1 routing valiant }"));
    }

    /**
     * {@code nodes 4} of twelve such hosts is the cluster's first four where the cluster puts them, ⌈12 / 6⌉ = 2
     * per router: hosts 0 and 1 on router 0, 2 and 3 on router 1, all in group 0 (it was rebuilt as a
     * dragonfly of 4 hosts, 1 per router, and ran across groups 0 and 1: 32,230,254,720 ps with one global link
     * per router, 48,330,382,080 ps with two). The ring 0 → 1 → 2 → 3 → 0 crosses the local link 0 → 1 (edge 1 → 2)
     * and 1 → 0 (edge 3 → 0), one edge each; every NIC cable carries one edge: 6 steps of S/4 = 268,435,456 B at
     * 50 GB/s, 5,368,709,120 ps, plus the one local link's 1 us and the two NIC cables' 1 us each (the fabric's
     * latency): 6 × 5,371,709,120 = 32,230,254,720 ps, with one or two global links per router.
     */
    @Test
    void shouldRunTheFirstNodesOnTheRoutersTheyHaveInTheWholeDragonfly(@TempDir Path dir) throws IOException {
        double one = seconds(dir, "dragonfly { " + SHAPE + " global-links-per-router 1 }", 12, "nodes 4");
        assertEquals(6 * 5_371_709_120L * 1e-12, one, 6e-12);
        assertEquals(one, seconds(dir, "dragonfly { " + SHAPE + " global-links-per-router 2 }", 12, "nodes 4"));
    }

    private static double seconds(Path dir, String topology) throws IOException {
        return seconds(dir, topology, 6, "nodes 2");
    }

    private static double seconds(Path dir, String topology, int hosts, String ranks) throws IOException {
        Path file = dir.resolve(("ring-" + hosts + ranks + topology).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringOfHosts(FABRIC, topology, hosts, ranks));
    }
}
