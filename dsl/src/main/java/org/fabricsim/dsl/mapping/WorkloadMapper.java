package org.fabricsim.dsl.mapping;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.fabricsim.dsl.fabric.Activation;
import org.fabricsim.dsl.fabric.Block;
import org.fabricsim.dsl.fabric.Arrival;
import org.fabricsim.dsl.fabric.AttentionKernel;
import org.fabricsim.dsl.fabric.BatchUnit;
import org.fabricsim.dsl.fabric.ClosedLoopArrival;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Distribution;
import org.fabricsim.dsl.fabric.EmpiricalDistribution;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FixedDistribution;
import org.fabricsim.dsl.fabric.GradientReduction;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.KvTransfer;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.LognormalDistribution;
import org.fabricsim.dsl.fabric.PoissonArrival;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.SharedJob;
import org.fabricsim.dsl.fabric.Sharing;
import org.fabricsim.dsl.fabric.Slo;
import org.fabricsim.dsl.fabric.Software;
import org.fabricsim.dsl.fabric.TraceArrival;
import org.fabricsim.dsl.fabric.Traffic;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.UniformDistribution;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.model.NodeRanges;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.RecomputeModule;
import org.fabricsim.runtime.spec.SharedFabricSpec;
import org.fabricsim.runtime.spec.SoftwareSpec;
import org.fabricsim.runtime.spec.Fp8Scaling;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

import com.google.inject.Inject;

/**
 * The workload part of {@link SpecMapper}: training, inference (pools, traffic, SLOs) and jobs
 * sharing a cluster, with the transformer model and parallelism they share; collective and
 * expert-kernel benchmarks are {@link BenchmarkMapper}'s.
 */
final class WorkloadMapper {
    /** Overlap of DP communication with backward when the model does not say: full, as Megatron-Core's overlapped grad reduce. */
    private static final double DEFAULT_OVERLAP = 1.0;
    /** Requests drawn when the traffic does not say (a trace replays all its rows unless it says). */
    private static final int DEFAULT_REQUESTS = 10_000;

    @Inject
    private SpecNames names;
    @Inject
    private ClusterMapper clusters;
    @Inject
    private BenchmarkMapper benchmarks;

    /** One workload. */
    WorkloadSpec toWorkload(Workload workload) {
        if (workload instanceof Benchmark benchmark) {
            return benchmark.getExpertParallel() != null ? benchmarks.toExpertKernelBenchmark(benchmark)
                    : benchmarks.toBenchmark(benchmark);
        }
        if (workload instanceof Training training) {
            return toTraining(training);
        }
        if (workload instanceof Sharing sharing) {
            return toSharing(sharing);
        }
        return toInference((Inference) workload);
    }

    /**
     * A shared cluster: each job's benchmark, training job or serving deployment on its nodes ({@link
     * NodeRanges}); the validator admits only those.
     */
    SharedFabricSpec toSharing(Sharing sharing) {
        List<SharedFabricSpec.Job> jobs = new ArrayList<>();
        for (SharedJob job : sharing.getJobs()) {
            jobs.add(new SharedFabricSpec.Job(toWorkload(job.getWorkload()), NodeRanges.nodes(job)));
        }
        return new SharedFabricSpec(names.qualifiedName(sharing), clusters.toCluster(sharing.getCluster()), jobs);
    }

    TrainingSpec toTraining(Training training) {
        ClusterSpec cluster = clusters.toCluster(training.getCluster());
        int accelerators = training.getAccelerators() > 0 ? training.getAccelerators() : cluster.accelerators();
        long batch = training.getBatchUnit() == BatchUnit.TOKENS
                ? Math.max(1, training.getBatch() / training.getSequence()) : training.getBatch();
        TrainingSpec.PipelineSchedule schedule = training.getSchedule() == null
                || !Written.written(training, Literals.TRAINING__SCHEDULE) ? TrainingSpec.PipelineSchedule.ONE_F_ONE_B
                : TrainingSpec.PipelineSchedule.valueOf(training.getSchedule().getName());
        return new TrainingSpec(names.qualifiedName(training), toTransformer(training.getModel()), cluster, accelerators,
                training.getSequence(), batch, Math.max(1, training.getMicroBatch()),
                precision(training, Literals.TRAINING__PRECISION, training.getPrecision()),
                ParallelismMapper.toParallelism(training.getParallel()), schedule,
                Math.max(1, training.getVirtualStages()),
                TrainingSpec.Sharding.valueOf(training.getSharding().getName()),
                TrainingSpec.Recompute.valueOf(training.getRecompute().getName()),
                training.getOverlap() == null ? DEFAULT_OVERLAP : Units.fraction(training.getOverlap()),
                toSoftware(training.getSoftware()), training.isTensorOverlap(), trainTokens(training),
                fp8Scaling(training, Literals.TRAINING__FP8_SCALING, training.getFp8Scaling()),
                recomputeModules(training), training.isCollNet(),
                Algorithm.valueOf(training.getDataParallelAlgorithm().getName()));
    }

