package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.runtime.inference.ServingMemoryEstimate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabric simulate} refuses, before drawing them, a serving run whose requests' state would not fit the heap:
 * the run fails as infeasible, naming the estimate, its largest factor (the requests, about {@value
 * #BYTES_PER_REQUEST} B each) and the fix, and the command exits 3.
 *
 * <p>The run: a small dense model served by one TP1 replica of a DGX H100, Poisson arrivals, with n requests, n the
 * smallest count whose counted state exceeds this JVM's heap H: n = ⌊H ÷ {@value #BYTES_PER_REQUEST}⌋ + 1. The
 * {@value #BYTES_PER_REQUEST} B are the arrays one request holds until the metrics are gathered, counted by type:
 * 21 longs or doubles and 15 ints (docs/performance.md, "Serving memory, predicted (session 63)"); the estimate
 * adds its measured fixed part.
 */
class ServingHeapRefusalCliTest {
    private static final long BYTES_PER_REQUEST = 21 * 8 + 15 * 4;

    private static String serving(long requests) {
        return """
                package servingheap
                import fabric.catalog.nvidia.*
                model Small transformer {
                    layers 2 hidden 1024 ffn 4096 heads 8 kv-heads 8 head-dim 128 vocab 32000 activation swiglu
                }
                cluster One { nodes 1 x DGX_H100 }
                inference Serve {
                    model Small on One
                    precision bf16
                    serving pool { replicas 1 parallel tensor 1 }
                    traffic { arrival poisson 4 /s prompt fixed 100 output fixed 10 requests %d }
                }
                """.formatted(requests);
    }

    @Test
    void shouldRefuseAServingRunWhoseRequestsCannotFitNamingTheRequestsAndTheFix(@TempDir Path dir) throws Exception {
        long heap = Runtime.getRuntime().maxMemory();
        long requests = Math.min(Integer.MAX_VALUE, heap / BYTES_PER_REQUEST + 1);
        Path model = dir.resolve("serving-heap.fabric");
        Files.writeString(model, serving(requests));
        CliRun outcome = CliRun.fabric("simulate", model.toString());
        assertEquals(ExitCodes.RUNS_FAILED, outcome.exitCode(), outcome.err());
        String expected = String.format(Locale.ROOT, "infeasible: inference servingheap.Serve would hold the state of"
                + " %,d requests at once, about %.1f GB of memory, more than the heap's %.1f GB; the largest factor is"
                + " %,d requests, about %d B each. Fix: lower `requests` in its traffic, or give the simulator more"
                + " memory (JAVA_TOOL_OPTIONS=-Xmx", requests,
                (ServingMemoryEstimate.FIXED_BYTES + requests * BYTES_PER_REQUEST) / 1e9, heap / 1e9, requests,
                BYTES_PER_REQUEST);
        assertTrue(outcome.out().contains(expected), expected + "\nin\n" + outcome.out());
        assertFalse(outcome.out().contains("time to first token"), "refused before simulating");
    }
}
