package org.fabricsim.runtime.collective;

/**
 * The channel count NCCL uses, from its topology search and {@code connect.cc} (NCCL 2.30.7).
 *
 * <p><b>Per communicator, one node.</b> {@code ncclTopoCompute} ({@code src/graph/search.cc}) searches rings over the
 * NVLink bandwidth of a GPU, totalBw = its links × NCCL's rate per link ({@code topo.h} SM70/SM80/SM90/SM100_NVLINK_BW:
 * 20, 20, 20.6, 40.1 GB/s; the GPU-to-NVSwitch link of {@code topo.cc} is count × that rate). Pass 1 starts at the
 * highest speed of the generation's speed array not above totalBw ({@code speedArrayIntra}, {@code
 * sm90SpeedArrayIntra}, {@code sm100SpeedArrayIntra}); at speed s the switch holds ⌊totalBw / s⌋ rings, at most
 * maxChannels = MAXCHANNELS / 2 ({@code init.cc}: 32; 16 before 2.25, whose {@code device.h} had MAXCHANNELS 32); the
 * graph kept is the one with the most rings × s ({@code ncclTopoCompareGraphs}; a tie keeps the fewer hops, the faster
 * rings); it stops once rings × s reaches totalBw, else tries the next speed while it is above 0.49 × the best's.
 * {@code ncclTopoDupChannels} then doubles the rings (halving s) unless s &lt; 25 or, on SM90 and later, s &lt; 50 with
 * more than 4 rings; pass 2 tries each higher speed keeping at least that many rings. {@code connect.cc}'s {@code
 * ncclTopoPostset} doubles once more: nChannels = min(MAXCHANNELS = 64, 2 · graph channels). So 8 × A100 (12 links, 240
 * GB/s): 6 rings of 40 → 12 → 24 channels; 8 × H100 or H200 (18 links, 370.8): 6 of 60 → 12 → 24; 8 × H800 (8 links,
 * 164.8): 4 of 40 → 8 → 16; 8 × B200 (18 links, 721.8): 8 of 90 → 16 → 32. The logs print these: HGX A100 "Channel
 * 23/24" (NVIDIA/nccl-tests issue #100), H100 NCCL 2.19.3 "totalBw 360.0", 12 searched rings, 24 channels (NVIDIA/nccl
 * issue #1367), H800 "16 coll channels" (NVIDIA/nccl issue #892), DGX B200 "Channel 04/32" and trees [0]..[31]
 * (NVIDIA/nccl issue #1646, NCCL 2.25.1). The releases the reference rows name (2.18.5 to 2.30.7) give the same counts:
 * the speed arrays changed below these speeds only, and SM90's 20.0 GB/s per link before 2.21 (360 GB/s, 6 rings of 60
 * reaching it) and SM100's 40.0 in 2.25 and 2.26 lead to the same graphs. The link count is the accelerator's scale-up
 * bandwidth over NVLink's per-link rate (25 GB/s a direction for NVLink 2 to 4, 50 for NVLink 5; hardware.md).
 *
 * <p><b>Across nodes.</b> Every ring leaves through a NIC, one ring per NIC, doubled: a DGX H100 gets 16 (8 NICs);
 * its ring graph across nodes has the 8 searched ones ("Pattern 4, crossNic 2, nChannels 8, bw 48.000000/48.000000,
 * type NVL/PIX" on 8 × 400 Gb/s NICs), which NCCL's cost model reads ({@link #graph}).
 *
 * <p><b>RCCL on CDNA3 and CDNA4</b> (ROCm/rccl at 0cbce2a7; gfx950 as gfx942 in ROCm/rocm-systems {@code connect.cc} at
 * 028c2846). An 8-GPU MI300X node matches a platform model instead of a search ({@link RcclMeshRings}): 28 rings alone,
 * 64 with its 8 NICs. {@code connect.cc}'s {@code ncclTopoPostset} caps the channels at maxChannels = MAXCHANNELS (128)
 * on gfx94x, 64 across nodes, doubles the rings when they are at most half of it, and {@code init.cc}'s multiplier nc
 * (2 on 8 MI300X ranks; 16 and 4 on 2 and 4) gives at least nc × the rings: one node 2 × 28 = 56 channels, across nodes
 * 64 (no doubling above 32). A CDNA3 node of another shape, or with other than 8 NICs across nodes, keeps the search
 * above with Hopper's tables.
 *
 * <p><b>Per call.</b> {@code enqueue.cc} lowers the count while S &lt; nc · nt · threshold (nt the
 * protocol's threads: LL 512, LL128 640, Simple 512; threshold: LL 8·nRanks on a ring, else 8,
 * Simple 64 bytes per thread), down to one channel. RCCL (CDNA3, CDNA4) runs 256 threads a channel with every
 * protocol (ROCm/rccl 0cbce2a7 {@code src/include/device.h} lines 68 to 70 and 87: NCCL_MAX_NTHREADS, its Simple
 * and LL aliases and NCCL_LL128_MAX_NTHREADS all 256, which {@code tuning.cc} lines 307 to 313 take as the
 * maxima; ROCm/rocm-systems {@code projects/rccl} keeps RCCL_DEFAULT_MAX_NTHREADS, RCCL_GFX950_MAX_NTHREADS and
 * RCCL_LL_MAX_NTHREADS at 256) under the same thresholds ({@code comm.h} lines 40 to 42). O(channels).
 */
