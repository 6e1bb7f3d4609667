package org.fabricsim.dsl.validation;

/**
 * Every diagnostic code the language reports. Codes are stable: tools, quick fixes and
 * {@code docs/diagnostics.md} refer to them, so a code is never renamed or reused.
 */
public final class IssueCodes {
    private static final String PREFIX = "fabric.";

    /** A quantity of the wrong dimension, e.g. a time where a data rate belongs. Data: the expected dimension. */
    public static final String WRONG_DIMENSION = PREFIX + "unit.wrong-dimension";
    /** A money unit ({@code /h}, {@code /kWh}) without {@code $}, or {@code $} with another unit. */
    public static final String INVALID_MONEY = PREFIX + "unit.invalid-money";
    /** A percentage above 100 %. */
    public static final String NOT_A_FRACTION = PREFIX + "unit.not-a-fraction";
    /** A latency (or another quantity where zero is meaningful) below zero. Data: the quantity's unit. */
    public static final String NEGATIVE = PREFIX + "value.negative";
    /** A study's {@code tolerance} above {@code StudySpec.MAX_COMPLETION_TOLERANCE}. Data: the largest allowed. */
    public static final String TOLERANCE_TOO_LARGE = PREFIX + "study.tolerance-too-large";
    /** A quantity, count (an accelerator's scale-up ports among them) or degree that must be positive is zero. */
    public static final String NOT_POSITIVE = PREFIX + "value.not-positive";
    /**
     * A rate or size beyond what any hardware reaches (and the engine computes with), such as 1e20 Gb/s, an
     * accelerator's scale-up ports × rate above 1 Pb/s or a compute rate above 1000 PFLOPS. Data: the limit.
     */
    public static final String TOO_LARGE = PREFIX + "value.too-large";
    /**
     * A scale-out link, NIC port, uplink or data-centre NIC rate written in bytes per second and faster than any network
     * port made (1.6 Tb/s), most likely Gb/s written GB/s. Data: the same rate in bits ({@code 400 Gb/s}).
     */
    public static final String NETWORK_RATE_IN_BYTES = PREFIX + "unit.network-rate-in-bytes";
    /** A scale-up domain whose size neither divides the node's accelerators nor is a multiple of them. Data: the node's accelerators. */
    public static final String DOMAIN_MISFIT = PREFIX + "node.domain-misfit";
    /**
     * A full-mesh scale-up domain (Gaudi's on-chip RoCE ports wired all to all) whose accelerator's scale-up ports do
     * not split evenly over its peers (domain − 1). Data: the largest smaller domain whose peers divide the ports
     * and whose size divides the node's accelerators.
     */
    public static final String MESH_PORTS = PREFIX + "node.mesh-ports";
    /** A node group with no nodes, or a sketched node with no accelerators. */
    public static final String EMPTY_CLUSTER = PREFIX + "cluster.empty";
    /** A cluster of more accelerators than the engine counts (2^31 − 1). */
    public static final String TOO_MANY_ACCELERATORS = PREFIX + "cluster.too-many-accelerators";
    /** A cluster of more than 2^31 − 1 NIC ports (nodes × NICs × ports per NIC), more than the engine counts. Data: none. */
    public static final String TOO_MANY_NICS = PREFIX + "cluster.too-many-nics";
    /** Node groups of node types of different shapes in one cluster, which the engine does not build. Data: the first group's type. */
    public static final String MIXED_NODE_GROUPS = PREFIX + "cluster.mixed-node-groups";
    /** A tensor-parallel group of a training whose ranks lie on nodes of two types. Data: the span to align the groups to. */
    public static final String TP_SPANS_NODE_TYPES = PREFIX + "workload.tp-spans-node-types";
    /** A cluster of more than one scale-up domain without a scale-out fabric to join them, which the engine does not build. */
    public static final String DOMAINS_NEED_SCALE_OUT = PREFIX + "cluster.domains-need-scale-out";
    /**
     * A cluster whose nodes' scale-up domain spans several nodes (GB200 NVL72 as 18 trays of 4) and whose
     * accelerators do not fill whole domains, which the engine does not build. Data: the last node group's count
     * that fills them.
     */
    public static final String CLUSTER_PARTIAL_DOMAIN = PREFIX + "cluster.partial-domain";
    /**
     * A benchmark on the first N nodes of such a cluster whose accelerators are more than one domain and not whole
     * domains. Data: the node count that fills whole domains.
     */
    public static final String BENCHMARK_PARTIAL_DOMAIN = PREFIX + "workload.benchmark-partial-domain";
    /** A sketched cluster ({@code nodes N x M accelerators}) without its {@code link}. */
    public static final String SKETCH_NEEDS_LINK = PREFIX + "cluster.sketch-needs-link";
    /** A {@code link} on a cluster of catalog nodes, whose network comes from its scale-out. */
    public static final String LINK_NEEDS_SKETCH = PREFIX + "cluster.link-needs-sketch";
    /**
     * A {@code scale-out} or {@code data-centre} network on a sketched cluster, which runs on its {@code link}
     * (ClusterMapper's sketch builds neither: a benchmark's slice of it failed in the run).
     */
    public static final String SKETCH_NETWORK = PREFIX + "cluster.sketch-network";
    /**
     * A sketched cluster whose {@code link} shorthand puts more accelerators on its one switch than any switch has
     * ports (512: Broadcom Tomahawk 5 at 100 GbE). Data: the ports the sketch's switch would have.
     */
    public static final String SKETCH_SWITCH_RADIX = PREFIX + "cluster.sketch-switch-radix";

    /** A name defined in a package that is not imported. Data: the package to import. */
    public static final String MISSING_IMPORT = PREFIX + "name.missing-import";
    /**
     * A name that is defined nowhere, or an imported one another definition also answers to. Data: the closest visible
     * name, if any, or the imported definition's qualified name.
     */
    public static final String UNRESOLVED_NAME = PREFIX + "name.unresolved";
    /** An import that names no package or definition of the workspace or the catalog. Data: the nearest import, if any. */
    public static final String UNKNOWN_IMPORT = PREFIX + "name.unknown-import";

