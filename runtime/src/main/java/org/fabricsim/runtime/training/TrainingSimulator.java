package org.fabricsim.runtime.training;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.analysis.Memory;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.ModelFlops;
import org.fabricsim.runtime.reliability.DegradedFabric;
import org.fabricsim.runtime.reliability.PartCounts;
import org.fabricsim.runtime.reliability.ReliabilityMetrics;
import org.fabricsim.runtime.reliability.Straggler;
import org.fabricsim.runtime.reliability.TimeToTrain;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.study.InfeasibleRunException;

/**
 * The training entry point: one step of a {@link TrainingSpec} on the engine's network model,
 * reported as a {@link RunResult} of kind {@code training}.
 *
 * <p>MFU = model FLOPs per step ÷ (step time × accelerators × dense BF16 peak, a mixed cluster's
 * mean) with model FLOPs per token from {@link ModelFlops#perToken}; HFU adds recomputation; memory per accelerator is the
 * validation's {@link Memory#training} (one memory model for the validator and the engine); cost per hour =
 * $/accelerator-hour × accelerators, per step = that × step ÷ 3600 s, and one MFU point for a
 * year = cost per hour × 8,760 h ÷ 100 (docs/metrics.md). An MoE run reports its routing
 * ({@code capacityFactor}, 0 for dropless, and {@code routingSkew}) and the busiest EP rank's
 * dropped-token fraction ({@link org.fabricsim.runtime.spec.ExpertRoutingSpec#droppedTokenFraction});
 * its MFU still counts every routed token's FLOPs. A cluster with a {@code reliability} adds
 * interruptions, ETTR and goodput ({@link ReliabilityMetrics}); a job with a token budget its time
 * to train and that time's cost ({@link TimeToTrain}).
 */
public final class TrainingSimulator {
    /** The kind of the run results. */
    public static final String KIND = "training";
    /**
     * Seed of the ECMP hashes and the reliability Monte Carlo when the caller gives none, and of every training in a
     * study that states no seed ({@code RunSeeds}): the seed the calibrated training figures were measured with.
     */
    public static final long SEED = 1;
    private static final double HOURS_PER_YEAR = 8760;
    private static final double SECONDS_PER_HOUR = 3600;

    private TrainingSimulator() {
    }

    /** Simulates one step of {@code spec} with the default seed. */
    public static RunResult run(TrainingSpec spec) {
        return run(spec, SEED);
    }

    /** Simulates one step of {@code spec} with the default calibration profile; {@code seed} seeds the ECMP hashes. */
    public static RunResult run(TrainingSpec spec, long seed) {
        return run(spec, CalibrationProfile.defaults(), seed);
    }

    /**
     * Simulates one step of {@code spec} with the constants of {@code profile}; {@code seed} seeds the
     * ECMP hashes, so equal seeds and profiles give equal results. A step whose pipeline schedule would not fit
     * the heap ({@link ScheduleEstimate}) is refused as infeasible before it runs.
     */
    public static RunResult run(TrainingSpec spec, CalibrationProfile profile, long seed) {
        long heapBytes = Runtime.getRuntime().maxMemory();
        ScheduleEstimate schedule = ScheduleEstimate.of(spec);
        if (!schedule.fits(heapBytes)) {
            throw new InfeasibleRunException(schedule.refusal(heapBytes, "training " + spec.name()));
        }
        return new TrainingRuns(spec, seed).run(profile);
    }