    /**
     * What selective recomputation runs again: the listed modules, the policy's defaults without a list or under
     * another policy (the validator warns of a list there).
     */
    private static List<RecomputeModule> recomputeModules(Training training) {
        TrainingSpec.Recompute recompute = TrainingSpec.Recompute.valueOf(training.getRecompute().getName());
        if (recompute != TrainingSpec.Recompute.SELECTIVE || training.getRecomputeModules().isEmpty()) {
            return RecomputeModule.defaults(recompute);
        }
        return training.getRecomputeModules().stream().map(m -> RecomputeModule.valueOf(m.getName())).toList();
    }

    /**
     * The FP8 scaling as written in {@code feature} of {@code owner} (a training's recipe, a deployment's
     * checkpoint); per tensor when it does not say.
     */
    private static Fp8Scaling fp8Scaling(EObject owner, EStructuralFeature feature,
            org.fabricsim.dsl.fabric.Fp8Scaling scaling) {
        return Written.written(owner, feature) && scaling == org.fabricsim.dsl.fabric.Fp8Scaling.BLOCKWISE
                ? Fp8Scaling.BLOCKWISE : Fp8Scaling.TENSOR;
    }

    /** The tokens of {@code train N [million|billion|trillion] tokens}; 0 when the training does not say. */
    private static double trainTokens(Training training) {
        if (training.getTrainTokens() == null) {
            return 0;
        }
        double scale = !Written.written(training, Literals.TRAINING__TOKEN_SCALE) ? 1
                : switch (training.getTokenScale()) {
                    case MILLION -> 1e6;
                    case BILLION -> 1e9;
                    case TRILLION -> 1e12;
                };
        return new BigDecimal(training.getTrainTokens()).doubleValue() * scale;
    }

    /**
     * The software stack; {@link SoftwareSpec#MEGATRON_CORE} (the catalog's {@code
     * fabric.catalog.stacks.MegatronCore}) when the training names none. An absent {@code gradient-accumulation}
     * is 0 bytes per parameter (the GEMM accumulates) and an absent {@code sharded-gradients} reduce-scatters.
     */
    SoftwareSpec toSoftware(Software software) {
        if (software == null || software.eIsProxy()) {
            return SoftwareSpec.MEGATRON_CORE;
        }
        boolean flash = software.getAttention() == AttentionKernel.FLASH;
        return new SoftwareSpec(names.qualifiedName(software),
                flash ? SoftwareSpec.AttentionKernel.FLASH : SoftwareSpec.AttentionKernel.UNFUSED,
                flash && software.getAttentionForward() != null ? Units.fraction(software.getAttentionForward()) : 0,
                flash && software.getAttentionBackward() != null ? Units.fraction(software.getAttentionBackward()) : 0,
                software.getElementwiseKernels(),
                software.getGradientAccumulation() == null ? 0 : Units.toBase(software.getGradientAccumulation()),
                software.getShardedGradients() == GradientReduction.ALL_REDUCE);
    }

