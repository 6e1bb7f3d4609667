package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabric export --infragraph} writes a cluster's graph; {@code fabric import --infragraph} reads one back and checks it. */
class InfraGraphCommandsTest {
    private static final Path B200 = Models.EXAMPLES.resolve("benchmarks").resolve("b200-4node.fabric");

    @TempDir
    Path dir;

    @Test
    void shouldExportAClusterThatImportsBackWithItsAccelerators() throws Exception {
        Path json = dir.resolve("b200.json");
        CliRun export = CliRun.fabric("export", "--infragraph", B200.toString(), "-o", json.toString());
        assertEquals(ExitCodes.OK, export.exitCode(), export.err());
        assertTrue(Files.readString(json).contains("\"choice\": \"xpu\""));

        CliRun back = CliRun.fabric("import", "--infragraph", json.toString());

        // 4 nodes x 8 B200, each node's NVLink5 domain one switch node (4). The EFA fabric names no switch,
        // so radix 64: non-blocking, a leaf takes 64 / 2 = 32 NIC ports (1 leaf) with ⌈32·400G / 400G⌉ =
        // 32 uplinks to 32 spines: 4 + 1 + 32 = 37 switches. Directed links: 2·32 NVLink, 2·32 NIC and
        // 2·32 leaf–spine = 192.
        assertEquals(ExitCodes.OK, back.exitCode(), back.err());
        assertTrue(back.out().startsWith("benchmarks.b200.FourB200Nodes: 32 accelerators, 37 switches, 0 NICs, 192"
                + " links (directed)"), back.out());
        // Each node's 8 B200 on their NVLink switch, faster than their NIC links to the leaf: 4 domains of 8.
        assertTrue(back.out().contains(", scale-up domains of 8"), back.out());
    }

    @Test
    void shouldSimulateARingAllReduceOverAnImportedGraph() throws Exception {
        Path json = dir.resolve("b200.json");
        assertEquals(ExitCodes.OK, CliRun.fabric("export", "--infragraph", B200.toString(), "-o", json.toString())
                .exitCode());

        CliRun run = CliRun.fabric("import", "--infragraph", json.toString(), "--all-reduce", "1GiB");

        // The 32 accelerators of the 4 nodes above, as a graph of 37 other nodes and 192 links.
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("ring all-reduce of 1GiB over 32 accelerators: "), run.out());
        assertTrue(run.out().contains("a given graph of 37 other nodes and 192 links, shortest-path ECMP"), run.out());
        // One channel, unlike simulate's NCCL channels on the built cluster: the line says so (docs/interop.md).
        assertTrue(run.out().contains(" GB/s, one channel (32 accelerators, "), run.out());
        assertTrue(run.out().contains("scale-up in-graph x8"), "the recovered NVLink domains: " + run.out());
    }

    @Test
    void shouldRefuseASizeThatIsNotOne() throws Exception {
        Path json = dir.resolve("b200.json");
        CliRun.fabric("export", "--infragraph", B200.toString(), "-o", json.toString());

        CliRun run = CliRun.fabric("import", "--infragraph", json.toString(), "--all-reduce", "lots");

        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("--all-reduce lots: not a size; write a positive whole number of bytes"), run.err());
    }

    @Test
    void shouldNameTheFileAndTheFixWhenAnImportedEdgeDangles() throws Exception {
        Path json = dir.resolve("dangling.json");
        Files.writeString(json, """
                {"name": "x",
                 "devices": [{"name": "gpu", "components": [{"name": "xpu", "count": 1, "choice": "xpu"}]}],
                 "links": [{"name": "l", "physical": {"bandwidth": {"gigabits_per_second": 400}}}],
                 "instances": [{"name": "g", "device": "gpu", "count": 2}],
                 "edges": [{"ep1": {"instance": "g[0]", "component": "xpu[0]"},
                            "ep2": {"instance": "h[1]", "component": "xpu[0]"}, "link": "l"}]}
                """);

        CliRun run = CliRun.fabric("import", "--infragraph", json.toString());

        assertEquals(ExitCodes.MODEL_ERRORS, run.exitCode());
        assertTrue(run.err().contains(json + ":6: ep2 names instance 'h', which the instances do not define: the edge"
                + " dangles; add the instance or fix the name"), run.err());
        assertTrue(!run.err().contains("\tat "), "no stack trace: " + run.err());
    }
}
