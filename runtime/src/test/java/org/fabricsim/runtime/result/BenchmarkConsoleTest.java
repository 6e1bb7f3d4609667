package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A collective benchmark's block in the console summary. */
class BenchmarkConsoleTest {

    private static Map<String, Object> row(long bytes, double seconds, String protocol, String bound) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("bytes", bytes);
        row.put("timeSeconds", seconds);
        row.put("algbwGBps", bytes / seconds / 1e9);
        row.put("busbwGBps", bytes / seconds / 1e9 * 30 / 16);
        row.put("algorithm", "ring");
        row.put("protocol", protocol);
        row.put("channels", 16);
        if (bound != null) {
            row.put("bound", bound);
        }
        return row;
    }

    @Test
    void shouldNameUnderTheTableTheBoundThatGaveSizesTheSameTime() {
        // examples/benchmarks/ndr-2node.fabric: 1, 2 and 4 MiB all at 120 us, the network proxy's floor; 1 GiB on
        // Simple, its bytes'. One line names the floored sizes and the bound; the unfloored size is not named.
        String bound = "bound by NCCL's network proxy, not the bytes: one thread per GPU posts 30 steps x 4 network"
                + " operations at 1 us each = 120 us";
        List<Map<String, Object>> rows = List.of(row(1L << 20, 120e-6, "LL128", bound),
                row(2L << 20, 120e-6, "LL128", bound), row(4L << 20, 120e-6, "LL128", bound),
                row(1L << 30, 4.5e-3, "Simple", null));
        RunResult run = new RunResult("b.RingAllReduce", "collective-benchmark", "b", Map.of(), 1,
                Map.of("operation", "all-reduce", "algorithm", "ring", "accelerators", 16, "nodes", 2,
                        "acceleratorsPerNode", 8),
                Map.of("rows", rows), 0, 0, 0, null);
        List<String> notes = ConsoleTable.render(run).lines().filter(line -> line.contains("bound by")).toList();
        assertEquals(List.of("# 1048576, 2097152, 4194304 B: " + bound), notes);
    }

    @Test
    void shouldNameTheRanksAgainstTheNodesTheyFillOrShare() {
        // 2 ranks on one node of 8 read as 2 of that node's accelerators (it said "over 2 accelerators (1 node x 8)
        // ... on 8 accelerators"); 8,192 ranks on 1,024 nodes of 8 fill them, written with the body's separators.
        RunResult two = new RunResult("b.Two", "collective-benchmark", "b", Map.of(), 1,
                Map.of("operation", "all-reduce", "algorithm", "ring", "accelerators", 2, "nodes", 1,
                        "acceleratorsPerNode", 8, "cluster", "X",
                        "topology", "8 accelerators, scale-up switched x8"), Map.of("rows", List.of()), 0, 0, 0, null);
        assertEquals("# b.Two: all-reduce ring over 2 accelerators of 1 node x 8 of X; topology: 8 accelerators,"
                + " scale-up switched x8", ConsoleTable.render(two).lines().findFirst().orElseThrow());
        RunResult all = new RunResult("b.All", "collective-benchmark", "b", Map.of(), 1,
                Map.of("operation", "all-reduce", "algorithm", "ring", "accelerators", 8192, "nodes", 1024,
                        "acceleratorsPerNode", 8),
                Map.of("rows", List.of()), 0, 0, 0, null);
        assertEquals("# b.All: all-reduce ring over 8,192 accelerators (1,024 nodes x 8)",
                ConsoleTable.render(all).lines().findFirst().orElseThrow());
    }
}