    /** Scale-up and scale-out fabrics of different makers or kinds meet at a seam. Data: scale-up fabric, scale-out fabric. */
    public static final String LOCK_IN_SEAM = PREFIX + "lockin.seam";
    /** A cluster uses a single-source fabric. Data: the fabric's name, its vendor. */
    public static final String LOCK_IN_SINGLE_SOURCE = PREFIX + "lockin.single-source";
    /** Scale-up and scale-out are both single-source from one vendor. Data: the vendor. */
    public static final String LOCK_IN_SINGLE_VENDOR = PREFIX + "lockin.single-vendor";
    /** A fabric that works only with one vendor's accelerators carries that vendor's accelerators. Data: fabric, vendor. */
    public static final String LOCK_IN_ACCELERATOR = PREFIX + "lockin.accelerator-lock";
    /** A fabric that works only with one vendor's accelerators carries another vendor's. Data: fabric, the vendor it needs. */
    public static final String ACCELERATOR_MISMATCH = PREFIX + "lockin.accelerator-mismatch";

    /**
     * A tier, the injection or the host link is oversubscribed above 1:1. Data: where ("tier 1", "injection", "host";
     * "tier 1 (B200_CX8 nodes)" for one group of a mixed cluster), the ratio.
     */
    public static final String OVERSUBSCRIBED = PREFIX + "oversubscription.above-one";
    /** An oversubscription above the cluster's {@code max-oversubscription}. Data: where, the ratio, the policy. */
    public static final String OVERSUBSCRIPTION_POLICY = PREFIX + "oversubscription.policy";
    /**
     * A switched scale-up domain whose switches carry less than its accelerators inject (s·k·r &lt; n·b): each runs
     * at s·k·r / n. Data: the fewest switches that carry the domain.
     */
    public static final String SCALE_UP_BLOCKING = PREFIX + "oversubscription.scale-up-switches";
    /** A declared oversubscription that the switch's port count cannot realize. Data: tier, the nearest realizable ratio. */
    public static final String OVERSUBSCRIPTION_PORTS = PREFIX + "oversubscription.contradicts-ports";
    /**
     * A tier ratio the builder would not apply: more ratios than switch tiers, the two that set the links
     * into the top tier both above 1:1 and different, or a ratio on a single switch; or a {@code vary
     * oversubscription} where no cluster has uplinks (on the axis) or a cluster of its {@code vary cluster} list has
     * none (on that value). Data: the ratios that apply, as written ("1:1, 7:1"), empty for a single switch or a
     * {@code vary}.
     */
    public static final String OVERSUBSCRIPTION_UNUSED = PREFIX + "oversubscription.unused";

    /** More fat-tree tiers than the engine builds. Data: the most tiers it builds. */
    public static final String TOO_MANY_TIERS = PREFIX + "physical.too-many-tiers";
    /** Too few tiers or too small a radix for the endpoints. Data: tiers that would fit, radix that would fit. */
    public static final String RADIX_TOO_SMALL = PREFIX + "physical.radix";
    /**
     * A stated switch tier whose switches lack the ports for their links. Data: the tier (leaf,
     * spine, core), the ports one switch needs, the leaf count that fits (leaf tier only, else empty).
     */
    public static final String TIER_PORTS = PREFIX + "physical.tier-ports";
    /**
     * A leaf the builder derives from the radix (no tiers stated) whose NIC ports and uplinks take more ports than
     * its switch has. Data: the ports one leaf needs, the leaf count that fits when stated (empty when none does).
     */
    public static final String LEAF_PORTS = PREFIX + "physical.leaf-ports";
    /**
     * A stated switch count the builder cannot wire evenly (leaves that do not split the NIC ports,
     * spines that do not split over the pods, cores over the spines of a pod, a tier above the tiers
     * built). Data: the nearest count that fits, empty when the tier should go.
     */
    public static final String TIER_COUNT = PREFIX + "physical.tier-count";
    /** Pods that do not divide the nodes, or pods on fewer than three tiers. Data: a pod size that divides them. */
    public static final String PODS_DIVIDE = PREFIX + "physical.pods";
    /** Pod ratios written along with an {@code oversubscription} list. Data: none. */
    public static final String POD_RATIOS_TWICE = PREFIX + "physical.pod-ratios";
    /** A plane count that differs from the NIC ports of each accelerator. Data: those ports. */
    public static final String PLANES_NIC_PORTS = PREFIX + "physical.planes";
    /** A NIC or switch that does not speak the fabric it is used on. Data: the fabric's name. */
    public static final String FABRIC_MISMATCH = PREFIX + "physical.fabric-mismatch";
    /** A NIC or switch port rate that differs from the fabric's link rate. Data: the fabric's link rate. */
    public static final String LINK_RATE_MISMATCH = PREFIX + "physical.link-rate";
    /** More NIC lanes per accelerator than the node's PCIe link has. Data: lanes needed, lanes available. */
    public static final String PCIE_LANES = PREFIX + "physical.pcie-lanes";
    /** A rail-optimized topology with more rails than NIC ports per node. Data: the NIC ports per node. */
    public static final String RAILS_WITHOUT_NICS = PREFIX + "physical.rails";
    /**
     * A dragonfly whose groups cannot all be joined by as many global links (routers-per-group ×
     * global-links-per-router not a multiple of groups − 1). Data: the global links per router to use.
     */
    public static final String DRAGONFLY_UNBALANCED = PREFIX + "physical.dragonfly-unbalanced";
    /**
     * A torus whose dimensions do not multiply to the cluster's accelerators, have a dimension of 1,
     * or number more than 3. Data: the dimensions that fit, as written ("12 x 16 x 32"), empty when none is found.
     */
    public static final String TORUS_SHAPE = PREFIX + "physical.torus-shape";
    /** Torus link rates that are neither one rate nor one per dimension. Data: none. */
    public static final String TORUS_LINK_RATES = PREFIX + "physical.torus-link-rates";
    /** A routing policy the topology does not route by (dimension-order off a torus, another on one). Data: the policy it routes by, empty when several. */
    public static final String ROUTING_TOPOLOGY = PREFIX + "physical.routing-topology";
    /**
     * A benchmark on part of a direct torus whose accelerators fill no whole leading dimensions: the torus cut
     * open there is not a torus, and the engine does not build one. Data: the cluster's nodes.
     */
    public static final String TORUS_BENCHMARK_NODES = PREFIX + "physical.torus-benchmark-nodes";
    /**
     * A torus's {@code wrap} list naming no dimension of it (x, y, z are dimensions 0, 1, 2), naming one twice, or
     * on a {@code mesh}, which has no wrap-around. Data: the list that fits ("x, y"), empty: remove {@code wrap}.
     */
    public static final String TORUS_WRAP = PREFIX + "physical.torus-wrap";
    /**
     * Optical cubes that do not tile the torus: another count of dimensions, or a cube's extent that does not divide
     * the torus's along a dimension. Data: a cube that tiles it ("4 x 4 x 2"), empty when the dimensions differ.
     */
    public static final String TORUS_CUBES = PREFIX + "physical.torus-cubes";
    /**
     * A benchmark's {@code slice} that the optical circuit switches cannot wire: its cluster has no torus of cubes,
     * the slice has another count of dimensions, is not whole cubes along a dimension, or is larger than the
     * cluster. Data: the slice that fits, as written ("4 x 4 x 8"), empty when none is found.
     */
    public static final String TORUS_SLICE = PREFIX + "physical.torus-slice";
    /** NICs on the nodes of a direct torus, whose accelerators link to each other directly. Data: none. */
    public static final String TORUS_NICS_UNUSED = PREFIX + "physical.torus-nics";
    /**
     * A fabric's {@code flows-per-peer} outside [1, 128] (NCCL_IB_MAX_QPS), or on a scale-up fabric, where
     * transfers are not hashed over equal-cost paths. Data: the nearest valid count, or none on a scale-up fabric.
     */
    public static final String FLOWS_PER_PEER = PREFIX + "physical.flows-per-peer";

