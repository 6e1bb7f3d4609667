package org.fabricsim.runtime.training;

import java.util.Map;

/**
 * Where the time of one step goes, seen from the pipeline's bottleneck stage ({@link PipelineIdle}):
 * its compute and the communication exposed inside its tasks (TP, CP, EP, ZeRO-3/FSDP), the bubble
 * around its work, the idle time pipeline sends add, and the data-parallel tail and optimizer of
 * the stage that finishes last. The parts add up to the step; {@code imbalanceSeconds} does not
 * belong to them (it is idle time of the other stages).
 *
 * @param stepSeconds        the step
 * @param bubbleSeconds      the schedule's bubble with free communication: the critical stage's end
 *                           minus the bottleneck stage's work: every second that stage waits for another, whatever
 *                           the other runs (its exchange included); the stage's own exposed exchange is in its axis's
 *                           part ({@link PipelineIdle})
 * @param imbalanceSeconds   the time the average stage idles because it has less work than the
 *                           bottleneck stage (0 when the stages are balanced)
 * @param tpSeconds          exposed TP communication
 * @param ppSeconds          idle time added by pipeline sends
 * @param dpSeconds          exposed DP communication (gradient reduction and parameter gathering), plus the
 *                           compute lost to the SMs that hidden DP collectives hold
 * @param cpSeconds          exposed CP communication
 * @param epSeconds          exposed EP communication (with DualPipe, plus the SM share of the hidden part and the
 *                           all-to-all of the tasks run outside an F&amp;B pair)
 * @param recomputeFactor    executed FLOPs with recomputation ÷ without (HFU ÷ MFU)
 * @param plan               the step's shape
 * @param linkUtilization    per link tier, the summary of each link's average utilization over the
 *                           step (empty when the timer keeps no link traffic)
 * @param schedule           every stage's tasks, sends, gradient reductions and optimizer as they ran
 */
public record StepBreakdown(double stepSeconds, double bubbleSeconds, double imbalanceSeconds, double tpSeconds,
        double ppSeconds, double dpSeconds, double cpSeconds, double epSeconds, double recomputeFactor, StepPlan plan,
        Map<String, TierUtilization> linkUtilization, ScheduleLog schedule) {

    /** All exposed communication. */
    public double exposedCommunicationSeconds() {
        return tpSeconds + ppSeconds + dpSeconds + cpSeconds + epSeconds;
    }
}
