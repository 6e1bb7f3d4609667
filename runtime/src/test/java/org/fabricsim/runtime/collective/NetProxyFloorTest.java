package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The network proxy's posting floor of an LL / LL128 ring all-reduce across nodes (NCCL 2.30.7). */
class NetProxyFloorTest {
    private static final long US = 1_000_000L;

    @Test
    void shouldTakeTheProtocolsChunksFromNcclsBufferSizes() {
        // init.cc: LL 8 lines x 512 threads x 8 steps x 16 B = 524,288 B, a step 65,536 B, half of it data;
        // LL128 120 x 640 x 8 x 8 B = 4,915,200 B, a step 614,400 B, 120 of every 128 bytes data.
        assertEquals(32_768, NetProxyFloor.LL_CHUNK_BYTES);
        assertEquals(576_000, NetProxyFloor.LL128_CHUNK_BYTES);
    }

    @Test
    void shouldPostEveryRingStepOfEveryChannelFromOneThreadPerGpu() {
        // 1,024 ranks in 128 nodes of 8, 32 channels, 1 GiB: one loop (32 x 1,024 x 576,000 B > 1 GiB),
        // 2 x 1,023 steps, 2 x 32 / 8 = 8 posts per thread and step at 1 us: 16,368 us.
        assertEquals(16_368 * US, NetProxyFloor.allReducePs(Protocol.LL128, 1L << 30, 1024, 8, 128, 32));
        // 16 ranks in 2 nodes, 16 channels, LL, 64 MiB: loops of 16 x 16 x 32 KiB = 8 MiB, 8 loops of
        // 30 steps, 4 posts each: 960 us.
        assertEquals(960 * US, NetProxyFloor.allReducePs(Protocol.LL, 64L << 20, 16, 8, 2, 16));
        // Fewer channels than GPUs still cost each serving thread one post per step.
        assertEquals(2 * 15 * US, NetProxyFloor.allReducePs(Protocol.LL128, 1L << 20, 16, 8, 2, 2));
    }

    @Test
    void shouldLeaveOneNodeAndTheSimpleProtocolUnfloored() {
        assertEquals(0, NetProxyFloor.allReducePs(Protocol.LL128, 1L << 30, 8, 8, 1, 32));
        assertEquals(0, NetProxyFloor.allReducePs(Protocol.SIMPLE, 1L << 30, 1024, 8, 128, 32));
    }

    @Test
    void shouldTimeTheForcedLl128RingOnAThousandGpusByItsProxy() {
        // nccl-tests issue #322's 1 GiB row: the bytes (about 6.4 ms) and NCCL's step latencies (about
        // 4.4 ms) fall short of the 16,368 us floor, which the call then takes (published 19,355 us).
        CollectiveResult result = HeldOutCollectivesTest.predict(Map.ofEntries(Map.entry("gpu", "H100_SXM"),
                Map.entry("collective", "all-reduce"), Map.entry("gpus", "1024"), Map.entry("nodes", "128"),
                Map.entry("nics_per_node", "8"), Map.entry("nic_gbps", "400"), Map.entry("algorithm", "ring"),
                Map.entry("protocol", "LL128"), Map.entry("channels", "32"), Map.entry("bytes", "1073741824")));
        assertEquals(16_368 * US, result.timePs());
    }

    @Test
    void shouldFloorNcclsLl128RingOnTwoH100NodesAtItsSixteenChannels() {
        // 2 DGX H100 (8 x 400 Gb/s NICs): 16 channels, 1 MiB in one loop of 2 x 15 steps, ceil(2 x 16 / 8) = 4 posts
        // per thread and step at 1 us: 120 us, above the ring's bytes and latencies (NCCL's own estimate of the
        // call is 14 + 28 x 1.9 + 2 x 4.0 = 75.2 us of latency plus its bytes).
        CollectiveResult result = HeldOutCollectivesTest.predict(Map.ofEntries(Map.entry("gpu", "H100_SXM"),
                Map.entry("collective", "all-reduce"), Map.entry("gpus", "16"), Map.entry("nodes", "2"),
                Map.entry("nics_per_node", "8"), Map.entry("nic_gbps", "400"), Map.entry("algorithm", "ring"),
                Map.entry("protocol", "LL128"), Map.entry("channels", ""), Map.entry("bytes", "1048576"),
                Map.entry("nccl", "2.26")));
        assertEquals(16, result.channels());
        assertEquals(120 * US, result.timePs());
        // examples/benchmarks/ndr-2node.fabric printed 1, 2 and 4 MiB at 120.00 us without a word: the row now names
        // the bound in its factors.
        assertEquals("bound by NCCL's network proxy, not the bytes: one thread per GPU posts 30 steps x 4 network"
                + " operations at 1 us each = 120 us", result.bound());
    }

    @Test
    void shouldNameNoBoundWhereTheBytesSetTheTime() {
        // 1 GiB on the same 2 nodes: Simple, whose transfers take milliseconds, unfloored.
        CollectiveResult result = HeldOutCollectivesTest.predict(Map.ofEntries(Map.entry("gpu", "H100_SXM"),
                Map.entry("collective", "all-reduce"), Map.entry("gpus", "16"), Map.entry("nodes", "2"),
                Map.entry("nics_per_node", "8"), Map.entry("nic_gbps", "400"), Map.entry("algorithm", "ring"),
                Map.entry("protocol", "auto"), Map.entry("channels", ""), Map.entry("bytes", "1073741824"),
                Map.entry("nccl", "2.26")));
        assertEquals(Protocol.SIMPLE, result.protocol());
        assertEquals("", result.bound());
    }
}