    /** TP × PP × DP × CP differs from the accelerators used. Data: the accelerators used. */
    public static final String PARALLEL_PRODUCT = PREFIX + "workload.parallel-product";
    /** A workload uses more accelerators, or a benchmark more nodes, than its cluster has. Data: the cluster's accelerators. */
    public static final String EXCEEDS_CLUSTER = PREFIX + "workload.exceeds-cluster";
    /** Attention heads (or KV heads) that TP cannot split evenly. Data: the heads. */
    public static final String HEADS_NOT_DIVISIBLE = PREFIX + "workload.heads";
    /** Fewer layers than pipeline stages × virtual stages. Data: the layers. */
    public static final String TOO_FEW_LAYERS = PREFIX + "workload.layers";
    /** Layers that do not divide evenly into pipeline stages × virtual stages. Data: the layers. */
    public static final String UNEVEN_STAGES = PREFIX + "workload.uneven-stages";
    /** Routed experts that EP cannot split evenly, or a training EP not dividing TP × CP × DP. Data: the experts. */
    public static final String EXPERTS_NOT_DIVISIBLE = PREFIX + "workload.experts";
    /** A global batch that is not a multiple of DP × micro-batch. Data: DP × micro-batch. */
    public static final String BATCH_NOT_DIVISIBLE = PREFIX + "workload.batch";
    /** A training job whose memory per accelerator exceeds HBM. Data: bytes needed, bytes of HBM. */
    public static final String MEMORY_EXCEEDED = PREFIX + "workload.memory";
    /** A TP group that spans more than one scale-up domain. Data: the largest TP that fits the domain (a divisor of its size). */
    public static final String TP_CROSSES_SCALE_UP = PREFIX + "workload.tp-crosses-scale-up";
    /** An inference replica whose KV cache cannot hold one request beside its weights (ReplicaMemory). Data: bytes needed, bytes of HBM. */
    public static final String INFERENCE_MEMORY = PREFIX + "workload.inference-memory";
    /** A collective phase with in-network reduction outside within-node. Data: the scope to use, within-node. */
    public static final String IN_NETWORK_SCOPE = PREFIX + "workload.in-network-scope";
    /**
     * A benchmark message size above 1 TiB ({@code BenchmarkSizesValidator.MAX_BYTES}), or on the packet backend more
     * packets of the fabric's MTU than its packet-hop limit ({@code PacketRunSizeValidator}). Data: none.
     */
    public static final String SIZE_TOO_LARGE = PREFIX + "workload.size-too-large";
    /** A benchmark message size above 0 that rounds to 0 bytes (below half a byte). Data: none. */
    public static final String SIZE_TOO_SMALL = PREFIX + "workload.size-too-small";
    /** A benchmark sweep {@code sizes A to B} with A above B, which holds no size. Data: none. */
    public static final String SWEEP_DESCENDING = PREFIX + "workload.sweep-descending";
    /** A benchmark sweep {@code sizes A to B factor F} with F below 2, which never reaches B. Data: 2. */
    public static final String SWEEP_FACTOR = PREFIX + "workload.sweep-factor";
    /** A benchmark's written {@code channels} of 0 or above NCCL's 64. Data: the nearest count NCCL runs (1 or 64). */
    public static final String CHANNELS_OUT_OF_RANGE = PREFIX + "workload.channels";
    /**
     * A benchmark across nodes whose written {@code channels} are fewer than a node's NICs, which leaves NICs
     * idle (a warning). Data: the channel count NCCL would choose.
     */
    public static final String CHANNELS_IDLE_NICS = PREFIX + "workload.channels-idle-nics";
    /** A sub-node benchmark ({@code accelerators K}) on 0 or more accelerators than a node has. Data: the node's accelerators. */
    public static final String BENCHMARK_ACCELERATORS = PREFIX + "workload.benchmark-accelerators";
    /**
     * A benchmark's {@code gpus-per-thread} (nccl-tests' {@code -g}) below 1, or not dividing the ranks the benchmark
     * runs on each node (a thread drives GPUs of one node). Data: 1 for a count below 1, else the ranks on each node.
     */
    public static final String GPUS_PER_THREAD = PREFIX + "workload.gpus-per-thread";
    /**
     * {@code gpus-per-thread} under the {@code framework-call} or {@code ideal} harness, which has no such thread.
     * Data: none.
     */
    public static final String GPUS_PER_THREAD_HARNESS = PREFIX + "workload.gpus-per-thread-harness";
    /**
     * A benchmark's {@code in-network} all-reduce that cannot run: a scale-up
     * without a switch that reduces (NVLS), or across domains (NVLSTree) a rank count that is not a multiple of
     * the domain size or no scale-out network; or its {@code
     * collnet-direct} or {@code collnet-chain} where the scale-out fabric or its switches do not reduce (SHARP),
     * on fewer than two whole nodes, or beyond the switches' aggregation trees. Data: auto.
     */
    public static final String IN_NETWORK_UNAVAILABLE = PREFIX + "workload.in-network-unavailable";
    /**
     * Info: a training's {@code collnet} on a cluster whose scale-out fabric or switches do not reduce in the network
     * (no {@code in-network-reduction}), where NCCL runs its rings and the setting changes nothing. Data: none.
     */
    public static final String COLLNET_IGNORED = PREFIX + "workload.collnet-ignored";
    /**
     * A training's {@code dp-algorithm} its data-parallel collectives cannot run: one the training step does not run
     * them on (only {@code ring} and {@code collnet-direct}, or {@code auto}), or {@code collnet-direct} where the
     * scale-out fabric or switches do not reduce in the network. Data: auto.
     */
    public static final String DP_ALGORITHM_UNAVAILABLE = PREFIX + "workload.dp-algorithm-unavailable";
    /**
     * A job of a shared cluster that is not a collective benchmark, training job or serving deployment
     * of that cluster, or a study of a shared cluster that varies or searches. Data: none.
     */
    public static final String SHARED_JOB = PREFIX + "workload.shared-job";
    /**
     * A shared job whose accelerators (a benchmark's ranks, a training job's parallel plan, a serving
     * deployment's pools) do not fill its nodes. Data: none.
     */
    public static final String SHARED_FIT = PREFIX + "workload.shared-fit";
    /** More jobs share a cluster than it has nodes. Data: none. */
    public static final String SHARED_CROWDED = PREFIX + "workload.shared-crowded";
    /** A shared job's node range that is empty or names a node the cluster lacks. Data: none. */
    public static final String SHARED_NODES = PREFIX + "workload.shared-nodes";
    /** A node given to two jobs of a shared cluster, or twice to one job. Data: none. */
    public static final String SHARED_OVERLAP = PREFIX + "workload.shared-overlap";
    /** Protocol LL or LL128 with an algorithm other than ring or double-binary-tree. Data: Simple. */
    public static final String PROTOCOL_ALGORITHM = PREFIX + "workload.protocol-algorithm";
    /**
     * A benchmark's {@code bucket} algorithm that cannot run its operation: not on a direct torus, or on ranks that
     * fill no whole leading dimensions of it. Data: auto.
     */
    public static final String BUCKET_UNAVAILABLE = PREFIX + "workload.bucket-unavailable";
    /**
     * A benchmark's, a phase's or a varied algorithm that does not run the operation (runtime {@code
     * Algorithm.serves}: ring for all-to-all, direct for all-reduce, a tree for all-gather, ...), which the run would
     * refuse. Data: auto.
     */
    public static final String ALGORITHM_OPERATION = PREFIX + "workload.algorithm-operation";
    /**
     * A benchmark's {@code halving-doubling} over a rank count that is not a power of two, or {@code hierarchical}
     * over ranks that are not two or more whole scale-up domains (runtime {@code CollectiveEngine.runs}). Data: auto.
     * The same for a phase of the benchmark's collective, over one group of its scope ({@code
     * CollectiveEngine.phaseRuns}), marked on the phase (data: auto), or on the benchmark's {@code collective} where the
     * collective is in another file (data: none).
     */
    public static final String ALGORITHM_RANKS = PREFIX + "workload.algorithm-ranks";
    /**
     * A training or serving deployment on an accelerator that states no {@code bf16} rate (only {@code fp16}, say, or
     * a sketched cluster's generic one; runtime {@code ComputeRates.statesBf16Rate}): the compute model runs 16-bit GEMMs and
     * attention at the BF16 peak and divides MFU by it. Data: none.
     */
    public static final String MISSING_BF16_RATE = PREFIX + "workload.missing-bf16-rate";
    /** Protocol LL or LL128 across a scale-out network that sprays packets, where NCCL runs Simple only. Data: Simple. */
    public static final String PROTOCOL_SPRAYING = PREFIX + "workload.protocol-spraying";
    /**
     * {@code network packet} or {@code network analytical} on a benchmark or study whose workload is not a
     * collective benchmark (training, serving, expert-parallel kernels run on the flow model). Data: flow.
     */
    public static final String NETWORK_NEEDS_COLLECTIVE = PREFIX + "workload.network-needs-collective";
    /** A collective benchmark without {@code sizes}. Data: none. */
    public static final String BENCHMARK_SIZES_MISSING = PREFIX + "workload.benchmark-sizes";
    /** {@code sizes}, {@code protocol}, {@code channels}, {@code harness} or {@code over} on an expert-parallel benchmark, which takes none. Data: none. */
    public static final String EXPERT_KERNEL_SETTING = PREFIX + "workload.expert-kernel-setting";
    /** An expert-parallel benchmark whose experts do not divide evenly over its accelerators. Data: the accelerators. */
    public static final String EXPERT_KERNEL_EXPERTS = PREFIX + "workload.expert-kernel-experts";
    /** An expert-parallel benchmark's top-k below 1 or above its experts. Data: the experts. */
    public static final String EXPERT_KERNEL_TOP_K = PREFIX + "workload.expert-kernel-top-k";

