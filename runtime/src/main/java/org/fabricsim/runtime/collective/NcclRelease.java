package org.fabricsim.runtime.collective;

/**
 * The NCCL release whose tuning tables choose a call's algorithm ({@link NcclEstimate}), where a run states
 * it or its date bounds it. Only what differs between releases in {@code src/graph/tuning.cc} for the
 * algorithms the engine estimates is held here, and only the choice reads it: the simulated time keeps the
 * newest release's constants ({@link NcclTuning}), NCCL's latest measurement of the hardware.
 */
public enum NcclRelease {
    /**
     * NCCL 2.26.2 to 2.27.7 (tags v2.26.2-1, v2.26.6-1, v2.27.3-1, v2.27.7-1 read): hwLatencies[NET][NVLSTree][Simple]
     * 14 µs, and NVLSTree's bandwidth is its graph's, with no perChMaxNVLSTreeBws cap.
     */
    NCCL_2_26(14.0, false),
    /**
     * NCCL 2.28.9 to 2.30.7: hwLatencies[NET][NVLSTree][Simple] 20.9 µs (from 2.28.9) and NVLSTree capped at
     * perChMaxNVLSTreeBws per head (from 2.28.3). The engine's default.
     */
    NCCL_2_30(20.9, true);

    private final double nvlsTreeNetUs;
    private final boolean capsNvlsTreePerHead;

    NcclRelease(double nvlsTreeNetUs, boolean capsNvlsTreePerHead) {
        this.nvlsTreeNetUs = nvlsTreeNetUs;
        this.capsNvlsTreePerHead = capsNvlsTreePerHead;
    }

    /** hwLatencies[NET][NVLSTree][Simple], µs: one level of NVLSTree's trees across nodes. */
    public double nvlsTreeNetUs() {
        return nvlsTreeNetUs;
    }

    /** Whether the release caps NVLSTree across nodes at perChMaxNVLSTreeBws per head. */
    public boolean capsNvlsTreePerHead() {
        return capsNvlsTreePerHead;
    }
}
