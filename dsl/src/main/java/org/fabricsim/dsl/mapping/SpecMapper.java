package org.fabricsim.dsl.mapping;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.naming.IQualifiedNameProvider;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Activation;
import org.fabricsim.dsl.fabric.Arrival;
import org.fabricsim.dsl.fabric.BatchUnit;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.CapexUnit;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Cost;
import org.fabricsim.dsl.fabric.Distribution;
import org.fabricsim.dsl.fabric.DragonflyTopology;
import org.fabricsim.dsl.fabric.EmpiricalDistribution;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FatTreeTopology;
import org.fabricsim.dsl.fabric.FixedDistribution;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.KvTransfer;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.LognormalDistribution;
import org.fabricsim.dsl.fabric.Loss;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Metric;
import org.fabricsim.dsl.fabric.NumberValue;
import org.fabricsim.dsl.fabric.QuantityValue;
import org.fabricsim.dsl.fabric.ReferenceValue;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.fabric.Mtbf;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.fabric.Openness;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.fabric.Phase;
import org.fabricsim.dsl.fabric.PoissonArrival;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.PrecisionRate;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.RailOptimizedTopology;
import org.fabricsim.dsl.fabric.Ratio;
import org.fabricsim.dsl.fabric.Reliability;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.SingleSwitchTopology;
import org.fabricsim.dsl.fabric.Slo;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.fabric.TraceArrival;
import org.fabricsim.dsl.fabric.Traffic;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.UniformDistribution;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;
import org.fabricsim.runtime.collective.PhaseScope;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.Precision;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.fabricsim.runtime.spec.VariationSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.topology.DragonflyParameters;

import com.google.common.collect.Iterables;
import com.google.inject.Inject;

/**
 * The one mapping from a validated model to the engine's specs. Validation, hover and the
 * generator all go through it, so a model means the same thing everywhere. Call it only on a
 * model without errors: it assumes what the validators check.
 */
public class SpecMapper {
    /** The model name used for a file without a {@code package}. */
    public static final String DEFAULT_MODEL = "default";
    /** The vendor of sketched, catalog-free hardware. */
    public static final String GENERIC_VENDOR = "generic";
    /** Overlap of DP communication with backward when the model does not say: full, as Megatron-Core's overlapped grad reduce. */
    public static final double DEFAULT_OVERLAP = 1.0;
    /** Requests drawn when the traffic does not say (a trace replays all its rows unless it says). */
    public static final int DEFAULT_REQUESTS = 10_000;
    /** The default factor between successive sizes of a {@code sizes A to B} sweep, as in nccl-tests -f 2. */
    public static final int DEFAULT_SIZE_FACTOR = 2;

    @Inject
    private IQualifiedNameProvider names;

    /** Every workload of the file that the engine simulates, in order, as one study. */
    public StudySpec toStudy(Model model, String source) {
        List<WorkloadSpec> workloads = new ArrayList<>();
        for (Workload workload : Iterables.filter(model.getElements(), Workload.class)) {
            workloads.add(toWorkload(workload));
        }
        String name = model.getName() == null ? DEFAULT_MODEL : model.getName();
        return new StudySpec(name, source, workloads);
    }

    /**
     * The simulation programs of a file: one per {@code study}, then one per workload that no study
     * of the file simulates, each in model order. Every generated class and every run of
     * {@code fabric simulate} comes from here.
     */
    public List<StudySpec> toPrograms(Model model, String source) {
        String name = model.getName() == null ? DEFAULT_MODEL : model.getName();
        List<StudySpec> programs = new ArrayList<>();
        java.util.Set<Workload> covered = new java.util.HashSet<>();
        for (Study study : Iterables.filter(model.getElements(), Study.class)) {
            programs.add(toStudy(study, name, source));
            covered.add(study.getWorkload());
        }
        for (Workload workload : Iterables.filter(model.getElements(), Workload.class)) {
            if (!covered.contains(workload)) {
                programs.add(new StudySpec(name, source, List.of(toWorkload(workload))));
            }
        }
        return programs;
    }