    /**
     * A trace or empirical-length file that does not exist or cannot be read, beside the model, or whose rows the run
     * would refuse (the run's sentence, naming the data file's line); an info for a file too large to read while
     * editing. Data: none.
     */
    public static final String TRAFFIC_FILE = PREFIX + "traffic.file";
    /** A uniform length range whose minimum is above its maximum, or a lognormal with median below 1 or sigma not positive. Data: none. */
    public static final String DISTRIBUTION_PARAMETERS = PREFIX + "traffic.distribution";
    /**
     * An interleaved schedule without stated virtual stages whose layers per stage admit no balanced
     * interleaving, so it runs as 1F1B ({@code StepPlan}). Data: the layers.
     */
    public static final String INTERLEAVING_UNBALANCED = PREFIX + "workload.interleaving-unbalanced";
    /**
     * A stated {@code virtual-stages 1} on an interleaved schedule: the simulation reads it as no statement and takes
     * the deepest balanced interleaving ({@code StepPlan.wantedVirtualStages}), so the run interleaves. Data: the v
     * that runs.
     */
    public static final String VIRTUAL_STAGES_AUTOMATIC = PREFIX + "workload.virtual-stages-automatic";
    /**
     * Virtual stages (stated, or chosen by an interleaved schedule) dropped to 1 because the micro-batches
     * per DP replica are not a multiple of PP ({@code StepPlan}). Data: the nearest larger batch, in sequences,
     * that interleaves.
     */
    public static final String INTERLEAVING_MICRO_BATCHES = PREFIX + "workload.interleaving-micro-batches";
    /**
     * A {@code dualpipe} schedule the simulation cannot run: virtual stages, an odd pipeline degree, or
     * micro-batches per DP replica that are odd or fewer than 2 × PP ({@code StepPlan.dualPipeProblem}).
     * Data: none.
     */
    public static final String DUALPIPE_SHAPE = PREFIX + "workload.dualpipe";
    /**
     * A training step of more pipeline tasks (micro-batches × stages × chunks × 2 or 3) than the run can index,
     * 2³¹ − 1, which every run refuses whatever its heap ({@code ScheduleEstimate.indexable}). Data: the most
     * micro-batches per step that fit.
     */
    public static final String PIPELINE_TASKS = PREFIX + "workload.pipeline-tasks";
    /** A placement {@code order} that does not list tp, cp, pp and dp once each. Data: none. */
    public static final String ORDER_NOT_PERMUTATION = PREFIX + "workload.order";
    /**
     * A placement {@code order} that puts another axis inside TP so that TP groups leave the scale-up
     * domain. Data: the accelerators one TP group spans.
     */
    public static final String TP_NOT_INNERMOST = PREFIX + "workload.tp-not-innermost";
    /**
     * A training precision the compute model has no GEMM rate for: FP4, INT8, or FP8 on a part without an
     * FP8 rate ({@code Device.forTraining}); a {@code scaling} without FP8 (training or deployment); a deployment's
     * blockwise scaling on a part without an FP8 rate; a deployment at FP4 on a part without an FP4 rate or a measured
     * FP4 GEMM efficiency, or at INT8 ({@code ComputeRates.requireServedGemmRate}). Data: none.
     */
    public static final String UNSUPPORTED_PRECISION = PREFIX + "workload.precision";
    /** Expert parallelism on a dense model, which has no experts to split. Data: none. */
    public static final String EXPERT_ON_DENSE = PREFIX + "workload.expert-on-dense";
    /** A {@code capacity-factor} that is not positive. Data: none (leaving it out means no capacity limit). */
    public static final String CAPACITY_FACTOR = PREFIX + "workload.capacity-factor";
    /**
     * A {@code capacity-factor} below 1, which drops tokens even when routing is balanced. Data: 1, the
     * smallest factor that drops nothing when balanced.
     */
    public static final String CAPACITY_BELOW_ONE = PREFIX + "workload.capacity-below-one";
    /**
     * A {@code routing-skew} below 1 (the busiest rank receives at least the mean) or above EP (it cannot
     * receive more than every token). Data: the nearest valid skew.
     */
    public static final String ROUTING_SKEW = PREFIX + "workload.routing-skew";
    /** A {@code capacity-factor} or {@code routing-skew} on a dense model, which has no router. Data: none. */
    public static final String ROUTING_ON_DENSE = PREFIX + "workload.routing-on-dense";
    /** A training {@code dispatcher} with no expert all-to-all to dispatch: a dense model, or EP 1. Data: none. */
    public static final String DISPATCHER_WITHOUT_EXPERTS = PREFIX + "workload.dispatcher-without-experts";
    /**
     * A training {@code communication-sms} that changes nothing: no expert all-to-all (a dense model, or EP 1), or a
     * schedule other than DualPipe, which alone hides the all-to-all behind compute. Data: none.
     */
    public static final String COMMUNICATION_SMS_IGNORED = PREFIX + "workload.communication-sms-ignored";
    /**
     * A training {@code communication-sms} at or above the accelerator's SMs: DualPipe dedicates them to the expert
     * dispatch and combine for the whole pair, leaving none for compute. Data: none.
     */
    public static final String COMMUNICATION_SMS_TAKE_EVERY_SM = PREFIX + "workload.communication-sms-take-every-sm";
    /**
     * A training {@code node-limit} that changes nothing: no expert all-to-all (a dense model, or EP 1), a dispatcher
     * other than DeepEP's (the all-to-all sends every copy to its expert's rank however many nodes they lie on), or a
     * limit of at least top-k (a token's k experts never lie on more nodes). Data: none.
     */
    public static final String NODE_LIMIT_IGNORED = PREFIX + "workload.node-limit-ignored";
    /**
     * An MLA {@code q-rank} whose two projections, r_q × (h + a·(d + ρ)) weights, are at least as large as the full
     * query projection h × a·(d + ρ) they replace. Data: none.
     */
    public static final String QUERY_RANK_WIDE = PREFIX + "model.q-rank-wide";
    /**
     * A mixture of experts whose {@code top-k} is left out, below 1 or above its routed experts: each token picks
     * top-k distinct experts of them. Data: the experts.
     */
    public static final String MODEL_TOP_K = PREFIX + "model.top-k";
    /**
     * A training's {@code recompute ... modules} list that recomputes nothing: after a policy other than selective, or
     * a module the model lacks (MLA up-projections without MLA, an expert activation or shared experts the model
     * does not have, a dense MLP where every layer is routed). Data: none.
     */
    public static final String RECOMPUTE_MODULE_ABSENT = PREFIX + "workload.recompute-module-absent";
    /**
     * Ring attention whose sequence does not split into 2 × CP equal chunks (causal load balancing).
     * Data: the next multiple of 2 × CP.
     */
    public static final String CONTEXT_SPLIT = PREFIX + "workload.context-split";