    /**
     * The result of {@code step} of a job on {@code parts}, with its step times on the fabric with
     * one part failed in {@code degraded} (null when no failure degrades it) and with its straggler
     * in {@code straggler} (null without one); {@code seed} seeds the reliability Monte Carlo.
     */
    static RunResult result(TrainingSpec spec, StepBreakdown step, PartCounts parts, DegradedFabric degraded,
            Straggler straggler, long seed, double wallSeconds) {
        ParallelismSpec par = spec.parallel();
        Map<String, Object> parameters = new LinkedHashMap<>();
        ClusterSpec cluster = spec.cluster();
        parameters.put("cluster", cluster.name());
        if (cluster.node().scaleUp() != null && cluster.node().scaleUp().fabric() != null) {
            parameters.put("scaleUpFabric", cluster.node().scaleUp().fabric().name());
        }
        if (cluster.scaleOut() != null && cluster.scaleOut().fabric() != null) {
            parameters.put("scaleOutFabric", cluster.scaleOut().fabric().name());
        }
        parameters.put("accelerators", spec.accelerators());
        parameters.put("tp", par.tensor());
        parameters.put("pp", par.pipeline());
        parameters.put("dp", par.data());
        parameters.put("cp", par.context());
        parameters.put("cpMode", par.contextMode().keyword());
        parameters.put("ep", par.expert());
        if (spec.model().moe()) {
            parameters.put("capacityFactor", par.expertRouting().capacityFactor());
            parameters.put("routingSkew", par.expertRouting().routingSkew());
        }
        parameters.put("sequence", spec.sequence());
        parameters.put("globalBatch", spec.globalBatchSequences());
        parameters.put("microBatches", step.plan().microBatches());
        parameters.put("virtualStages", step.plan().chunks());

        double tokens = (double) spec.globalBatchSequences() * spec.sequence();
        double modelFlops = ModelFlops.perToken(spec.model(), spec.sequence()) * tokens;
        double seconds = step.stepSeconds();
        double peak = spec.cluster().meanBf16FlopsPerSecond(spec.accelerators());
        double mfu = modelFlops / (seconds * spec.accelerators() * peak);
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("stepTimeSeconds", seconds);
        metrics.put("mfu", mfu);
        metrics.put("hfu", mfu * step.recomputeFactor());
        metrics.put("tflopsPerAccelerator", modelFlops / seconds / spec.accelerators() / 1e12);
        metrics.put("tokensPerSecond", tokens / seconds);
        metrics.put("bubbleFraction", step.bubbleSeconds() / seconds);
        metrics.put("stageImbalanceFraction", step.imbalanceSeconds() / seconds);
        metrics.put("exposedCommunicationFraction", step.exposedCommunicationSeconds() / seconds);
        Map<String, Object> exposed = new LinkedHashMap<>();
        exposed.put("tp", step.tpSeconds());
        exposed.put("pp", step.ppSeconds());
        exposed.put("dp", step.dpSeconds());
        exposed.put("cp", step.cpSeconds());
        exposed.put("ep", step.epSeconds());
        metrics.put("exposedCommunicationSeconds", exposed);
        Memory.Breakdown memory = Memory.training(spec);
        metrics.put("memoryPerAcceleratorBytes", memory.totalBytes());
        metrics.put("memoryCapacityBytes", cluster.smallestMemoryBytes(spec.accelerators()));
        metrics.put("memoryBreakdownBytes", memory.trainingComponents());
        if (spec.model().moe()) {
            metrics.put("droppedTokenFraction", par.expertRouting().droppedTokenFraction());
        }
        metrics.put("timeline", step.schedule().toTimeline(step.plan().chunks() > 1
                || spec.schedule() == PipelineSchedule.DUALPIPE));
        if (!step.linkUtilization().isEmpty()) {
            Map<String, Object> tiers = new LinkedHashMap<>();
            step.linkUtilization().forEach((tier, utilization) -> tiers.put(tier, utilization.toJson()));
            metrics.put("linkUtilization", tiers);
        }
        double tokensPerWallSecond = cluster.reliability() == null ? tokens / seconds
                : ReliabilityMetrics.put(cluster.reliability(), parts, seconds, degraded, straggler, tokens / seconds,
                        mfu, seed, metrics);
        if (spec.trainTokens() > 0) {
            TimeToTrain.put(spec.trainTokens(), tokensPerWallSecond, spec.accelerators(), cluster.cost(), metrics);
        }
        if (cluster.cost() != null) {
            double perHour = cluster.cost().dollarsPerHour() * spec.accelerators();
            metrics.put("costPerHour", perHour);
            metrics.put("costPerStep", perHour * seconds / SECONDS_PER_HOUR);
            metrics.put("costPerMillionTokens", perHour * seconds / SECONDS_PER_HOUR / tokens * 1e6);
            metrics.put("costPerMfuPointPerYear", perHour * HOURS_PER_YEAR / 100);
        }
        return new RunResult(spec.name(), KIND, parameters, metrics, wallSeconds);
    }

    /** Rejects a job whose plan does not fill it or does not fit on its cluster. */
    static void check(TrainingSpec spec) {
        int planned = spec.parallel().accelerators();
        if (planned != spec.accelerators()) {
            throw new IllegalArgumentException(spec.name() + ": the parallel plan occupies " + planned
                    + " accelerators (TP x PP x DP x CP) but the job uses " + spec.accelerators());
        }
        if (planned > spec.cluster().accelerators()) {
            throw new IllegalArgumentException(spec.name() + ": " + planned + " accelerators requested, the cluster "
                    + spec.cluster().name() + " has " + spec.cluster().accelerators());
        }
    }
}
