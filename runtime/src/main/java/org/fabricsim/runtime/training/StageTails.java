package org.fabricsim.runtime.training;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.TransformerCompute;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.Sharding;

/**
 * The end of a {@link TrainingStep} on each pipeline stage after its pipeline tasks: data-parallel gradient
 * reduction, the optimizer and the ZeRO-1/2 parameter gather, and the stage that finishes last.
 *
 * <p>With overlap fraction ω (the routed experts' weights over the expert data-parallel group instead, {@link
 * DataParallelSync#ringSeconds}): the gradients of chunk c (FP32, or FP16 when training in FP16: {@link
 * ComputeCalibration#gradientReduceBytes}) are ready progressively over its last backward (duration b), so their
 * reduce-scatter (all-reduce without sharding) starts at max(previous end, ready − ω·b + (1 − ω)·(last − ready)),
 * last the time the stage's last chunk's gradients are ready: only the share ω may hide behind backward, that of
 * later chunks included (without overlap, Megatron-LM without {@code --overlap-grad-reduce}, every chunk reduces
 * after the stage's last backward; with one chunk per stage, ready − ω·b), and ends no earlier than
 * ready + RS ÷ layers (the last bucket; an all-reduce, twice the RS plus NCCL's ring plateau across domains, {@link
 * DataParallelSync#reduceSeconds}, also when the stack all-reduces sharded gradients, {@link
 * org.fabricsim.runtime.spec.SoftwareSpec#allReducesShardedGradients}); the tail past the stage's compute is exposed.
 * Then the optimizer (memory-bound Adam over the rank's shard, the zeroing of the FP32 gradient buffer: every local
 * parameter, the shard under ZeRO-3/FSDP, and the profile's fixed per-step cost {@link
 * ComputeCalibration#STEP_OVERHEAD}), then the BF16 parameter all-gather (ZeRO-1/2), chunk by chunk, each needed by
 * its chunk's first forward of the next step and hidden up to then (see {@link DataParallelSync#gatherSeconds}).
 * ZeRO-3/FSDP reduce and gather inside the tasks instead. A hidden reduction or gather holds {@link
 * org.fabricsim.runtime.compute.Device#collectiveSmShare} of the SMs, charged with the exposed time. O(P·v log v)
 * plus the timer's solves.
 *
 * @param stepSeconds       the step: the latest stage's end, optimizer and exposed data parallelism
 * @param critical          the stage that sets it
 * @param dpExposedSeconds  that stage's exposed data-parallel time, SM contention included
 */
record StageTails(double stepSeconds, int critical, double dpExposedSeconds) {

    /**
     * What the model chunks hold and take, indexed by model chunk: their local {@code parameters} ({@code
     * expertParameters} of them routed experts') and the seconds of one micro-batch's {@code forward}, {@code
     * backward} and split-off {@code weight} gradient pass.
     */
    record Chunks(double[] parameters, double[] expertParameters, double[] forward, double[] backward,
            double[] weight) {
    }

    /**
     * How a stage's gradients and parameters move: collectives timed by {@code timer}, the routed experts' over the
     * expert data-parallel group of {@code expertData} ranks; reduced and gathered inside the pipeline tasks ({@code
     * perTaskGather}, ZeRO-3/FSDP) or after them; {@code bytesPerGradient} per reduced gradient, each ring step beside
     * a pipeline send of {@code pipelineBytes}; a hidden collective holding {@code smShare} of the SMs.
     */
    record Sync(CollectiveTimer timer, int expertData, boolean perTaskGather, double bytesPerGradient,
            double pipelineBytes, double smShare) {
    }

    /**
     * The tails of the stages of {@code actual}, the pipeline run of {@code spec} on {@code plan} whose model chunks
     * are {@code chunks}, their data parallelism moving as {@code sync} states; the optimizer costs {@code
     * compute}'s passes and {@code profile}'s fixed per-step cost; the reductions and optimizer steps go to {@code
     * schedule}.
     */
    static StageTails of(TrainingSpec spec, StepPlan plan, CalibrationProfile profile, TransformerCompute compute,
            PipelineTimeline actual, ScheduleLog schedule, Chunks chunks, Sync sync) {
        int edp = sync.expertData();
        double[] parameters = chunks.parameters();
        double[] expertParameters = chunks.expertParameters();
        int dp = spec.parallel().data();
        double stepOverhead = profile.has(ComputeCalibration.STEP_OVERHEAD)
                ? profile.value(ComputeCalibration.STEP_OVERHEAD) : 0;
        int p = plan.stages();
        double stepSeconds = 0;
        int critical = 0;
        double[] dpExposed = new double[p];
        boolean allReduce = spec.allReducesGradients();
        for (int s = 0; s < p; s++) {
            double end = actual.endSeconds()[s];
            double commEnd = 0;
            double reduceSeconds = 0;
            double stageParameters = 0;
            double stageExperts = 0;
            int[] order = DataParallelSync.chunksInOrder(actual.gradientsReady(), actual, s);
            double lastReady = 0;
            for (int c : order) {
                lastReady = Math.max(lastReady, actual.gradientsReady()[actual.modelChunk(c, s)]);
            }
            for (int c : order) {
                int gc = actual.modelChunk(c, s);
                stageParameters += parameters[gc];
                stageExperts += expertParameters[gc];
                if (sync.perTaskGather()) {
                    continue;
                }
                double reduce = DataParallelSync.reduceSeconds(sync.timer(), dp, edp, parameters[gc],
                        expertParameters[gc], sync.bytesPerGradient(), sync.pipelineBytes(), allReduce);
                reduceSeconds += reduce;
                double ready = actual.gradientsReady()[gc];
                double lastBackward = chunks.backward()[gc] + chunks.weight()[gc];
                double start = Math.max(commEnd,
                        ready - spec.overlap() * lastBackward + (1 - spec.overlap()) * (lastReady - ready));
                commEnd = Math.max(start + reduce, ready + reduce / Math.max(1, plan.layers(gc)));
                schedule.add(s, ScheduleLog.REDUCE, -1, gc, start, reduce);
            }
            double tail = Math.max(0, commEnd - end);
            boolean sharded = spec.sharding() != Sharding.NONE;
            double shard = DataParallelSync.shard(stageParameters, stageExperts, dp, edp);
            double optimizer = compute.optimizerSeconds(sharded ? shard : stageParameters)
                    + compute.gradientResetSeconds(sync.perTaskGather() ? shard : stageParameters,
                            sync.bytesPerGradient())
                    + stepOverhead;
            double[] gather = spec.sharding() == Sharding.ZERO_1 || spec.sharding() == Sharding.ZERO_2
                    ? DataParallelSync.gatherSeconds(sync.timer(), dp, edp, spec.overlap(), actual, s, parameters,
                            expertParameters, chunks.forward())
                    : new double[2];
            double hidden = reduceSeconds - tail + gather[0] - gather[1];
            dpExposed[s] = tail + gather[1] + sync.smShare() * hidden;
            double stageStep = end + optimizer + dpExposed[s];
            schedule.add(s, ScheduleLog.OPTIMIZER, -1, -1, end + dpExposed[s], optimizer);
            if (stageStep > stepSeconds) {
                stepSeconds = stageStep;
                critical = s;
            }
        }
        return new StageTails(stepSeconds, critical, dpExposed[critical]);
    }
}
