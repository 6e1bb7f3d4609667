package org.fabricsim.runtime.training;

import java.util.List;
import java.util.Map;

/**
 * Where the time of one step goes, on the stage that finishes last.
 *
 * @param stepSeconds        the step
 * @param bubbleSeconds      idle time of the pipeline with free communication
 * @param tpSeconds          exposed TP communication
 * @param ppSeconds          idle time added by pipeline sends
 * @param dpSeconds          exposed DP communication (gradient reduction and parameter gathering), plus the
 *                           compute lost to the SMs that hidden DP collectives hold
 * @param cpSeconds          exposed CP communication
 * @param epSeconds          exposed EP communication (with DualPipe, plus the SM share of the hidden part)
 * @param recomputeFactor    executed FLOPs with recomputation ÷ without (HFU ÷ MFU)
 * @param plan               the step's shape
 * @param linkUtilization    per link tier, each link's average utilization over the step (empty
 *                           when the timer keeps no link traffic)
 */
public record StepBreakdown(double stepSeconds, double bubbleSeconds, double tpSeconds, double ppSeconds,
        double dpSeconds, double cpSeconds, double epSeconds, double recomputeFactor, StepPlan plan,
        Map<String, List<Double>> linkUtilization) {

    /** All exposed communication. */
    public double exposedCommunicationSeconds() {
        return tpSeconds + ppSeconds + dpSeconds + cpSeconds + epSeconds;
    }
}