public final class NcclChannels {
    /** MAXCHANNELS of NCCL's device.h. */
    public static final int MAX_CHANNELS = 64;
    private static final int MAX_SEARCHED_RINGS = MAX_CHANNELS / 2;
    /** NVLink's rate per link and direction by generation (NVLink 2, 3, 4, 5), GB/s. */
    private static final double[] NVLINK_GBPS_PER_LINK = { 25.0, 25.0, 25.0, 50.0 };
    /** NCCL's rate per NVLink by generation ({@code topo.h}), GB/s. */
    private static final double[] NCCL_GBPS_PER_LINK = { 20.0, 20.0, 20.6, 40.1 };
    /** The search's speeds inside one node by generation ({@code search.cc}), GB/s per ring. */
    private static final double[][] SPEEDS_GBPS = {
        { 40.0, 30.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0 },
        { 40.0, 30.0, 20.0, 18.0, 15.0, 12.0, 10.0, 9.0, 7.0, 6.0, 5.0, 4.0, 3.0 },
        { 60.0, 50.0, 40.0, 30.0, 24.0, 20.0, 15.0, 12.0, 11.0, 6.0, 3.0 },
        { 90.0, 80.0, 70.0, 60.0, 50.0, 45.0, 40.0, 30.0, 24.0, 20.0, 19.0, 18.0 } };
    private static final double EPSILON_GBPS = 1e-6;
    /** RCCL's threads per channel, every protocol (NCCL_MAX_NTHREADS, NCCL_LL128_MAX_NTHREADS on AMD). */
    private static final long RCCL_THREADS = 256;

    private NcclChannels() {
    }

    /**
     * The communicator's channels over {@code nodes} nodes whose accelerators have {@code
     * scaleUpBytesPerSecond} of scale-up bandwidth each (0 without scale-up) and {@code nics} NICs
     * per node.
     */
    public static int communicator(Generation generation, double scaleUpBytesPerSecond, int nics, int nodes) {
        if (generation.rccl() && nodes == 1 && scaleUpBytesPerSecond > 0) {
            return 2 * RcclMeshRings.ONE_NODE_RINGS;
        }
        if (generation.rccl() && nodes > 1 && nics == RcclMeshRings.GPUS) {
            return Math.min(MAX_CHANNELS, RcclMeshRings.ACROSS_NODES_RINGS);
        }
        int rings = nodes > 1 || scaleUpBytesPerSecond <= 0 ? Math.min(MAX_SEARCHED_RINGS, Math.max(1, nics))
                : searchedRings(generation, scaleUpBytesPerSecond);
        return Math.min(MAX_CHANNELS, 2 * rings);
    }