    /** One study: its workload, its axes (the Cartesian product is taken by the runtime), its report and seed. */
    public StudySpec toStudy(Study study, String model, String source) {
        List<VariationSpec> variations = new ArrayList<>();
        for (Variation variation : study.getVariations()) {
            List<Object> values = new ArrayList<>();
            for (Value value : variation.getValues()) {
                values.add(toVariationValue(value));
            }
            variations.add(new VariationSpec(VariationSpec.Parameter.valueOf(variation.getParameter().getName()), values));
        }
        List<String> report = study.getMetrics().stream().map(Metric::getLiteral).toList();
        long seed = Written.written(study, Literals.STUDY__SEED) ? study.getSeed() : StudySpec.DEFAULT_SEED;
        return new StudySpec(model, source, qualifiedName(study), List.of(toWorkload(study.getWorkload())), variations,
                report, seed);
    }

    /**
     * A value of a {@code vary} axis: a whole number as a {@link Long}, any other number or quantity
     * (in base units) as a {@link Double}, a cluster or model as its spec, another definition by name.
     */
    private Object toVariationValue(Value value) {
        if (value instanceof NumberValue number) {
            BigDecimal decimal = new BigDecimal(number.getNumber());
            return decimal.stripTrailingZeros().scale() <= 0 ? (Object) decimal.longValueExact() : (Object) decimal.doubleValue();
        }
        if (value instanceof QuantityValue quantity) {
            return Units.toBase(quantity.getQuantity());
        }
        EObject reference = ((ReferenceValue) value).getReference();
        if (reference instanceof Cluster cluster) {
            return toCluster(cluster);
        }
        if (reference instanceof LanguageModel languageModel) {
            return toTransformer(languageModel);
        }
        return qualifiedName(reference);
    }

    /** One workload. */
    public WorkloadSpec toWorkload(Workload workload) {
        if (workload instanceof Benchmark benchmark) {
            return toBenchmark(benchmark);
        }
        if (workload instanceof Training training) {
            return toTraining(training);
        }
        return toInference((Inference) workload);
    }

    public TrainingSpec toTraining(Training training) {
        ClusterSpec cluster = toCluster(training.getCluster());
        int accelerators = training.getAccelerators() > 0 ? training.getAccelerators() : cluster.accelerators();
        long batch = training.getBatchUnit() == BatchUnit.TOKENS
                ? Math.max(1, training.getBatch() / training.getSequence()) : training.getBatch();
        TrainingSpec.PipelineSchedule schedule = training.getSchedule() == null
                || !Written.written(training, Literals.TRAINING__SCHEDULE) ? TrainingSpec.PipelineSchedule.ONE_F_ONE_B
                : TrainingSpec.PipelineSchedule.valueOf(training.getSchedule().getName());
        return new TrainingSpec(qualifiedName(training), toTransformer(training.getModel()), cluster, accelerators,
                training.getSequence(), batch, Math.max(1, training.getMicroBatch()),
                precision(training, Literals.TRAINING__PRECISION, training.getPrecision()),
                toParallelism(training.getParallel()), schedule, Math.max(1, training.getVirtualStages()),
                TrainingSpec.Sharding.valueOf(training.getSharding().getName()),
                TrainingSpec.Recompute.valueOf(training.getRecompute().getName()),
                training.getOverlap() == null ? DEFAULT_OVERLAP : Units.fraction(training.getOverlap()));
    }

