package org.fabricsim.dsl.model;

import org.fabricsim.dsl.fabric.Reliability;
import org.fabricsim.dsl.units.Units;

/** The stall of one checkpoint as a reliability states it, for the mapping and the validation alike. */
public final class Checkpoints {
    private Checkpoints() {
    }

    /**
     * Seconds one checkpoint stalls training: {@code taking T} as written, or {@code writing B at W} as
     * B ÷ W; 0 when the reliability does not checkpoint or the bandwidth is not positive.
     */
    public static double seconds(Reliability reliability) {
        if (reliability.getCheckpointTime() != null) {
            return Units.seconds(reliability.getCheckpointTime());
        }
        if (reliability.getCheckpointSize() == null || reliability.getStorageBandwidth() == null) {
            return 0;
        }
        double bytesPerSecond = Units.bytesPerSecond(reliability.getStorageBandwidth());
        return bytesPerSecond > 0 ? Units.bytes(reliability.getCheckpointSize()) / bytesPerSecond : 0;
    }
}
