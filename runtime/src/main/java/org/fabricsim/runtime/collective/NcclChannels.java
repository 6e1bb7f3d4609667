package org.fabricsim.runtime.collective;

/**
 * The channel count NCCL uses, from its topology search and {@code connect.cc} (NCCL 2.30.7).
 *
 * <p><b>Per communicator.</b> Inside one node the ring search builds as many rings as the GPU's
 * NVLink bandwidth holds at NCCL's per-link rate ({@code topo.h}: SM80 20, SM90 20.6, SM100 40.1
 * GB/s), at most 16; across nodes every ring leaves through a NIC, one ring per NIC. {@code
 * connect.cc} then duplicates the rings (nChannels = min(MAXCHANNELS = 64, 2·rings)). A DGX H100
 * thus gets 32 channels on one node (⌈450 / 20.6⌉ capped at 16, doubled) and 16 across nodes (8
 * NICs, doubled), the counts its logs print; its ring graph across nodes has the 8 searched ones
 * ("Pattern 4, crossNic 2, nChannels 8, bw 48.000000/48.000000, type NVL/PIX" on 8 × 400 Gb/s NICs),
 * which NCCL's cost model reads ({@link #graph}).
 *
 * <p><b>Per call.</b> {@code enqueue.cc} lowers the count while S &lt; nc · nt · threshold (nt the
 * protocol's threads: LL 512, LL128 640, Simple 512; threshold: LL 8·nRanks on a ring, else 8,
 * Simple 64 bytes per thread), down to one channel. O(channels).
 */
public final class NcclChannels {
    /** MAXCHANNELS of NCCL's device.h. */
    public static final int MAX_CHANNELS = 64;
    private static final int MAX_SEARCHED_RINGS = 16;
    private static final double[] NVLINK_GBPS_PER_LINK = { 20.0, 20.0, 20.6, 40.1 };

    private NcclChannels() {
    }

    /**
     * The communicator's channels over {@code nodes} nodes whose accelerators have {@code
     * scaleUpBytesPerSecond} of scale-up bandwidth each (0 without scale-up) and {@code nics} NICs
     * per node.
     */
    public static int communicator(Generation generation, double scaleUpBytesPerSecond, int nics, int nodes) {
        int rings;
        if (nodes > 1 || scaleUpBytesPerSecond <= 0) {
            rings = Math.max(1, nics);
        } else {
            double links = scaleUpBytesPerSecond / 1e9 / NVLINK_GBPS_PER_LINK[generation.ordinal()];
            rings = (int) Math.ceil(links - 1e-9);
        }
        rings = Math.max(1, Math.min(MAX_SEARCHED_RINGS, rings));
        return Math.min(MAX_CHANNELS, 2 * rings);
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

    /** The channels one call of {@code sizeBytes} runs on with {@code protocol} over a ring or tree. */
    public static int perCall(int channels, Protocol protocol, boolean ring, int ranks, long sizeBytes) {
        long threads = protocol == Protocol.LL128 ? 640 : 512;
        long threshold = protocol == Protocol.SIMPLE ? 64 : protocol == Protocol.LL && ring ? 8L * ranks : 8;
        int nc = channels;
        while (nc >= 2 && sizeBytes < nc * threads * threshold) {
            nc--;
        }
        return nc;
    }
}