    public InferenceSpec toInference(Inference inference) {
        List<InferenceSpec.Pool> pools = new ArrayList<>();
        for (Pool pool : inference.getPools()) {
            pools.add(new InferenceSpec.Pool(InferenceSpec.Role.valueOf(pool.getRole().getName()), pool.getReplicas(),
                    toParallelism(pool.getParallel()), pool.getMaxBatchTokens(), pool.getMaxSequences(),
                    pool.getChunkedPrefill()));
        }
        Traffic traffic = inference.getTraffic();
        InferenceSpec.Traffic requests = new InferenceSpec.Traffic(arrival(traffic.getArrival()),
                distribution(traffic.getPrompt()), distribution(traffic.getOutput()),
                requestCount(traffic));
        List<InferenceSpec.Slo> slos = new ArrayList<>();
        for (Slo slo : inference.getSlos()) {
            slos.add(new InferenceSpec.Slo(InferenceSpec.SloMetric.valueOf(slo.getMetric().getName()),
                    Integer.parseInt(slo.getPercentile().getLiteral().substring(1)), Units.seconds(slo.getLimit())));
        }
        return new InferenceSpec(qualifiedName(inference), toTransformer(inference.getModel()),
                toCluster(inference.getCluster()), precision(inference, Literals.INFERENCE__PRECISION,
                        inference.getPrecision()), pools, requests, slos,
                inference.getKvTransfer() == KvTransfer.LAYER_BY_LAYER);
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

    /**
     * A data file named in a model, resolved against the folder of the model's own file, so that a
     * model finds its traces wherever it is simulated from. Absolute paths stay as written.
     */
    static String besideModel(EObject context, String file) {
        URI model = context.eResource() == null ? null : context.eResource().getURI();
        if (model == null || !model.isFile() || Path.of(file).isAbsolute()) {
            return file;
        }
        return Path.of(model.toFileString()).resolveSibling(file).normalize().toString();
    }

    private static InferenceSpec.Arrival arrival(Arrival arrival) {
        if (arrival instanceof PoissonArrival poisson) {
            return new InferenceSpec.Poisson(Units.base(poisson.getRate(), Dimension.REQUEST_RATE));
        }
        if (arrival instanceof TraceArrival trace) {
            return new InferenceSpec.Trace(besideModel(trace, trace.getFile()));
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
        return new InferenceSpec.Empirical(besideModel(empirical, empirical.getFile()));
    }

    /** The precision written, else BF16. */
    private static Precision precision(EObject owner, EStructuralFeature feature, org.fabricsim.dsl.fabric.Precision written) {
        return Written.written(owner, feature) ? Precision.valueOf(written.getName()) : Precision.BF16;
    }

    public ParallelismSpec toParallelism(Parallelism parallel) {
        return new ParallelismSpec(orOne(parallel.getTensor()), orOne(parallel.getPipeline()), orOne(parallel.getData()),
                orOne(parallel.getContext()), orOne(parallel.getExpert()), parallel.isSequenceParallel());
    }

    /**
     * The model. Defaults follow the common conventions: kv-heads = heads (MHA), head-dim =
     * hidden ÷ heads, ffn = 4 × hidden, expert-ffn = ffn.
     */
    public TransformerSpec toTransformer(LanguageModel model) {
        int ffn = model.getFfn() > 0 ? model.getFfn() : 4 * model.getHidden();
        boolean gated = model.getActivation() == Activation.SWIGLU;
        return new TransformerSpec(qualifiedName(model), model.getLayers(), model.getHidden(), ffn, model.getHeads(),
                model.getKvHeads() > 0 ? model.getKvHeads() : model.getHeads(),
                model.getHeadDim() > 0 ? model.getHeadDim() : model.getHidden() / model.getHeads(), model.getVocab(),
                gated, model.getExperts(), model.getTopK(), model.getSharedExperts(),
                model.getExpertFfn() > 0 ? model.getExpertFfn() : ffn, model.getDenseLayers(), model.getKvLoraRank(),
                model.getRopeDim());
    }

    /** The cost per accelerator; per-node figures are divided by the node's accelerators. */
    public CostSpec toCost(Cost cost, int acceleratorsPerNode) {
        double rent = cost.getAcceleratorHour() == null ? 0 : Units.base(cost.getAcceleratorHour(), Dimension.MONEY_RATE);
        double capex = cost.getCapex() == null ? 0 : Units.base(cost.getCapex(), Dimension.MONEY)
                / (cost.getCapexUnit() == CapexUnit.NODE ? acceleratorsPerNode : 1);
        double lifetime = cost.getAmortization() == null ? 0 : Units.seconds(cost.getAmortization());
        double watts = cost.getPower() == null ? 0 : Units.base(cost.getPower(), Dimension.POWER)
                / (cost.getPowerUnit() == CapexUnit.NODE ? acceleratorsPerNode : 1);
        double kwh = cost.getElectricity() == null ? 0 : Units.base(cost.getElectricity(), Dimension.ENERGY_PRICE);
        double pue = cost.getPue() == null ? 1 : new BigDecimal(cost.getPue()).doubleValue();
        return new CostSpec(qualifiedName(cost), rent, capex, lifetime, watts, kwh, pue);
    }

    public ReliabilitySpec toReliability(Reliability reliability) {
        List<ReliabilitySpec.Mtbf> mtbf = new ArrayList<>();
        for (Mtbf part : reliability.getMtbf()) {
            mtbf.add(new ReliabilitySpec.Mtbf(ReliabilitySpec.Component.valueOf(part.getComponent().getName()),
                    Units.seconds(part.getTime())));
        }
        return new ReliabilitySpec(qualifiedName(reliability), mtbf, seconds(reliability.getCheckpointInterval()),
                seconds(reliability.getCheckpointTime()), seconds(reliability.getRestartTime()));
    }

    private static double seconds(Quantity time) {
        return time == null ? 0 : Units.seconds(time);
    }

    public CollectiveBenchmarkSpec toBenchmark(Benchmark benchmark) {
        ClusterSpec cluster = toCluster(benchmark.getCluster());
        boolean custom = benchmark.getCollective() != null;
        CollectiveOperation operation = CollectiveOperation.valueOf(custom
                ? benchmark.getCollective().getOperation().getName() : benchmark.getOperation().getName());
        Algorithm algorithm = custom ? Algorithm.AUTO : Algorithm.valueOf(benchmark.getAlgorithm().getName());
        List<CollectivePhase> phases = new ArrayList<>();
        if (custom) {
            for (Phase phase : benchmark.getCollective().getPhases()) {
                phases.add(new CollectivePhase(CollectiveOperation.valueOf(phase.getOperation().getName()),
                        Algorithm.valueOf(phase.getAlgorithm().getName()),
                        PhaseScope.valueOf(phase.getScope().getName())));
            }
        }
        int nodes = benchmark.getNodes() > 0 ? benchmark.getNodes() : cluster.nodes();
        int channels = Math.max(1, benchmark.getChannels());
        return new CollectiveBenchmarkSpec(qualifiedName(benchmark), cluster, nodes, operation, algorithm, channels,
                sizes(benchmark), phases);
    }

    /** The sizes as written, or the sweep from the first size up to {@code upTo}, multiplying by the factor. */
    private static List<Long> sizes(Benchmark benchmark) {
        List<Long> sizes = new ArrayList<>();
        if (benchmark.getUpTo() == null) {
            benchmark.getSizes().forEach(size -> sizes.add(Units.bytes(size)));
            return sizes;
        }
        long factor = benchmark.getFactor() > 1 ? benchmark.getFactor() : DEFAULT_SIZE_FACTOR;
        long last = Units.bytes(benchmark.getUpTo());
        for (long size = Units.bytes(benchmark.getSizes().get(0)); size <= last; size = Math.multiplyExact(size, factor)) {
            sizes.add(size);
        }
        return sizes;
    }

    public ClusterSpec toCluster(Cluster cluster) {
        NodeGroup group = cluster.getGroups().get(0);
        double maxOversubscription = cluster.getMaxOversubscription() == null ? 0
                : ratio(cluster.getMaxOversubscription());
        int perNode = group.getNode() == null ? group.getAcceleratorsPerNode() : group.getNode().getAccelerators();
        CostSpec cost = cluster.getCost() == null ? null : toCost(cluster.getCost(), perNode);
        ReliabilitySpec reliability = cluster.getReliability() == null ? null : toReliability(cluster.getReliability());
        if (group.getNode() == null) {
            return sketch(cluster, group, maxOversubscription, cost, reliability);
        }
        NodeSpec node = toNode(group.getNode());
        ScaleOutSpec scaleOut = cluster.getScaleOut() == null ? null
                : new ScaleOutSpec(toFabric(cluster.getScaleOut().getFabric()),
                        toTopology(cluster.getScaleOut().getTopology(), group.getCount() * node.nics()),
                        routing(cluster.getScaleOut().getTopology()));
        return new ClusterSpec(qualifiedName(cluster), node, group.getCount(), scaleOut, maxOversubscription, cost,
                reliability);
    }

    /**
     * A sketched cluster: generic accelerators, each with its own NIC port at the link rate, all on
     * one switch; the link latency is per hop and the switch adds none.
     */
    private ClusterSpec sketch(Cluster cluster, NodeGroup group, double maxOversubscription, CostSpec cost,
            ReliabilitySpec reliability) {
        String name = qualifiedName(cluster);
        double bytesPerSecond = Units.bytesPerSecond(cluster.getLinkRate());
        long hopLatencyPs = Units.picoseconds(cluster.getHopLatency());
        int perNode = group.getAcceleratorsPerNode();
        AcceleratorSpec accelerator = new AcceleratorSpec(name + ".accelerator", GENERIC_VENDOR, 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec(name + ".nic", GENERIC_VENDOR, 1, bytesPerSecond, 0, 0);
        NodeSpec node = new NodeSpec(name + ".node", accelerator, perNode, null, nic, perNode, true);
        FabricSpec fabric = new FabricSpec(name + ".link", GENERIC_VENDOR, FabricSpec.FabricScope.SCALE_OUT, true, "",
                bytesPerSecond, hopLatencyPs, true, FabricSpec.CongestionControl.NONE, false, false, false);
        SwitchSpec switchSpec = new SwitchSpec(name + ".switch", GENERIC_VENDOR, group.getCount() * perNode,
                bytesPerSecond, 0, 0, false, false);
        ScaleOutSpec scaleOut = new ScaleOutSpec(fabric, new TopologySpec.SingleSwitch(switchSpec),
                ScaleOutSpec.Routing.ECMP);
        return new ClusterSpec(name, node, group.getCount(), scaleOut, maxOversubscription, cost, reliability);
    }

    public NodeSpec toNode(Node node) {
        AcceleratorSpec accelerator = toAccelerator(node.getAccelerator());
        ScaleUpSpec scaleUp = node.getScaleUp() == null ? null : toScaleUp(node.getScaleUp(), node, accelerator);
        NicSpec nic = node.getNic() == null ? null : toNic(node.getNic());
        return new NodeSpec(qualifiedName(node), accelerator, node.getAccelerators(), scaleUp, nic, node.getNics(),
                node.isRailAligned());
    }

    private ScaleUpSpec toScaleUp(ScaleUpDomain domain, Node node, AcceleratorSpec accelerator) {
        FabricSpec fabric = toFabric(domain.getFabric());
        int size = domain.getDomainSize() > 0 ? domain.getDomainSize() : node.getAccelerators();
        double perAccelerator = accelerator.scaleUpBytesPerSecond() > 0 ? accelerator.scaleUpBytesPerSecond()
                : fabric.linkBytesPerSecond();
        boolean reduction = fabric.inNetworkReduction()
                && (domain.getSwitchType() == null || domain.getSwitchType().isInNetworkReduction());
        return new ScaleUpSpec(fabric, ScaleUpSpec.Kind.valueOf(domain.getTopology().getName()), size, perAccelerator,
                reduction);
    }

    public AcceleratorSpec toAccelerator(Accelerator accelerator) {
        double scaleUp = accelerator.getScaleUpPortRate() == null ? 0
                : accelerator.getScaleUpPorts() * Units.bytesPerSecond(accelerator.getScaleUpPortRate());
        double efficiency = accelerator.getEfficiency() == null ? 0 : Units.fraction(accelerator.getEfficiency());
        double fp8Efficiency = accelerator.getFp8Efficiency() == null ? 0
                : Units.fraction(accelerator.getFp8Efficiency());
        double scaleUpEfficiency = accelerator.getScaleUpEfficiency() == null ? 0
                : Units.fraction(accelerator.getScaleUpEfficiency());
        return new AcceleratorSpec(qualifiedName(accelerator), vendor(accelerator.getVendor()),
                peak(accelerator, org.fabricsim.dsl.fabric.Precision.BF16), peak(accelerator, org.fabricsim.dsl.fabric.Precision.FP8),
                Units.bytes(accelerator.getMemory()), Units.bytesPerSecond(accelerator.getMemoryBandwidth()),
                efficiency, fp8Efficiency, scaleUp, scaleUpEfficiency);
    }

    private static double peak(Accelerator accelerator, org.fabricsim.dsl.fabric.Precision precision) {
        for (PrecisionRate rate : accelerator.getCompute()) {
            if (rate.getPrecision() == precision) {
                return Units.flopsPerSecond(rate.getRate());
            }
        }
        return 0;
    }

    public FabricSpec toFabric(Fabric fabric) {
        String lock = fabric.getAcceleratorLock() == null ? "" : vendor(fabric.getAcceleratorLock());
        FabricSpec.CongestionControl congestion = FabricSpec.CongestionControl.valueOf(
                fabric.getCongestionControl().getName());
        boolean lossless = fabric.getLoss() == Loss.LOSSLESS;
        return new FabricSpec(qualifiedName(fabric), vendor(fabric.getVendor()),
                FabricSpec.FabricScope.valueOf(fabric.getScope().getName()),
                fabric.getOpenness() == Openness.OPEN_STANDARD, lock,
                Units.bytesPerSecond(fabric.getLinkRate()), latencyPs(fabric.getLatency()), lossless, congestion,
                fabric.getRouting().contains(RoutingPolicy.ADAPTIVE),
                fabric.getRouting().contains(RoutingPolicy.SPRAYING),
                fabric.isInNetworkReduction());
    }

    public NicSpec toNic(Nic nic) {
        double host = nic.getPcie() == null ? 0 : Pcie.bytesPerSecond(nic.getPcie());
        return new NicSpec(qualifiedName(nic), vendor(nic.getVendor()), nic.getPorts(),
                Units.bytesPerSecond(nic.getPortRate()), host, latencyPs(nic.getLatency()));
    }

    public SwitchSpec toSwitch(Switch switchType) {
        long buffer = switchType.getBuffer() == null ? 0 : Units.bytes(switchType.getBuffer());
        return new SwitchSpec(qualifiedName(switchType), vendor(switchType.getVendor()), switchType.getPorts(),
                Units.bytesPerSecond(switchType.getPortRate()), latencyPs(switchType.getLatency()), buffer,
                switchType.isInNetworkReduction(), switchType.isScheduled());
    }

    /** The named switch, or null when the topology names none (its ports are then unknown). */
    private SwitchSpec toSwitchOrNull(Switch switchType) {
        return switchType == null ? null : toSwitch(switchType);
    }

    /** The topology; a single switch without a named type is an ideal switch with one port per endpoint. */
    private TopologySpec toTopology(Topology topology, int endpoints) {
        if (topology instanceof SingleSwitchTopology single) {
            SwitchSpec switchSpec = single.getSwitchType() == null
                    ? new SwitchSpec(qualifiedName(topology.eContainer().eContainer()) + ".switch", GENERIC_VENDOR,
                            Math.max(1, endpoints), 1, 0, 0, false, false)
                    : toSwitch(single.getSwitchType());
            return new TopologySpec.SingleSwitch(switchSpec);
        }
        if (topology instanceof FatTreeTopology fatTree) {
            return new TopologySpec.FatTree(toSwitchOrNull(fatTree.getSwitchType()), fatTree.getTiers(),
                    ratios(fatTree.getOversubscription(), fatTree.getTiers()));
        }
        if (topology instanceof RailOptimizedTopology rail) {
            int tiers = Math.max(1, rail.getTiers());
            return new TopologySpec.RailOptimized(toSwitchOrNull(rail.getSwitchType()), rail.getRails(), tiers,
                    ratios(rail.getOversubscription(), tiers));
        }
        if (topology instanceof DragonflyTopology dragonfly) {
            int globalLinks = Written.written(dragonfly, Literals.DRAGONFLY_TOPOLOGY__GLOBAL_LINKS_PER_ROUTER)
                    ? dragonfly.getGlobalLinksPerRouter()
                    : DragonflyParameters.fewestBalancedGlobalLinksPerRouter(dragonfly.getGroups(),
                            dragonfly.getRoutersPerGroup());
            return new TopologySpec.Dragonfly(toSwitchOrNull(dragonfly.getSwitchType()), dragonfly.getGroups(),
                    dragonfly.getRoutersPerGroup(), globalLinks);
        }
        return new TopologySpec.Torus(List.copyOf(((TorusTopology) topology).getDimensions()));
    }

    /** The routing a topology states, else ECMP. */
    private static ScaleOutSpec.Routing routing(Topology topology) {
        EStructuralFeature feature = topology.eClass().getEStructuralFeature("routing");
        boolean written = feature != null && Written.written(topology, feature);
        return written ? ScaleOutSpec.Routing.valueOf(((Enumerator) topology.eGet(feature)).getName())
                : ScaleOutSpec.Routing.ECMP;
    }

    /** Per-tier ratios; unwritten tiers are 1:1. */
    private static List<Double> ratios(List<Ratio> written, int tiers) {
        List<Double> ratios = new ArrayList<>();
        for (int tier = 0; tier < tiers; tier++) {
            ratios.add(tier < written.size() ? ratio(written.get(tier)) : 1.0);
        }
        return ratios;
    }

    /** {@code a:b} as a / b. */
    public static double ratio(Ratio ratio) {
        return new BigDecimal(ratio.getNumerator()).doubleValue()
                / new BigDecimal(ratio.getDenominator()).doubleValue();
    }

    private static int orOne(int degree) {
        return degree > 0 ? degree : 1;
    }

    private static long latencyPs(Quantity latency) {
        return latency == null ? 0 : Units.picoseconds(latency);
    }

    private String vendor(EObject vendor) {
        return vendor == null ? GENERIC_VENDOR : qualifiedName(vendor);
    }

    private String qualifiedName(EObject element) {
        return names.getFullyQualifiedName(element).toString();
    }
}