    InferenceSpec toInference(Inference inference) {
        List<InferenceSpec.Pool> pools = new ArrayList<>();
        for (Pool pool : inference.getPools()) {
            pools.add(new InferenceSpec.Pool(InferenceSpec.Role.valueOf(pool.getRole().getName()), pool.getReplicas(),
                    ParallelismMapper.toParallelism(pool.getParallel()), pool.getMaxBatchTokens(),
                    pool.getMaxSequences(), pool.getChunkedPrefill(), ServingFeaturesMapper.features(pool)));
        }
        Traffic traffic = inference.getTraffic();
        InferenceSpec.Traffic requests = new InferenceSpec.Traffic(arrival(traffic.getArrival()),
                distribution(traffic.getPrompt()), distribution(traffic.getOutput()),
                requestCount(traffic), ServingFeaturesMapper.prefixHitRatio(traffic),
                ServingFeaturesMapper.sharedPrefixes(traffic));
        List<InferenceSpec.Slo> slos = new ArrayList<>();
        for (Slo slo : inference.getSlos()) {
            slos.add(new InferenceSpec.Slo(InferenceSpec.SloMetric.valueOf(slo.getMetric().getName()),
                    Integer.parseInt(slo.getPercentile().getLiteral().substring(1)), Units.seconds(slo.getLimit())));
        }
        Precision weights = precision(inference, Literals.INFERENCE__PRECISION, inference.getPrecision());
        Precision kvCache = Written.written(inference, Literals.INFERENCE__KV_CACHE_PRECISION)
                ? Precision.valueOf(inference.getKvCachePrecision().getName()) : weights;
        return new InferenceSpec(names.qualifiedName(inference), toTransformer(inference.getModel()),
                clusters.toCluster(inference.getCluster()), weights, kvCache, pools, requests, slos,
                inference.getKvTransfer() == KvTransfer.LAYER_BY_LAYER,
                NetworkPlacement.valueOf(inference.getKvOver().getName()),
                fp8Scaling(inference, Literals.INFERENCE__FP8_SCALING, inference.getFp8Scaling()));
    }

    /**
     * The traffic's stated request count; unstated, all of a trace's rows (0) or {@link
     * #DEFAULT_REQUESTS} drawn ones.
     */
    private static int requestCount(Traffic traffic) {
        if (traffic.getRequests() > 0) {
            return traffic.getRequests();
        }
        return traffic.getArrival() instanceof TraceArrival ? 0 : DEFAULT_REQUESTS;
    }

    private static InferenceSpec.Arrival arrival(Arrival arrival) {
        if (arrival instanceof PoissonArrival poisson) {
            return new InferenceSpec.Poisson(Units.base(poisson.getRate(), Dimension.REQUEST_RATE));
        }
        if (arrival instanceof TraceArrival trace) {
            return new InferenceSpec.Trace(ModelFiles.besideModel(trace, trace.getFile()));
        }
        if (arrival instanceof ClosedLoopArrival closed) {
            return new InferenceSpec.ClosedLoop(closed.getClients());
        }
        return new InferenceSpec.AllAtOnce();
    }

    private static InferenceSpec.Distribution distribution(Distribution distribution) {
        if (distribution instanceof FixedDistribution fixed) {
            return new InferenceSpec.Fixed(fixed.getValue());
        }
        if (distribution instanceof UniformDistribution uniform) {
            return new InferenceSpec.Uniform(uniform.getMin(), uniform.getMax());
        }
        if (distribution instanceof LognormalDistribution lognormal) {
            return new InferenceSpec.Lognormal(lognormal.getMedian(), new BigDecimal(lognormal.getSigma()).doubleValue());
        }
        EmpiricalDistribution empirical = (EmpiricalDistribution) distribution;
        return new InferenceSpec.Empirical(ModelFiles.besideModel(empirical, empirical.getFile()));
    }

    /** The precision written, else BF16. */
    private static Precision precision(EObject owner, EStructuralFeature feature, org.fabricsim.dsl.fabric.Precision written) {
        return Written.written(owner, feature) ? Precision.valueOf(written.getName()) : Precision.BF16;
    }

    /**
     * The model. Defaults follow the common conventions: kv-heads = heads (MHA), head-dim =
     * hidden ÷ heads, ffn = 4 × hidden, expert-ffn = ffn; no query compression, no multi-token prediction, sequential blocks.
     */
    public TransformerSpec toTransformer(LanguageModel model) {
        int ffn = model.getFfn() > 0 ? model.getFfn() : 4 * model.getHidden();
        boolean gated = model.getActivation() == Activation.SWIGLU;
        return new TransformerSpec(names.qualifiedName(model), model.getLayers(), model.getHidden(), ffn, model.getHeads(),
                model.getKvHeads() > 0 ? model.getKvHeads() : model.getHeads(),
                model.getHeadDim() > 0 ? model.getHeadDim() : model.getHidden() / model.getHeads(), model.getVocab(),
                gated, model.getExperts(), model.getTopK(), model.getSharedExperts(),
                model.getExpertFfn() > 0 ? model.getExpertFfn() : ffn, model.getDenseLayers(), model.getKvLoraRank(),
                model.getRopeDim(), model.getQLoraRank(), model.getMtpDepth(), model.getBlock() == Block.PARALLEL);
    }
}
