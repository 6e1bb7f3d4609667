package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.generator.cli.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code fabric simulate --network flow|packet|analytical}: the model a collective benchmark runs on. */
class NetworkOptionCliTest {

    private static Path model(Path dir) throws Exception {
        Path model = dir.resolve("net.fabric");
        Files.writeString(model, """
                package net
                cluster Pair { nodes 2 x 1 accelerators link 400 Gb/s latency 1 us }
                cluster Wide { nodes 64 x 1 accelerators link 400 Gb/s latency 1 us }
                benchmark Ring { all-reduce ring on Pair sizes 64 MiB harness ideal }
                benchmark Huge { all-to-all on Wide sizes 256 GiB network packet }
                benchmark Dispatch { expert-parallel low-latency tokens 128 hidden 7168 top-k 8 experts 256 on Pair }
                """);
        return model;
    }

    private static JsonObject ringRun(Path dir, String network) throws Exception {
        Path json = dir.resolve(network + ".json");
        CliRun outcome = CliRun.fabric("simulate", model(dir).toString(), "--study", "Ring", "--network", network,
                "--json", json.toString(), "--force");
        assertEquals(ExitCodes.OK, outcome.exitCode(), outcome.err());
        return JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonArray("runs").get(0)
                .getAsJsonObject();
    }

    private static double busbw(JsonObject run) {
        return run.getAsJsonObject("metrics").getAsJsonArray("rows").get(0).getAsJsonObject().get("busbwGBps")
                .getAsDouble();
    }

    @Test
    void shouldRunABenchmarkOnThePacketBackendAtTheFlowModelsRateLessTheHeaders(@TempDir Path dir) throws Exception {
        JsonObject flow = ringRun(dir, "flow");
        JsonObject packet = ringRun(dir, "packet");
        assertEquals("flow", flow.getAsJsonObject("parameters").get("network").getAsString());
        assertEquals("packet", packet.getAsJsonObject("parameters").get("network").getAsString());
        // Two ranks, one uncontended link each way, ideal harness (no step overheads): the packet backend
        // carries 4096 payload bytes in 4158 wire bytes (RoCEv2 headers, PacketConfig.roce), so its bus
        // bandwidth is the flow model's × 4096/4158 = 0.9851, up to the packets' pipeline fill (one
        // 4158-byte packet of 16,384) and the per-hop store and forward: within 0.5% of the ratio.
        double ratio = busbw(packet) / busbw(flow);
        assertEquals(4096.0 / 4158, ratio, 0.005, () -> "packet/flow busbw " + ratio);
    }

    @Test
    void shouldRefuseATooLargePacketRunWithItsEstimateAndTheFixNotAStackTrace(@TempDir Path dir) throws Exception {
        CliRun outcome = CliRun.fabric("simulate", model(dir).toString(), "--study", "Huge");
        assertEquals(ExitCodes.RUNS_FAILED, outcome.exitCode(), outcome.err());
        String all = outcome.out() + outcome.err();
        assertTrue(all.contains("packet-hops") && all.contains("flow backend"), all);
        assertFalse(all.contains("Exception") || all.contains("\tat "), all);
    }

    @Test
    void shouldRefuseThePacketNetworkForAWorkloadThatIsNotACollectiveBenchmark(@TempDir Path dir) throws Exception {
        CliRun outcome = CliRun.fabric("simulate", model(dir).toString(), "--study", "Dispatch", "--network",
                "packet");
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(outcome.err().contains("--network packet runs collective benchmarks only, and 'net.Dispatch'"
                + " simulates expert-kernel-benchmark"), outcome.err());
    }

    @Test
    void shouldNameTheChoicesForAnUnknownNetwork(@TempDir Path dir) throws Exception {
        CliRun outcome = CliRun.fabric("simulate", model(dir).toString(), "--network", "ns3");
        assertEquals(ExitCodes.USAGE, outcome.exitCode());
        assertTrue(outcome.err().contains("--network takes 'flow', 'packet' or 'analytical', not 'ns3'"),
                outcome.err());
    }
}