    /**
     * Flash attention without its measured efficiencies, an efficiency outside (0, 100 %], or unfused
     * attention stating efficiencies it does not use. Data: none.
     */
    public static final String SOFTWARE_ATTENTION_EFFICIENCY = PREFIX + "software.attention-efficiency";
    /**
     * A software stack's {@code gradient-accumulation} below 0 B per parameter: a fold of the gradient cannot
     * move negative bytes. Data: none.
     */
    public static final String SOFTWARE_GRADIENT_ACCUMULATION = PREFIX + "software.gradient-accumulation";
    /** An accelerator's {@code compute-units} below 1. Data: none. */
    public static final String ACCELERATOR_ARCHITECTURE = PREFIX + "hardware.architecture";
    /**
     * A study's {@code expect} line that cannot be held against its runs: a metric that is not one
     * figure or that the workload does not report, a missing or extra percentile or message size, or
     * a tolerance in another dimension. Data: none.
     */
    public static final String EXPECTATION = PREFIX + "study.expectation";
    /**
     * A fabric's {@code congestion-control} that changes no result: any on a fabric that does not say how it
     * handles overload. Data: none.
     */
    public static final String CONGESTION_CONTROL_NOT_SIMULATED = PREFIX + "not-simulated.congestion-control";
    /** A bare {@code lossless}, which does not say how (pfc, credit-based), so runs as the ideal fabric. Data: none. */
    public static final String LOSS_NOT_SIMULATED = PREFIX + "not-simulated.loss";
    /**
     * A fabric's {@code routing} policies its clusters do not route by (spraying, else adaptive, else ECMP), or any
     * policy of a scale-up fabric, one issue per policy. Data: none.
     */
    public static final String FABRIC_ROUTING_NOT_SIMULATED = PREFIX + "not-simulated.fabric-routing";
    /**
     * A switch's {@code buffer} on a switch none of whose fabrics has the flow model read it (only tail drop
     * without congestion control and PFC without a queue-bounding congestion control do). Data: none.
     */
    public static final String SWITCH_BUFFER_NOT_SIMULATED = PREFIX + "not-simulated.switch-buffer";
    /**
     * A switch's {@code scheduled} flag where it changes nothing: none of its fabrics leaves it the scheduling, or
     * its topology also names an unscheduled switch. Data: none.
     */
    public static final String SWITCH_SCHEDULED_NOT_SIMULATED = PREFIX + "not-simulated.switch-scheduled";
    /** The switch count of a full-mesh scale-up domain, which has no switches. Data: none. */
    public static final String SCALE_UP_SWITCHES_NOT_SIMULATED = PREFIX + "not-simulated.scale-up-switches";
    /**
     * A {@code rack-scale} scale-up domain, which the engine builds and times as a {@code switched} one (each
     * accelerator one link into the domain's switch, {@code CalibratedLinks.scaleUp}). Data: none.
     */
    public static final String RACK_SCALE_NOT_SIMULATED = PREFIX + "not-simulated.rack-scale";
    /**
     * A topology's {@code rails} that the builder does not lay the tree out by: any on a fat-tree, or on a
     * rail-optimized network of nodes whose NICs are not {@code rail-aligned}. Data: none.
     */
    public static final String RAILS_NOT_SIMULATED = PREFIX + "not-simulated.rails";
    /**
     * A rail-optimized network's {@code tiers 1}, built with two tiers (its rail leaves and the spines that join
     * the rails). Data: none.
     */
    public static final String RAIL_TIERS_NOT_SIMULATED = PREFIX + "not-simulated.rail-tiers";
    /**
     * A model's kind that contradicts its {@code experts}: {@code moe} without experts runs dense, {@code transformer}
     * with experts runs as a mixture of experts. Data: the kind it runs as.
     */
    public static final String MODEL_KIND_NOT_SIMULATED = PREFIX + "not-simulated.model-kind";
    /** A {@code kv-transfer} on a deployment without both a prefill and a decode pool, which hands no cache over. Data: none. */
    public static final String KV_TRANSFER_NOT_SIMULATED = PREFIX + "not-simulated.kv-transfer";
    /**
     * A cost that states a rent ({@code accelerator-hour}) beside capital, power or PUE: the rent is the cost, and
     * the others are not read. Data: none.
     */
    public static final String CAPITAL_COST_NOT_SIMULATED = PREFIX + "not-simulated.capital-cost";
    /** An accelerator's {@code tdp}, not simulated yet (no power cap). Data: none. */
    public static final String TDP_NOT_SIMULATED = PREFIX + "not-simulated.tdp";
    /**
     * An accelerator's {@code reserved-memory}, which sizes serving deployments' KV caches and nothing else
     * (training's memory check and benchmarks do not read it). Data: none.
     */
    public static final String RESERVED_MEMORY_SERVING_ONLY = PREFIX + "not-simulated.reserved-memory";
    /**
     * An accelerator's {@code reserved-memory} at or above its {@code memory}: the driver would leave the
     * process nothing. Data: the memory in bytes.
     */
    public static final String RESERVED_MEMORY_TOO_LARGE = PREFIX + "physical.reserved-memory";
    /** A study's {@code tolerance} on a workload that does not read it (training, serving). */
    public static final String TOLERANCE_NOT_SIMULATED = PREFIX + "not-simulated.tolerance";
    /**
     * A fabric's {@code mtu} beside a stated {@code efficiency}, which only the packet backend reads, or its
     * {@code recovery} when it does not say how it handles overload. Data: none.
     */
    public static final String PACKET_ONLY_SETTING = PREFIX + "not-simulated.packet-only";
    /**
     * {@code congestion-control uec-cc} on a fabric that says how it handles overload: it runs as Swift, the
     * delay-based control UET's NSCC follows (the packet backend, and the flow model's uec-cc rows the packet
     * backend measures), with selective repeat and, on a lossy fabric, trimming; NSCC's own response and UET's
     * receiver-credit congestion control (RCCC) are not simulated (docs/fabric-behaviour.md, "uec-cc"). Data: none.
     */
    public static final String UEC_CC_AS_SWIFT = PREFIX + "behaviour.uec-cc-as-swift";
    /**
     * {@code recovery go-back-n} on a fabric whose transport resends selectively: it sprays packets (reordering
     * that go-back-N would turn into retransmissions), or runs {@code uec-cc} or {@code receiver-driven} (UE 1.0's
     * and NDP's transports, whose packet trimming on a lossy fabric needs selective repeat). Data: the fix's
     * recovery, {@code selective-repeat}.
     */
    public static final String GO_BACK_N_SELECTIVE_TRANSPORT = PREFIX + "behaviour.go-back-n-selective-transport";
    /**
     * A scale-out topology stating {@code routing packet-spraying} over a fabric stating {@code recovery go-back-n}:
     * sprayed packets arrive reordered, which go-back-N turns into retransmissions. Data: none (two fixes, in two
     * places: the fabric's recovery or the topology's routing).
     */
    public static final String SPRAYING_OVER_GO_BACK_N = PREFIX + "behaviour.spraying-over-go-back-n";
    /**
     * A packet setting out of range: an MTU outside 256 B..9216 B, a bit-error rate outside 0..1e-6, DCQCN's Kmin
     * not below Kmax or Pmax above 100 %, HPCC's eta outside (0, 100 %], max-stage outside 1..100 or
     * additive-increase not below the link rate, or DCQCN's or HPCC's parameters on another congestion control.
     * Data: the bound, if any.
     */
    public static final String PACKET_SETTING_RANGE = PREFIX + "packet.setting-range";

