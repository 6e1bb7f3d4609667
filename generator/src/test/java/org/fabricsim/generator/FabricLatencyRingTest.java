package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scale-out fabric's {@code link … latency} is the latency of every link of it: its switch-to-switch links and its
 * NIC cables (which add the NIC's own, none here). Eight hosts on a two-tier tree of 8-port switches sit four to a
 * leaf, so the ring's neighbours 3 → 4 and 7 → 0 cross the spine: up a NIC cable and a fabric link, down another
 * fabric link and a NIC cable. Each of a ring all-reduce's 2(N − 1) = 14 steps waits for them: raising the fabric's
 * latency by 10 us adds 14 × 4 × 10 us = 560 us.
 */
class FabricLatencyRingTest {
    private static final String MODEL = """
            package fabriclatency
            import fabric.catalog.nvidia.*
            vendor Acme
            fabric Eth { vendor Acme scope scale-out open-standard link 400 Gb/s latency %s }
            switch Box { vendor Acme ports 8 x 400 Gb/s speaks Eth }
            nic One { vendor Acme ports 1 x 400 Gb/s speaks Eth }
            node Single { accelerators 1 x H100_SXM nics 1 x One }
            cluster C {
                nodes 8 x Single
                scale-out Eth fat-tree { switch Box tiers 2 }
            }
            benchmark Ring { all-reduce ring on C harness ideal sizes 1 GiB }
            """;

    @Test
    void shouldPayTheFabricsLatencyOnBothSpineLinksAndBothNicCablesOfEveryStep(@TempDir Path dir) throws IOException {
        double added = ringSeconds(dir, "11 us") - ringSeconds(dir, "1 us");
        // Each of the 14 steps rounds its end to the picosecond, in either run.
        assertEquals(560e-6, added, 4 * 14 * 1e-12);
    }

    private static double ringSeconds(Path dir, String latency) throws IOException {
        Path file = dir.resolve(("ring-" + latency).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(latency));
    }
}