    /**
     * The rings {@code ncclTopoCompute} finds on one node whose accelerators have {@code scaleUpBytesPerSecond}
     * of NVLink each, after its duplication (pass 1, ncclTopoDupChannels, pass 2). O(speeds).
     */
    static int searchedRings(Generation generation, double scaleUpBytesPerSecond) {
        Generation tables = generation.ncclTables();
        int g = tables.ordinal();
        double totalGbps = scaleUpBytesPerSecond / 1e9 / NVLINK_GBPS_PER_LINK[g] * NCCL_GBPS_PER_LINK[g];
        double[] speeds = SPEEDS_GBPS[g];
        int i = 0;
        while (i < speeds.length - 1 && speeds[i] > totalGbps + EPSILON_GBPS) {
            i++;
        }
        int rings = 0;
        double speed = 0;
        while (true) {
            int found = ringsAt(totalGbps, speeds[i]);
            if (found * speeds[i] > rings * speed + EPSILON_GBPS) {
                rings = found;
                speed = speeds[i];
            }
            boolean optimal = rings == MAX_SEARCHED_RINGS || rings * speed >= totalGbps - EPSILON_GBPS;
            if (optimal || i == speeds.length - 1 || rings > 0 && speeds[i + 1] / speed <= 0.49) {
                break;
            }
            i++;
        }
        if (rings == 0) {
            return 1;
        }
        boolean sm90OrLater = tables == Generation.HOPPER || tables == Generation.BLACKWELL;
        if (speed >= 25 && !(sm90OrLater && speed < 50 && rings > 4)) {
            int duplicated = Math.min(2 * rings, MAX_SEARCHED_RINGS);
            speed /= (duplicated + rings - 1) / rings;
            rings = duplicated;
        }
        for (int j = speeds.length - 1; j >= 0; j--) {
            int found = ringsAt(totalGbps, speeds[j]);
            if (speeds[j] > speed && found >= rings && found * speeds[j] > rings * speed + EPSILON_GBPS) {
                rings = found;
                speed = speeds[j];
            }
        }
        return rings;
    }

    private static int ringsAt(double totalGbps, double speedGbps) {
        return Math.min(MAX_SEARCHED_RINGS, (int) Math.floor((totalGbps + EPSILON_GBPS) / speedGbps));
    }

    /**
     * The channels of the search's graph behind a communicator of {@code channels}, the count NCCL's cost
     * model reads: {@code init.cc} calls ncclTopoTuneModel after ncclTopoPostset with the graphs, whose
     * nChannels connect.cc's duplication leaves as the search found them, so the per-channel caps of {@code
     * tuning.cc} (graphs[a]->nChannels · perChMax…) count the searched rings, half the communicator's. A
     * count the user set (NCCL_MIN_NCHANNELS) changes the communicator, not the graph; the request does not
     * carry the two apart, so its channels are read as NCCL's default. O(1).
     */
    public static int graph(int channels) {
        return Math.max(1, channels / 2);
    }

    /**
     * The channels one call of {@code sizeBytes} runs on with {@code protocol} over a ring or tree under {@code
     * generation}'s library.
     */
    public static int perCall(Generation generation, int channels, Protocol protocol, boolean ring, int ranks,
            long sizeBytes) {
        long threads = generation.rccl() ? RCCL_THREADS : protocol == Protocol.LL128 ? 640 : 512;
        long threshold = protocol == Protocol.SIMPLE ? 64 : protocol == Protocol.LL && ring ? 8L * ranks : 8;
        int nc = channels;
        while (nc >= 2 && sizeBytes < nc * threads * threshold) {
            nc--;
        }
        return nc;
    }
}
