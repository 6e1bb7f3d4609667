package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.CollectiveProtocol;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.NcclChannels;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterDomains;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

import com.google.inject.Inject;

/**
 * A benchmark's collective as NCCL would run it: an explicit channel count between 1 and NCCL's
 * {@link NcclChannels#MAX_CHANNELS}, and not so few that NICs stay idle; at most the cluster's nodes
 * (all of them on a direct torus), and a sub-node benchmark on at most the node's accelerators; in-switch reduction only
 * where the engine runs it: all-reduce on scale-up switches that reduce, inside one domain or (NVLSTree) over whole
 * such domains joined by a scale-out network; LL and LL128 only on rings and trees, and not across a network that sprays packets.
 */
public class BenchmarkCollectiveValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkBenchmarkChannelsInRange(Benchmark benchmark) {
        if (!Written.written(benchmark, Literals.BENCHMARK__CHANNELS)) {
            return;
        }
        int channels = benchmark.getChannels();
        if (channels < 1) {
            error("'channels 0' runs the collective on no channel: write 1 or more, or leave the line out for the"
                    + " count NCCL would choose.", benchmark, Literals.BENCHMARK__CHANNELS,
                    IssueCodes.CHANNELS_OUT_OF_RANGE, "1");
        } else if (channels > NcclChannels.MAX_CHANNELS) {
            error("NCCL runs at most " + NcclChannels.MAX_CHANNELS + " channels, not " + channels + ": write "
                    + NcclChannels.MAX_CHANNELS + " or fewer, or leave the line out for the count NCCL would choose.",
                    benchmark, Literals.BENCHMARK__CHANNELS, IssueCodes.CHANNELS_OUT_OF_RANGE,
                    String.valueOf(NcclChannels.MAX_CHANNELS));
        }
    }

    /**
     * A channel leaves a node, or a scale-up domain that spans several nodes (NCCL's multi-node NVLink), through one
     * of its NICs, so fewer channels than its NICs leave some idle once the ranks leave it.
     */
    @Check
    public void checkBenchmarkChannelsUseEveryNic(Benchmark benchmark) {
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        if (spec == null || spec.channels() < 1) {
            return;
        }
        if (spec.nodes() > spec.cluster().nodes()) {
            return; // the nodes-within-cluster check says so, and the nodes cannot be cut from the cluster
        }
        ClusterSpec used = spec.cluster().withNodes(spec.nodes());
        int domain = ClusterDomains.size(used);
        boolean spans = domain > used.acceleratorsPerNode();
        if (spec.ranks() <= Math.max(domain, used.acceleratorsPerNode())) {
            return;
        }
        NodeSpec node = spec.cluster().node();
        int nics = CollectiveBenchmarks.nicsPerDomain(used);
        if (spec.channels() < nics) {
            int nccl = CollectiveBenchmarks.defaultChannels(spec, Generation.of(node.accelerator().architecture()));
            int idle = nics - spec.channels();
            String part = spans ? "scale-up domain" : "node";
            warning((spec.channels() == 1 ? "1 channel leaves " : spec.channels() + " channels leave ") + idle
                    + " of a " + part + "'s " + nics + " NICs idle: each channel leaves the " + part
                    + " through one NIC. Leave the line out for NCCL's " + nccl + " channels, or write at least "
                    + nics + ".", benchmark, Literals.BENCHMARK__CHANNELS, IssueCodes.CHANNELS_IDLE_NICS,
                    String.valueOf(nccl));
        }
    }

    @Check
    public void checkBenchmarkAcceleratorsWithinNode(Benchmark benchmark) {
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), benchmark.getCluster());
        if (cluster == null || !Written.written(benchmark, Literals.BENCHMARK__ACCELERATORS)) {
            return;
        }
        int perNode = cluster.acceleratorsPerNode();
        int accelerators = benchmark.getAccelerators();
        if (accelerators < 1 || accelerators > perNode) {
            error("A sub-node benchmark runs on 1 to " + perNode + " accelerators of one " + benchmark.getCluster()
                    .getName() + " node, not " + accelerators + ": write " + perNode + " or fewer, or 'nodes N' to"
                    + " run across nodes.", benchmark, Literals.BENCHMARK__ACCELERATORS,
                    IssueCodes.BENCHMARK_ACCELERATORS, String.valueOf(perNode));
        }
    }

    @Check
    public void checkBenchmarkNodesWithinCluster(Benchmark benchmark) {
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), benchmark.getCluster());
        if (cluster == null || !Written.written(benchmark, Literals.BENCHMARK__NODES)
                || benchmark.getNodes() <= cluster.nodes()) {
            return;
        }
        error("A benchmark runs on at most the " + cluster.nodes() + " nodes of " + benchmark.getCluster().getName()
                + ", not " + benchmark.getNodes() + ": write 'nodes " + cluster.nodes() + "' or fewer, or give the"
                + " cluster more nodes.", benchmark, Literals.BENCHMARK__NODES, IssueCodes.EXCEEDS_CLUSTER,
                String.valueOf(cluster.accelerators()));
    }

    @Check
    public void checkBenchmarkNodesCoverTorus(Benchmark benchmark) {
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), benchmark.getCluster());
        if (cluster == null || !Written.written(benchmark, Literals.BENCHMARK__NODES)
                || benchmark.getNodes() >= cluster.nodes() || cluster.scaleOut() == null
                || !(cluster.scaleOut().topology() instanceof TopologySpec.Torus torus)) {
            return;
        }
        int accelerators = benchmark.getNodes() * cluster.acceleratorsPerNode();
        if (torus.leading(accelerators) == null) {
            error("The " + accelerators + " accelerators of " + benchmark.getNodes() + " nodes fill no whole leading"
                    + " dimensions of " + benchmark.getCluster().getName() + "'s torus, so they would run on a torus"
                    + " cut open, which the engine does not build: write 'nodes " + cluster.nodes() + "' (the quick"
                    + " fix) or a count whose accelerators fill leading dimensions, or declare a cluster of that size"
                    + " with its own torus.", benchmark, Literals.BENCHMARK__NODES, IssueCodes.TORUS_BENCHMARK_NODES,
                    String.valueOf(cluster.nodes()));
        }
    }

    @Check
    public void checkBenchmarkInNetworkRuns(Benchmark benchmark) {
        if (benchmark.getAlgorithm() != CollectiveAlgorithm.IN_NETWORK) {
            return;
        }
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        String problem = spec == null ? null : inNetworkProblem(spec, benchmark.getCluster().getName());
        if (problem != null) {
            error(problem, benchmark, Literals.BENCHMARK__ALGORITHM,
                    IssueCodes.IN_NETWORK_UNAVAILABLE, "auto");
        }
    }

    @Check
    public void checkBenchmarkProtocolAlgorithm(Benchmark benchmark) {
        CollectiveAlgorithm algorithm = benchmark.getAlgorithm();
        if (lowLatency(benchmark) && algorithm != CollectiveAlgorithm.AUTO && algorithm != CollectiveAlgorithm.RING
                && algorithm != CollectiveAlgorithm.DOUBLE_BINARY_TREE) {
            error("NCCL runs " + benchmark.getProtocol().getLiteral() + " only on 'ring' and 'double-binary-tree',"
                    + " not '" + algorithm.getLiteral() + "': write 'protocol Simple', or one of those algorithms.",
                    benchmark, Literals.BENCHMARK__PROTOCOL, IssueCodes.PROTOCOL_ALGORITHM, "Simple");
        }
    }

    @Check
    public void checkBenchmarkProtocolNetwork(Benchmark benchmark) {
        CollectiveBenchmarkSpec spec = lowLatency(benchmark) ? CheckedSpecs.benchmark(mapper, getContext(), benchmark)
                : null;
        if (spec == null || spec.nodes() > spec.cluster().nodes()
                || spec.ranks() <= ClusterDomains.size(spec.cluster().withNodes(spec.nodes()))
                || ClusterTopologies.routing(spec.cluster()) != RoutingMode.SPRAY) {
            return;
        }
        error(benchmark.getProtocol().getLiteral() + " signals with a flag stored beside the data, and "
                + benchmark.getCluster().getName() + "'s scale-out sprays packets over paths, so the flag can arrive"
                + " before the data; on such a network (AWS EFA) the NCCL plugin, aws-ofi-nccl, forces the Simple"
                + " protocol. Write 'protocol Simple', or leave the line out.", benchmark, Literals.BENCHMARK__PROTOCOL,
                IssueCodes.PROTOCOL_SPRAYING, "Simple");
    }

    private static boolean lowLatency(Benchmark benchmark) {
        return benchmark.getProtocol() == CollectiveProtocol.LL || benchmark.getProtocol() == CollectiveProtocol.LL128;
    }

    /**
     * Why in-switch reduction cannot run the benchmark on {@code cluster} and what to write, or null when it can.
     * Whether it can is the engine's own rule ({@link CollectiveEngine#runs}: all-reduce on a switched scale-up
     * whose switches reduce, inside one domain, or as NVLSTree over whole reducing domains of k accelerators
     * joined by a scale-out network, ranks ≡ 0 mod k); the tests below only name which part failed. Several domains
     * without a scale-out are named before the engine is asked: the engine builds no such topology, so a benchmark
     * inside one domain of such a cluster is left to the cluster's error.
     */
    private static String inNetworkProblem(CollectiveBenchmarkSpec spec, String cluster) {
        if (!Algorithm.IN_NETWORK.serves(spec.operation())) {
            return null; // the algorithm's operation check says so (IssueCodes.ALGORITHM_OPERATION)
        }
        if (spec.nodes() > spec.cluster().nodes()) {
            return null; // the nodes-within-cluster check says so
        }
        int domain = ClusterDomains.size(spec.cluster().withNodes(spec.nodes()));
        if (spec.ranks() > domain && spec.cluster().scaleOut() == null) {
            return "Across scale-up domains in-switch reduction runs as NVLSTree, which joins the domains over the"
                    + " scale-out network, and " + cluster + " has none: give it a scale-out, write 'accelerators "
                    + domain + "' for one domain, or 'auto'.";
        }
        if (ClusterDomains.unjoined(spec.cluster().withNodes(spec.nodes()))
                || !CheckedSpecs.buildable(spec.cluster().withNodes(spec.nodes()))) {
            return null; // the engine builds no such cluster, and the cluster's error says so, or the run refuses it
        }
        ClusterTopology topology = CollectiveBenchmarks.topology(spec, Calibration.DEFAULT);
        if (CollectiveEngine.runs(topology, CollectiveBenchmarks.request(spec, Calibration.DEFAULT, 1, 0))) {
            return null;
        }
        int k = topology.domainSize();
        ScaleUpSpec scaleUp = spec.cluster().node().scaleUp();
        if (scaleUp == null || scaleUp.kind() == ScaleUpSpec.Kind.FULL_MESH || !scaleUp.inSwitchReduction()) {
            return "'in-network' reduces inside the scale-up switches (NVLS), and the nodes of " + cluster
                    + " have no scale-up switch that reduces: write 'auto' or 'ring'.";
        }
        if (spec.ranks() % k != 0) {
            return "Across scale-up domains in-switch reduction runs as NVLSTree, on whole domains of " + k
                    + " accelerators, and this benchmark runs on " + spec.ranks() + ": write a multiple of " + k
                    + " accelerators, 'accelerators " + k + "' for one domain, or 'auto'.";
        }
        return "In-switch reduction cannot run this all-reduce on " + spec.ranks() + " accelerators of " + cluster
                + ": write 'auto' or 'ring'.";
    }
}
