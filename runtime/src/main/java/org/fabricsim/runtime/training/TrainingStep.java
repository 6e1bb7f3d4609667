package org.fabricsim.runtime.training;

import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.CausalPairs;
import org.fabricsim.runtime.compute.ComputeCalibration;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.compute.PassTime;
import org.fabricsim.runtime.compute.TransformerCompute;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.fabricsim.runtime.spec.TrainingSpec.Recompute;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * One training step: compute per model chunk, the communication of each parallel axis timed by a
 * {@link CollectiveTimer}, the pipeline DAG ({@link PipelineExecutor}), then data-parallel
 * gradient reduction, optimizer and parameter gathering per stage.
 *
 * <p>Symmetry: every DP replica runs the same pipeline, every dense (or MoE) layer costs the same,
 * so one layer of each kind and one replica's pipeline are computed; the timer puts all replicas'
 * traffic on the fabric at once.
 *
 * <p>Per layer and micro-batch (T = micro-batch × s ÷ CP tokens, bytes e = 2): TP issues 4 ring
 * collectives forward and 4 backward over T·h·e (all-gather/reduce-scatter with sequence
 * parallelism; two all-reduces without, the same ring volume; half as many in a parallel block,
 * {@link TransformerSpec#tensorReductionsPerLayer}), 4 more backward with full recompute; CP
 * all-gathers K and V forward, gathers them again and reduce-scatters their gradients backward, or
 * passes them around the CP ring behind the attention compute ({@link ContextExchange}); EP runs
 * dispatch and combine forward and backward, each rank sending (T/TP)·k·h bytes (FP8 dispatch
 * when training in FP8) and the busiest rank of each EP group receiving L = min(skew, capacity)
 * times that ({@link org.fabricsim.runtime.spec.ExpertRoutingSpec}; the DeepEP dispatcher deduplicates
 * the copies per destination domain, {@link DeduplicatedDispatch}), whose all-to-all and expert
 * GEMMs set the layer's time. TP, CP and EP time adds to the task (exposed); DualPipe overlaps EP with
 * the chunk's compute up to the overlap fraction, but only in its F&amp;B pairs: a forward or backward run alone
 * (warm-up, cool-down) exposes the dispatch and combine a pair hides ({@link PipelineExecutor}; deepseek-ai/DualPipe
 * at 3da1bbe runs the module's {@code overlapped_forward_backward} only for a pair, and its README's schedule marks
 * only pairs as "mutually overlapped computation and communication"). Pipeline sends carry T·h·e (÷TP with sequence
 * parallelism). The model's multi-token prediction modules run on the last chunk: their layers are the plan's last
 * ({@link StepPlan}), their projections and output heads beside the model's ({@link TransformerCompute#predictionModule};
 * DeepSeek-V3's DualPipe keeps them on the output head's rank, §3.2.1).
 *
 * <p>Data parallelism, per stage: after its pipeline tasks each stage reduces its chunks' gradients, steps the
 * optimizer and gathers its ZeRO-1/2 parameters ({@link StageTails}). ZeRO-3/FSDP gather parameters before every
 * forward and backward and reduce-scatter after every backward, hidden up to overlap fraction ω × the task's compute.
 * A stack that passes over its parameters or gradients outside the GEMMs on the compute stream ({@link
 * org.fabricsim.runtime.spec.SoftwareSpec#gradientAccumulationBytes}: DeepSpeed's FP32 accumulation, FSDP's flat
 * gradient or copy-outs, over the unsharded chunk) adds that pass over the chunk's local parameters to every
 * micro-batch's backward (to W when weights are split). DualPipe ranks hold two chunks (stages
 * s and P − 1 − s, M/2 micro-batches each), so they reduce, update and gather both.
 *
 * <p>Breakdown: the communication inside the tasks (TP, CP, EP, ZeRO-3/FSDP) is that of the
 * bottleneck stage, the bubble and the stage imbalance are {@link PipelineIdle}'s, the DP tail
 * that of the stage that finishes last.
 *
 * <p>SM contention: a collective hidden behind compute holds {@link Device#collectiveSmShare} of
 * the SMs, so every second of hidden DP (and DualPipe EP) communication costs that share of a
 * second of compute, charged with the axis's exposed time (the stage is assumed to compute
 * throughout the hidden window). DeepEP's (SM-bound) kernels beside a pair's compute run at the clock the power cap
 * leaves, κ = {@link Device#normalKernelClock}, as in serving's two-batch overlap: the part a (time alone) of the
 * chunk's exchange e that hides is min(e, κ·ω·compute), held a ÷ κ, so the pair exposes e − a + σ·a ÷ κ; the
 * all-to-all dispatcher (NCCL, not shown SM-bound) keeps κ = 1. Where the plan states its
 * {@link ExpertRoutingSpec#communicationSms} (DeepSeek-V3's 20 of 132) for DeepEP's kernels they are dedicated for the
 * whole pair instead, and the MoE layers' compute runs on the SMs left ({@link PairedExchange}). Cost: O(P·tasks)
 * for the DAG plus a handful of network solves.
 */
public final class TrainingStep {
    private TrainingStep() {
    }

    /**
     * Ring collectives over T·h·e across TP in one pass of one layer: each of the layer's reductions
     * ({@link TransformerSpec#tensorReductionsPerLayer}) is a reduce-scatter and an all-gather with
     * sequence parallelism, or an all-reduce of the same ring volume without. O(1).
     */
    static int tensorRings(TransformerSpec model) {
        return 2 * model.tensorReductionsPerLayer();
    }

    /**
     * Simulates one step of {@code spec} with communication timed by {@code timer} and the fitted
     * constants of {@code profile}, its micro-batch's routing sampled afresh ({@link SampledRouting}).
     */
    public static StepBreakdown simulate(TrainingSpec spec, StepPlan plan, CollectiveTimer timer,
            CalibrationProfile profile) {
        return simulate(spec, plan, timer, profile, new SampledRouting(), 1);
    }

    /**
     * The step with one accelerator of pipeline stage 0 computing at {@code stageZeroSpeed} (in
     * (0, 1]) of its rate: its TP group and stage wait for it, so the compute of the chunks stage 0
     * holds ({@link StepPlan#stageOf}) takes 1 ÷ speed as long, and the pipeline and the DP
     * reduction wait for that stage as its tasks dictate. Communication, the optimizer and the other
     * stages keep their times. With DualPipe the chunk of stage 0 also slows on the stage that holds
     * its mirror (an overestimate). The micro-batch's routing comes from {@code routings}, the caller's
     * context that keeps the sampled maxima from one step to the next.
     */
    public static StepBreakdown simulate(TrainingSpec spec, StepPlan plan, CollectiveTimer timer,
            CalibrationProfile profile, SampledRouting routings, double stageZeroSpeed) {
        TransformerSpec model = spec.model();
        ParallelismSpec par = spec.parallel();
        int tp = par.tensor();
        int dp = par.data();
        boolean sp = par.sequenceParallel() && tp > 1;
        double kernelSeconds = profile.value(ComputeCalibration.KERNEL_OVERHEAD);
        double tokens = (double) spec.microBatch() * spec.sequence() / par.context();
        ExpertRoutingSpec routing = routings.of(spec);
        double expertLoad = routing.busiestLoad();
        CausalPairs pairs = CausalPairs.perRank(par.contextMode(), par.context(), spec.sequence());
        double bytesPerGradient = ComputeCalibration.gradientReduceBytes(spec.precision());
        AcceleratorSpec pacing = PacingAccelerator.of(spec, profile, d -> new TransformerCompute(d, model, tokens,
                spec.sequence(), tp, par.expert(), expertLoad, sp, spec.recompute(), spec.recomputeModules(),
                spec.software(), kernelSeconds, pairs, bytesPerGradient).layer(model.moe()));
        Device device = Device.forTraining(pacing, spec.precision(), spec.fp8Scaling(), profile);
        double smShare = device.collectiveSmShare();
        int epSms = par.expertRouting().communicationSms();
        double epSmShare = epSms == ExpertRoutingSpec.SMS_NOT_STATED ? smShare : device.smShare(epSms);
        TransformerCompute compute = new TransformerCompute(device, model, tokens, spec.sequence(), tp,
                par.expert(), expertLoad, sp, spec.recompute(), spec.recomputeModules(), spec.software(), kernelSeconds,
                pairs, bytesPerGradient);
        TransformerCompute plain = new TransformerCompute(device, model, tokens, spec.sequence(), tp,
                par.expert(), expertLoad, sp, Recompute.NONE, List.of(), spec.software(), kernelSeconds, pairs,
                bytesPerGradient);
        PassTime dense = compute.layer(false);
        PassTime moe = model.moe() ? compute.layer(true) : PassTime.ZERO;
        PassTime denseNoRecompute = plain.layer(false);
        PassTime moeNoRecompute = model.moe() ? plain.layer(true) : PassTime.ZERO;

        double e = Precision.BF16.bytes();
        double tpPass = tensorRings(model) * timer.ringSeconds(Axis.TENSOR, tp, tokens * model.hidden() * e, 0)
                + (sp ? 0 : model.tensorReductionsPerLayer() * timer.allReducePlateauSeconds(Axis.TENSOR, tp));
        PassTime gemms = compute.denseGemms();
        double tpForward = TensorOverlap.exposedSeconds(spec.tensorOverlap(), tpPass,
                gemms.forwardSeconds(), tp, smShare);
        double tpBackward = (spec.recompute() == Recompute.FULL ? 2 : 1) * TensorOverlap.exposedSeconds(
                spec.tensorOverlap(), tpPass, gemms.backwardSeconds(), tp, smShare);
        double kvBytes = 2 * tokens * par.context() * Math.max(1.0, model.kvHeads() / (double) tp) * model.headDim() * e;
        ContextExchange cp = ContextExchange.of(par.contextMode(), par.context(), kvBytes, compute.attentionCore(),
                smShare, timer);
        double dispatchElement = Device.dispatchElementBytes(pacing, spec.precision(), model.hidden());
        double routedBytes = tokens / tp * model.topK() * model.hidden();
        DeduplicatedDispatch dedup = DeduplicatedDispatch.of(model, routing);
        double exchangeClock = dedup != null ? Device.normalKernelClock(pacing) : 1;
        double epPerPass = model.moe()
                ? timer.expertAllToAllSeconds(routedBytes * dispatchElement, routing, dedup)
                        + timer.expertAllToAllSeconds(routedBytes * e, routing, dedup) : 0;
        double ppBytes = tokens * model.hidden() * e / (sp ? tp : 1);
        double send = timer.pipelineSendSeconds(ppBytes);

        int g = plan.modelChunks();
        double[] forward = new double[g];
        double[] backward = new double[g];
        double[] weight = new double[g];
        double[] tpChunk = new double[g];
        double[] cpChunk = new double[g];
        double[] epChunk = new double[g];
        double[] epAlone = new double[g];
        double[] fsdpChunk = new double[g];
        double[] parameters = new double[g];
        double[] expertParameters = new double[g];
        int edp = Placement.of(par).expertData();
        boolean split = PipelineExecutor.splitsWeights(spec.schedule());
        boolean perTaskGather = spec.sharding().shardsWeights();
        double hardware = 0;
        double hardwarePlain = 0;
        for (int c = 0; c < g; c++) {
            int modules = plan.predictionModules(model, c);
            int layers = plan.layers(c);
            PassTime work = dense.times(plan.denseLayers()[c]).plus(moe.times(plan.moeLayers()[c]));
            PassTime work0 = denseNoRecompute.times(plan.denseLayers()[c])
                    .plus(moeNoRecompute.times(plan.moeLayers()[c]));
            if (c == 0) {
                work = work.plus(compute.embedding());
                work0 = work0.plus(compute.embedding());
            }
            if (c == g - 1) {
                work = work.plus(compute.logits()).plus(compute.predictionModule().times(modules));
                work0 = work0.plus(compute.logits()).plus(plain.predictionModule().times(modules));
            }
            hardware += work.hardwareFlops();
            hardwarePlain += work0.hardwareFlops();
            tpChunk[c] = layers * (tpForward + tpBackward);
            cpChunk[c] = layers * (cp.forwardSeconds() + cp.backwardSeconds());
            double ep = plan.moeLayers()[c] * 2 * epPerPass;
            double computeSeconds = work.forwardSeconds() + work.backwardSeconds();
            double expertCompute = plan.moeLayers()[c] * (moe.forwardSeconds() + moe.backwardSeconds());
            epChunk[c] = PairedExchange.chargedSeconds(ep, computeSeconds, expertCompute,
                    exchangeClock, spec.overlap(), epSmShare, spec.schedule() == PipelineSchedule.DUALPIPE,
                    dedup != null && epSms != ExpertRoutingSpec.SMS_NOT_STATED);
            epAlone[c] = (ep - epChunk[c]) / 2;
            parameters[c] = plan.chunkParameters(model, c, tp, par.expert());
            expertParameters[c] = plan.chunkExpertParameters(model, c, par.expert());
            double fwdComm = layers * (tpForward + cp.forwardSeconds()) + epChunk[c] / 2;
            double bwdComm = layers * (tpBackward + cp.backwardSeconds()) + epChunk[c] / 2;
            if (perTaskGather) {
                double gather = DataParallelSync.ringSeconds(timer, dp, edp, parameters[c],
                        expertParameters[c], ComputeCalibration.PARAMETER_GATHER_BYTES, 0);
                double scatter = DataParallelSync.ringSeconds(timer, dp, edp, parameters[c], expertParameters[c],
                        bytesPerGradient, 0);
                double hiddenF = spec.overlap() * work.forwardSeconds();
                double hiddenB = spec.overlap() * work.backwardSeconds();
                double exposedF = Math.max(0, gather - hiddenF) + smShare * Math.min(gather, hiddenF);
                double exposedB = Math.max(0, gather + scatter - hiddenB)
                        + smShare * Math.min(gather + scatter, hiddenB);
                fsdpChunk[c] = exposedF + exposedB;
                fwdComm += exposedF;
                bwdComm += exposedB;
            }
            double slow = plan.stageOf(c) == 0 ? 1 / stageZeroSpeed : 1;
            double accumulate = compute.gradientAccumulationSeconds(parameters[c]);
            forward[c] = slow * work.forwardSeconds() + fwdComm;
            backward[c] = slow * (work.backwardInputSeconds() + (split ? 0 : work.backwardWeightSeconds() + accumulate))
                    + bwdComm;
            weight[c] = split ? slow * (work.backwardWeightSeconds() + accumulate) : 0;
        }

        PipelineExecutor executor = new PipelineExecutor(spec.schedule(), plan.stages(), plan.chunks(),
                plan.microBatches(), forward, backward, weight, epAlone);
        ScheduleLog schedule = new ScheduleLog(plan.stages());
        PipelineTimeline actual = executor.run(send, schedule);
        PipelineTimeline ideal = executor.run(0);

        StageTails tails = StageTails.of(spec, plan, profile, compute, actual, schedule,
                new StageTails.Chunks(parameters, expertParameters, forward, backward, weight),
                new StageTails.Sync(timer, edp, perTaskGather, bytesPerGradient, ppBytes, smShare));
        int critical = tails.critical();

        PipelineIdle idle = PipelineIdle.of(ideal, critical);
        int mc = actual.microBatchesPerChunk(plan.microBatches());
        double tpExposed = 0;
        double cpExposed = 0;
        double epExposed = actual.aloneSeconds()[idle.bottleneck()];
        double fsdpExposed = 0;
        for (int c = 0; c < actual.chunks(); c++) {
            int gc = actual.modelChunk(c, idle.bottleneck());
            tpExposed += mc * tpChunk[gc];
            cpExposed += mc * cpChunk[gc];
            epExposed += mc * epChunk[gc];
            fsdpExposed += mc * fsdpChunk[gc];
        }
        double ppExposed = Math.max(0, actual.endSeconds()[critical] - ideal.endSeconds()[critical]);
        StepTraffic.count(timer, spec, plan, tokens * model.hidden() * e, cp,
                new double[] {routedBytes * dispatchElement, routedBytes * e}, routing, ppBytes, parameters,
                expertParameters);
        return new StepBreakdown(tails.stepSeconds(), idle.bubbleSeconds(), idle.imbalanceSeconds(), tpExposed,
                ppExposed, tails.dpExposedSeconds() + fsdpExposed, cpExposed, epExposed,
                hardwarePlain > 0 ? hardware / hardwarePlain : 1, plan, timer.linkUtilization(tails.stepSeconds()),
                schedule);
    }
}