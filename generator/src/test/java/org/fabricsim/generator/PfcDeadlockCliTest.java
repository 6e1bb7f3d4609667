package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabric simulate} of a packet run that deadlocks: a RoCE dragonfly of 2 groups of 2 routers (a ring of four:
 * local, global, local, global) under PFC, an all-to-all of 4 MiB per rank over its four nodes. Each minimal route
 * between routers two apart takes a local and a global link, so the ring links' queues wait on one another in a cycle
 * and PFC would pause all four. The editor warns of the cycle, the run is refused before it starts with the cycle and
 * the fix, and the command exits 3, as for any run that fails for a reason; it reports no time.
 */
class PfcDeadlockCliTest {

    @Test
    void shouldRefuseTheRunWhoseRoutesWaitInACycleNamingItAndExitThree(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("pfcloop.fabric");
        Files.writeString(model, """
                package pfcloop
                import fabric.catalog.nvidia.*
                vendor Acme
                fabric Roce {
                    vendor Acme scope scale-out open-standard link 400 Gb/s latency 600 ns lossless pfc
                    routing packet-spraying
                }
                switch Router { vendor Acme ports 64 x 400 Gb/s speaks Roce }
                nic One { vendor Acme ports 1 x 400 Gb/s speaks Roce }
                node Eight { accelerators 8 x H100_SXM nics 8 x One }
                cluster Fly {
                    nodes 4 x Eight
                    scale-out Roce dragonfly { switch Router groups 2 routers-per-group 2 }
                }
                benchmark Exchange { all-to-all on Fly sizes 4 MiB network packet }
                """);
        CliRun outcome = CliRun.fabric("simulate", model.toString());
        assertEquals(ExitCodes.RUNS_FAILED, outcome.exitCode(), outcome.err());
        String all = outcome.out() + outcome.err();
        // The editor's warning names the lanes that break the cycle; the run is refused before its first packet.
        assertTrue(all.contains("Write 'virtual-lanes 2' on the fabric") && all.contains("packet run refused before it"
                + " ran: its routes wait on one another's buffers in a cycle") && all.contains("deadlock-free routing"),
                all);
        assertFalse(all.contains("Exception") || all.contains("\tat "), all);
    }
}