    /** An {@code mtbf} of zero, or a {@code rate} of zero failures per 1,000 node-days. Data: none. */
    public static final String RELIABILITY_RATE_NOT_POSITIVE = PREFIX + "reliability.rate-not-positive";
    /** A checkpoint that takes longer to write than the interval between checkpoints. Data: none. */
    public static final String CHECKPOINT_LONGER_THAN_INTERVAL = PREFIX + "reliability.checkpoint-longer-than-interval";
    /** A cluster whose reliability keeps more spare nodes than the cluster has nodes. Data: the node count. */
    public static final String TOO_MANY_SPARES = PREFIX + "reliability.too-many-spares";
    /** A straggler share above 1, or a straggler speed of 0 or above 1. Data: none. */
    public static final String STRAGGLER_NOT_A_FRACTION = PREFIX + "reliability.straggler-not-a-fraction";
    /** A failure {@code domain} of zero nodes. Data: none. */
    public static final String DOMAIN_SIZE_NOT_POSITIVE = PREFIX + "reliability.domain-size";
    /** A failure {@code domain} of more nodes than its cluster has. Data: the cluster's node count. */
    public static final String DOMAIN_LARGER_THAN_CLUSTER = PREFIX + "reliability.domain-larger-than-cluster";
    /** A training's {@code train 0 tokens}: a token budget of zero. Data: none. */
    public static final String TRAIN_TOKENS_NOT_POSITIVE = PREFIX + "workload.train-tokens";

