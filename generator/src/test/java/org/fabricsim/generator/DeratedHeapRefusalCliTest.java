package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabric simulate} refuses, before simulating, a collective benchmark whose flow classes would not fit the
 * heap once the fabric's flow and congestion control derate the flow model, though the same benchmark on an ideal
 * fabric would fit: the run fails as infeasible, naming the estimate and its largest factor, and the command exits 3.
 *
 * <p>The benchmark: an all-to-all over n single-NIC hosts on a two-tier tree of 64-port switches (routes of at most 4
 * links: NIC, leaf, spine, leaf, NIC), 2 channels and {@code flows-per-peer 32}: 32 queue pairs a pair on the one
 * channel an all-to-all sends on, whatever its channels (session 70), so C = n(n − 1) × 1 × 32 classes. An ideal fabric costs 386 B per class, one whose behaviour derates
 * (PFC with DCQCN) {@value #DERATED_BYTES_PER_CLASS} B (the measured figures of docs/performance.md, section "Out of
 * memory, predicted"). n is the smallest count from 10 whose derated estimate exceeds this JVM's heap H; the ideal
 * one, 386 / {@value #DERATED_BYTES_PER_CLASS} of it, then still fits, as C(n) / C(n − 1) = n / (n − 2) is at most
 * {@value #DERATED_BYTES_PER_CLASS} / 386 = 1.29 for every n from 10.
 */
class DeratedHeapRefusalCliTest {
    private static final long IDEAL_BYTES_PER_CLASS = 386;
    private static final long DERATED_BYTES_PER_CLASS = 386 + 111;
    private static final long CLASSES_PER_PAIR = 32;

    private static String allToAll(int hosts, String behaviour) {
        return """
                package deratedheap
                import fabric.catalog.nvidia.*
                vendor Acme
                fabric Eth {
                    vendor Acme scope scale-out open-standard link 400 Gb/s latency 1 us routing ecmp flows-per-peer 32
                    %s
                }
                switch Box { vendor Acme ports 64 x 400 Gb/s speaks Eth }
                nic One { vendor Acme ports 1 x 400 Gb/s speaks Eth }
                node Single { accelerators 1 x H100_SXM nics 1 x One }
                cluster C {
                    nodes %d x Single
                    scale-out Eth fat-tree { switch Box tiers 2 }
                }
                benchmark Exchange { all-to-all on C channels 2 harness ideal sizes 64 MiB }
                """.formatted(behaviour, hosts);
    }

    @Test
    void shouldRefuseTheDeratedAllToAllNamingTheEstimateAndItsLargestFactorWhereTheIdealOneFits(@TempDir Path dir)
            throws Exception {
        long heap = Runtime.getRuntime().maxMemory();
        int hosts = 10;
        while ((long) hosts * (hosts - 1) * CLASSES_PER_PAIR * DERATED_BYTES_PER_CLASS <= heap) {
            hosts++;
        }
        long classes = (long) hosts * (hosts - 1) * CLASSES_PER_PAIR;
        assertTrue(classes * IDEAL_BYTES_PER_CLASS <= heap, "the ideal twin fits the heap");
        Path model = dir.resolve("derated-heap.fabric");
        Files.writeString(model, allToAll(hosts, "lossless pfc congestion-control dcqcn"));
        CliRun outcome = CliRun.fabric("simulate", model.toString());
        assertEquals(ExitCodes.RUNS_FAILED, outcome.exitCode(), outcome.err());
        String expected = String.format(Locale.ROOT, "infeasible: benchmark deratedheap.Exchange would hold about %,d"
                + " flow classes at once (%,d peers x 1 channels x 32 queue pairs x 1 sprayed paths per accelerator),"
                + " about %.1f GB of memory with the fabric's flow and congestion control, more than the heap's %.1f GB;"
                + " the largest factor is 32 queue pairs per channel. Fix: state fewer 'flows-per-peer' on the fabric",
                classes, hosts - 1, classes * DERATED_BYTES_PER_CLASS / 1e9, heap / 1e9);
        assertTrue(outcome.out().contains(expected), expected + "\nin\n" + outcome.out());
        assertFalse(outcome.out().contains("busbw"), "refused before simulating");
        // the lone benchmark's line and column (15:1 of allToAll's text) on the error stream, where editors link it
        assertTrue(outcome.err().contains(model + ":15:1: error: deratedheap.Exchange failed: infeasible: benchmark"
                + " deratedheap.Exchange would hold about"), outcome.err());
    }
}
