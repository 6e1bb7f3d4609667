package org.fabricsim.runtime.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabricsim.runtime.topology.ClusterParameters;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.FatTreeParameters;
import org.fabricsim.runtime.topology.LinkClass;
import org.fabricsim.runtime.topology.ScaleUpParameters;
import org.junit.jupiter.api.Test;

/**
 * RCCL's MSCCL all-pairs all-reduce on one node of 8 MI300X ({@link MscclAllPairs}; ROCm/rccl 0cbce2a7's
 * {@code tools/msccl-algorithms/allreduce-allpairs-8n-*.xml} and {@code msccl_lifecycle.cc}): where RCCL runs it, with
 * which protocol, and its time on the mesh by hand.
 */
class MscclAllPairsTest {
    /** MI300X's xGMI link, per direction, at the catalog's 75%: 48 GB/s. */
    private static final double LINK_BYTES_PER_SECOND = 64e9 * 0.75;

    /** All-reduce of {@code bytes} on {@code nodes} nodes of 8 {@code generation} GPUs, RCCL's own choice. */
    private static CollectiveResult run(Generation generation, long bytes, int nodes, StepOverheads overheads) {
        ScaleUpParameters node = ScaleUpParameters.fullMesh(8, new LinkClass(LINK_BYTES_PER_SECOND, 0));
        LinkClass nic = LinkClass.ofGigabitsPerSecond(400, 0);
        ClusterTopology cluster = nodes == 1 ? ClusterTopology.build(ClusterParameters.singleDomain(node))
                : ClusterTopology.build(new ClusterParameters(8 * nodes, node, nic, FatTreeParameters.singleSwitch(nic)));
        return CollectiveEngine.run(cluster, CollectiveRequest.of(CollectiveOperation.ALL_REDUCE, bytes, 8 * nodes)
                .withAlgorithm(Algorithm.AUTO).withProtocol(Protocol.AUTO).withGeneration(generation)
                .withChannels(NcclChannels.communicator(generation, 7 * LINK_BYTES_PER_SECOND, nodes == 1 ? 0 : 8,
                        nodes))
                .withStepOverheads(overheads).withReuseSymmetricSteps(true));
    }

    private static CollectiveResult mi300xNode(long bytes) {
        return run(Generation.CDNA3, bytes, 1, Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 1));
    }

    @Test
    void shouldTakeTheSimpleAllPairsTimeOnTheMeshByHand() {
        // No step latencies (ideal harness): each phase moves S/8 over every link at once, T = 2 · (S/8) / B = S/(4B)
        // = 8,388,608 / (4 × 48e9) s = 43.690667 µs for 8 MiB (Simple: 524,288 ≤ S).
        CollectiveResult result = run(Generation.CDNA3, 8L << 20, 1, StepOverheads.NONE);
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, result.algorithm());
        assertEquals(Protocol.SIMPLE, result.protocol());
        assertEquals(43.690667, result.timePs() / 1e6, 1e-3);
    }

    @Test
    void shouldTakeTheLlAllPairsTimeWithTheRingsLlLatenciesByHand() {
        // 256 KiB is LL (≤ 524,287 B): LL carries half its line, S/(4B)/0.5 = 262,144 / (2 × 48e9) s = 2.730667 µs,
        // plus RCCL's ring LL latencies (NCCL's table): 2 steps × 0.6 µs over one xGMI hop and the 6.6 µs base,
        // 10.530667 µs.
        CollectiveResult result = run(Generation.CDNA3, 256L << 10, 1, StepOverheads.NONE);
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, result.algorithm());
        assertEquals(Protocol.LL, result.protocol());
        assertEquals(10.530667, result.timePs() / 1e6, 1e-3);
    }

    @Test
    void shouldRunMscclOnlyWithinTheAlgorithmFilesSizes() {
        // LL to 524,287 B, Simple from 524,288 (a multiple of 512 floats); both placements run it to 11,534,336 B,
        // in place not from 11,534,337 to 14,680,064 B (the tuning model's ring there), again from 14,680,065 to
        // 16,777,216 (simple_2.xml; 15 MiB = 15,728,640 B), no file beyond.
        assertEquals(Protocol.LL, mi300xNode(256L << 10).protocol());
        assertEquals(Protocol.SIMPLE, mi300xNode(512L << 10).protocol());
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, mi300xNode(512L << 10).algorithm());
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, mi300xNode(11_534_336).algorithm());
        assertEquals(Algorithm.RING, mi300xNode(12L << 20).algorithm());
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, mi300xNode(15L << 20).algorithm());
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, mi300xNode(16L << 20).algorithm());
        assertEquals(Algorithm.RING, mi300xNode(32L << 20).algorithm());
        // 1,000 B is no multiple of ll-32tb.xml's 256 chunks of floats (1,024 B): RCCL falls back to its tuning model.
        assertEquals(Algorithm.RING, mi300xNode(1_000).algorithm());
    }

    @Test
    void shouldRunMscclWhetherOneProcessDrivesTheGpusOrEachHasItsOwn() {
        // RCCL_MSCCL_ENABLE_SINGLE_PROCESS defaults to 1 (03a3ef3c): rccl-tests -g 8 runs MSCCL as -g 1 does; the
        // single thread's 8 launches (8 × the kernel launch) floor the call only.
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, run(Generation.CDNA3, 8L << 20, 1,
                Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 8)).algorithm());
        assertEquals(Algorithm.MSCCL_ALL_PAIRS, mi300xNode(8L << 20).algorithm());
    }

    @Test
    void shouldLeaveNvidiaCdna4AndMultiNodeCallsToTheTuningModel() {
        // Only rome_model_79 (one node of 8 gfx942) sets mscclEnabled; NCCL has no MSCCL; MI350X (gfx950) files were
        // not read; across 2 nodes the 16 ranks match no 8-GPU file.
        StepOverheads overheads = Calibration.DEFAULT.stepOverheads(Harness.NCCL_TESTS, 1);
        assertEquals(Algorithm.RING, run(Generation.HOPPER, 8L << 20, 1, overheads).algorithm());
        assertEquals(Algorithm.RING, run(Generation.CDNA4, 8L << 20, 1, overheads).algorithm());
        assertEquals(Algorithm.DOUBLE_BINARY_TREE, run(Generation.CDNA3, 8L << 20, 2, overheads).algorithm());
    }
}