    /** A definition that nothing references, in a file that has workloads or studies. Data: the name. */
    public static final String UNUSED = PREFIX + "hygiene.unused";
    /** Two definitions with one name. Data: none. */
    public static final String DUPLICATE_NAME = PREFIX + "name.duplicate";

    /** A calibration parameter the engine does not read. Data: the closest known name, if any. */
    public static final String UNKNOWN_CALIBRATION_PARAMETER = PREFIX + "calibration.unknown-parameter";
    /** A calibration parameter stated twice in one profile. Data: none. */
    public static final String DUPLICATE_CALIBRATION_PARAMETER = PREFIX + "calibration.duplicate-parameter";
    /** Calibration bounds whose lower bound exceeds the upper. Data: none. */
    public static final String CALIBRATION_BOUNDS_ORDER = PREFIX + "calibration.bounds-order";
    /**
     * A calibration parameter's value outside its bounds, a share of a rate (a sustained fraction, a collective
     * efficiency) outside (0, 1], or NCCL's ring plateau factor outside [1, 1.9]. Data: the nearest bound, as written
     * (none for a share of 0).
     */
    public static final String CALIBRATION_OUT_OF_BOUNDS = PREFIX + "calibration.out-of-bounds";
    /** A calibration amount that is not a time, a percentage or a plain number, or bounds of another dimension. */
    public static final String CALIBRATION_UNIT = PREFIX + "calibration.unit";

