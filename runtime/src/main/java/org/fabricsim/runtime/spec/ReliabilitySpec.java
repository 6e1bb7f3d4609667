package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * How often parts fail and what a failure costs a training job.
 *
 * @param name                       qualified name
 * @param mtbf                       mean time between failures per part
 * @param checkpointIntervalSeconds  time between checkpoints; 0 for none
 * @param checkpointSeconds          time one checkpoint stalls training
 * @param restartSeconds             time from a failure to training again, before lost work
 */
public record ReliabilitySpec(String name, List<Mtbf> mtbf, double checkpointIntervalSeconds, double checkpointSeconds,
        double restartSeconds) {

    public ReliabilitySpec {
        mtbf = List.copyOf(mtbf);
    }

    /** Mean time between failures of one part. */
    public record Mtbf(Component component, double seconds) {
    }

    /** Parts that fail. */
    public enum Component {
        ACCELERATOR, NIC, SWITCH, NODE, LINK
    }
}
