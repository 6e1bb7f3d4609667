package org.fabricsim.runtime.training;

/**
 * Where the time of one step goes, on the stage that finishes last.
 *
 * @param stepSeconds        the step
 * @param bubbleSeconds      idle time of the pipeline with free communication
 * @param tpSeconds          exposed TP communication
 * @param ppSeconds          idle time added by pipeline sends
 * @param dpSeconds          exposed DP communication (gradient reduction and parameter gathering)
 * @param cpSeconds          exposed CP communication
 * @param epSeconds          exposed EP communication
 * @param recomputeFactor    executed FLOPs with recomputation ÷ without (HFU ÷ MFU)
 * @param plan               the step's shape
 */
public record StepBreakdown(double stepSeconds, double bubbleSeconds, double tpSeconds, double ppSeconds,
        double dpSeconds, double cpSeconds, double epSeconds, double recomputeFactor, StepPlan plan) {

    /** All exposed communication. */
    public double exposedCommunicationSeconds() {
        return tpSeconds + ppSeconds + dpSeconds + cpSeconds + epSeconds;
    }
}