    /** A prefix-cache hit ratio outside [0, 1]. Data: the nearest bound, as written. */
    public static final String PREFIX_HIT_RATIO = PREFIX + "serving.prefix-hit-ratio";
    /** Shared prefixes beside a stated prefix-cache hit ratio, or with no prefix, no token or no cache. Data: none. */
    public static final String SHARED_PREFIXES = PREFIX + "serving.shared-prefixes";
    /** Speculative decoding with an acceptance rate outside [0, 1] or no drafted token. Data: none. */
    public static final String SPECULATIVE_SETTINGS = PREFIX + "serving.speculative";
    /**
     * A closed loop of more clients than the requests it sends, so that fewer are ever in flight than written. Data:
     * ten requests per client, a request count that lets the loop run at its concurrency.
     */
    public static final String CLIENTS_BEYOND_REQUESTS = PREFIX + "serving.clients-beyond-requests";
    /**
     * A pool's {@code expert-balance} (mean ÷ busiest EP rank's routed tokens) outside (0, 1], or below 1/EP (the
     * busiest rank receives at most every token). Data: the nearest valid balance.
     */
    public static final String EXPERT_BALANCE = PREFIX + "serving.expert-balance";
    /**
     * A pool feature that has nothing to act on (a plan's dispatcher, two-batch overlap or an expert balance without
     * EP, speculation, no-evict admission or prefill-first batching in a prefill pool, redundant experts on a dense
     * model, a served model's mtp-depth). Data: the keyword.
     */
    public static final String SERVING_FEATURE_IGNORED = PREFIX + "serving.feature-ignored";
    /** An inference deployment without {@code model M on C}. Data: none. */
    public static final String INFERENCE_MODEL_MISSING = PREFIX + "serving.model-missing";
    /** An inference deployment without {@code traffic}. Data: none. */
    public static final String INFERENCE_TRAFFIC_MISSING = PREFIX + "serving.traffic-missing";
    /** An inference deployment without a pool. Data: none. */
    public static final String INFERENCE_POOL_MISSING = PREFIX + "serving.pool-missing";
    /** An inference deployment's setting other than a pool stated more than once. Data: its keyword. */
    public static final String INFERENCE_SETTING_REPEATED = PREFIX + "serving.setting-repeated";
    /**
     * A study without a search whose runs, the product of its {@code vary} axes' value counts, exceed {@code
     * StudySize.MAX_RUNS} (100,000), which the runtime refuses to plan; or a search whose base jobs, the product of
     * the axes it does not enumerate, do; or a search whose configurations, its base jobs times the value counts of
     * the axes it enumerates per pool (under {@code in all} the values each axis it fills enumerates), exceed {@code
     * SearchSize.MAX_CONFIGURATIONS} (1,000,000). Data: the largest axis's label as written after {@code vary} ({@code
     * tensor}, {@code decode replicas}); none when {@code in all} makes the excess, marked on it.
     */
    public static final String STUDY_TOO_MANY_RUNS = PREFIX + "study.too-many-runs";
    /** A {@code vary} of a parameter the study's workload does not have. Data: none. */
    public static final String VARY_PARAMETER = PREFIX + "study.vary-parameter";
    /** A {@code vary} value the parameter cannot take. Data: a value it takes, as written. */
    public static final String VARY_VALUE = PREFIX + "study.vary-value";
    /**
     * A {@code vary} value its line already lists (the same number, quantity in base units, keyword or definition):
     * the study would run the same run twice under one name. A warning. Data: none.
     */
    public static final String VARY_REPEATED = PREFIX + "study.vary-repeated";
    /**
     * A {@code vary} value that makes the study's job, its other values as written, break a rule the runtime fails
     * the run for ({@code VariedFit}: TP that does not split the heads, DP × micro-batch that does not divide the
     * batch, ...). A warning: another axis of the study may make it hold. Data: none.
     */
    public static final String VARY_RULE = PREFIX + "study.vary-rule";
    /**
     * A {@code vary data} value that the pods a training job runs its data parallelism across ({@code data D across P
     * pods}) do not divide: no run of it can be built. Data: none.
     */
    public static final String VARY_DATA_PODS = PREFIX + "study.vary-data-pods";
    /** A {@code vary} naming a pool role: on a parameter that is not a pool's, or a role the deployment has no pool of. */
    public static final String VARY_POOL = PREFIX + "study.vary-pool";
    /** A search whose direction does not fit its objective ({@code minimize mfu}). Data: the direction that fits. */
    public static final String SEARCH_DIRECTION = PREFIX + "search.direction";
    /**
     * A search's {@code within N accelerators} above the cluster's accelerators: an error for a training search whose
     * DP follows from N (every plan breaks {@code cluster-size}), a warning where the limit only never binds. Data:
     * the cluster's accelerators.
     */
    public static final String SEARCH_WITHIN_CLUSTER = PREFIX + "search.within-cluster";
    /** A search objective the workload has no figure for (TTFT of a training job, MFU of a deployment). */
    public static final String SEARCH_OBJECTIVE = PREFIX + "search.objective";
    /** A cost objective or a budget on a cluster without a {@code cost}. */
    public static final String SEARCH_NEEDS_COST = PREFIX + "search.needs-cost";
    /** A search budget that is not money per hour. */
    public static final String SEARCH_BUDGET = PREFIX + "search.budget";
    /** A serving search of a deployment without an SLO: the cheapest pools win whatever their latency. */
    public static final String SEARCH_NEEDS_SLO = PREFIX + "search.needs-slo";
    /** A data-centre network written as a torus. Data: a switched topology to write instead. */
    public static final String DATA_CENTRE_SWITCHED = PREFIX + "physical.data-centre-switched";
    /**
     * Data parallelism placed across pods, or a benchmark placed {@code over data-centre}, on a data-centre network
     * the cluster does not have. Data: the cluster's name; for a benchmark, then the network to run over, scale-out.
     */
    public static final String DATA_CENTRE_MISSING = PREFIX + "physical.data-centre-missing";
    /** A pod count that does not divide the data ways, nodes or torus, or is written outside a training job. Data: a count to write, or empty to remove it. */
    public static final String DATA_CENTRE_PODS = PREFIX + "physical.data-centre-pods";

    /**
     * A training job or deployment on an accelerator whose architecture has no {@code
     * compute.sustained-fraction.<architecture>} in the calibration profile in effect (a study's, else the default):
     * its GEMMs run at the measured MAMF, optimistic. Warning. Data: the architecture, then the parameter to state.
     */
    public static final String UNFITTED_SUSTAINED_FRACTION = PREFIX + "calibration.unfitted-sustained-fraction";

    /**
     * A benchmark on a lossless scale-out fabric whose routes wait on one another's buffers in a cycle (a cyclic
     * buffer dependency, {@code DeadlockFreeRoutingValidator}): PFC or credits can deadlock it, so the packet backend
     * refuses the run and the flow model's time is an ideal. Warning. Data: the virtual lanes that break the cycle
     * (above {@code PacketSettings.MAX_VIRTUAL_LANES} when none does).
     */
    public static final String CYCLIC_BUFFER_DEPENDENCY = PREFIX + "flow-control.cyclic-buffer-dependency";

    private IssueCodes() {
    }
}
