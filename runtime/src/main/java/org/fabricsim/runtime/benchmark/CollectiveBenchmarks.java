package org.fabricsim.runtime.benchmark;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectivePhase;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.collective.FlowClassEstimate;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.NcclChannels;
import org.fabricsim.runtime.collective.Harness;
import org.fabricsim.runtime.collective.PhaseMemo;
import org.fabricsim.runtime.collective.Protocol;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviours;
import org.fabricsim.runtime.network.MaxMinNetwork;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.packet.PacketFabric;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.NetworkPlacement;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.study.InfeasibleRunException;
import org.fabricsim.runtime.topology.ClusterDomains;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ClusterTopologies;

/**
 * Runs a {@link CollectiveBenchmarkSpec} the way nccl-tests does (or, with {@link
 * org.fabricsim.runtime.collective.Harness#FRAMEWORK_CALL}, one synchronised framework call per
 * timing, paying the profile's host cost per call): the collective over every
 * accelerator of the first {@code nodes} nodes, once per message size, on the engine's flow-level
 * network with the constants of a calibration profile (links derated as {@link ClusterTopologies} does, and
 * NCCL's per-step overheads). Each row reports size, time, algbw = S/T and busbw = algbw · f(n),
 * with f the nccl-tests factor of the operation. A user-defined collective runs its phases, grouped
 * by the cluster's nodes ({@link CollectiveEngine#run(ClusterTopology, CollectiveRequest, List, int)}).
 *
 * <p>Cost: one {@link CollectiveEngine#run} per size on a topology built once; the sizes share a
 * {@link PhaseMemo}, so each algorithm's step patterns are solved once for the whole sweep.
 */
public final class CollectiveBenchmarks {
    private CollectiveBenchmarks() {
    }

    /** Runs every size of {@code benchmark} with the default profile; {@code seed} seeds ECMP hashing. */
    public static RunResult run(CollectiveBenchmarkSpec benchmark, long seed) {
        return run(benchmark, CalibrationProfile.defaults(), seed);
    }

    /** The same with the collective constants of {@code profile} and the default completion tolerance. */
    public static RunResult run(CollectiveBenchmarkSpec benchmark, CalibrationProfile profile, long seed) {
        return run(benchmark, profile, seed, MaxMinNetwork.DEFAULT_COMPLETION_TOLERANCE);
    }

    /**
     * Runs every size of {@code benchmark} with the collective constants of {@code profile} (link
     * efficiencies and NCCL's step latencies; none with {@link Harness#IDEAL}); {@code seed} seeds
     * ECMP hashing; {@code completionTolerance} is the flow model's ε ({@link MaxMinNetwork}).
     */
    public static RunResult run(CollectiveBenchmarkSpec benchmark, CalibrationProfile profile, long seed,
            double completionTolerance) {
        Calibration calibration = Calibration.of(profile);
        long startNanos = System.nanoTime();
        ClusterSpec cluster = benchmark.cluster();
        ClusterTopology topology = topology(benchmark, calibration);
        CollectiveRequest request = request(benchmark, calibration, seed, completionTolerance);
        int channels = request.channels();

        long heapBytes = Runtime.getRuntime().maxMemory();
        FlowClassEstimate estimate = FlowClassEstimate.of(topology, request);
        if (!estimate.fits(heapBytes)) {
            throw new InfeasibleRunException(estimate.refusal(heapBytes, "benchmark " + benchmark.name()));
        }
        List<CollectivePhase> phases = benchmark.phases();
        long events = 0;
        long flows = 0;
        // Largest size first, so that the memo scales its solved phases down, never up (PhaseMemo).
        List<Long> sizes = benchmark.sizesBytes();
        Integer[] order = new Integer[sizes.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(sizes.get(b), sizes.get(a)));
        PhaseMemo memo = new PhaseMemo();
        Object[] rowsBySize = new Object[order.length];
        for (int i : order) {
            CollectiveRequest sized = request.withSize(sizes.get(i));
            CollectiveResult result = phases.isEmpty() ? CollectiveEngine.run(topology, sized, memo)
                    : CollectiveEngine.run(topology, sized, phases, cluster.acceleratorsPerNode());
            rowsBySize[i] = row(result);
            events += result.events();
            flows += result.network().flowsStarted();
        }
        List<Object> rows = List.of(rowsBySize);

        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("cluster", cluster.name());
        parameters.put("nodes", benchmark.nodes());
        parameters.put("acceleratorsPerNode", cluster.acceleratorsPerNode());
        parameters.put("accelerators", benchmark.ranks());
        parameters.put("operation", benchmark.operation().label());
        if (benchmark.operation() == CollectiveOperation.GATHER || benchmark.operation() == CollectiveOperation.SCATTER) {
            parameters.put("root", request.root()); // gather_perf's and scatter_perf's root column
        }
        parameters.put("algorithm", (phases.isEmpty() ? benchmark.algorithm() : Algorithm.PHASED).label());
        parameters.put("protocol", benchmark.protocol().label());
        parameters.put("channels", channels);
        parameters.put("harness", benchmark.harness().label());
        if (benchmark.gpusPerThread() > 1) {
            parameters.put("gpusPerThread", benchmark.gpusPerThread());
        }
        parameters.put("network", benchmark.network().label());
        parameters.put("over", benchmark.over().label());
        parameters.put("topology", topology.describe());
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("rows", rows);
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return new RunResult(benchmark.name(), "collective-benchmark", parameters, metrics, wallSeconds)
                .withEngine(events, flows);
    }

    /**
     * The topology {@code benchmark} runs on: its nodes of the cluster, built with {@code calibration}'s links, seen
     * through the network it runs over ({@link #over}); the run's and the editor's checks' one build. O(links).
     */
    public static ClusterTopology topology(CollectiveBenchmarkSpec benchmark, Calibration calibration) {
        return over(ClusterTopologies.build(benchmark.cluster().withNodes(benchmark.nodes()), calibration), benchmark);
    }

    /** {@code built} seen through the network {@code benchmark} runs over ({@link ClusterTopology#onDataCentre}). O(1). */
    public static ClusterTopology over(ClusterTopology built, CollectiveBenchmarkSpec benchmark) {
        return benchmark.over() == NetworkPlacement.DATA_CENTRE ? built.onDataCentre() : built;
    }

    /**
     * The engine request of {@code benchmark} at its first size: its algorithm and protocol (Simple
     * for an ideal harness left to choose), NCCL's channels unless stated, the routing, behaviour and
     * packet fabric of the network it runs over ({@link CollectiveBenchmarkSpec#routedCluster}), the
     * calibration's step latencies for the harness, the fabric's flows per peer.
     */
    public static CollectiveRequest request(CollectiveBenchmarkSpec benchmark, Calibration calibration, long seed,
            double completionTolerance) {
        ClusterSpec cluster = benchmark.cluster();
        ClusterSpec routed = benchmark.routedCluster();
        Generation generation = Generation.of(cluster.node().accelerator().architecture());
        int channels = benchmark.channels() > 0 ? benchmark.channels() : defaultChannels(benchmark, generation);
        return CollectiveRequest.of(benchmark.operation(), benchmark.sizesBytes().get(0), benchmark.ranks())
                .withAlgorithm(benchmark.algorithm())
                .withProtocol(benchmark.harness() == Harness.IDEAL && benchmark.protocol() == Protocol.AUTO
                        ? Protocol.SIMPLE : benchmark.protocol())
                .withGeneration(generation)
                .withChannels(channels)
                .withRouting(ClusterTopologies.routing(routed))
                // The behaviour table carries the packet backend's effects to the flow model; the other models take none.
                .withFabricBehaviour(benchmark.network() == NetworkKind.MAX_MIN
                        ? FabricBehaviours.of(routed) : null)
                .withStepOverheads(calibration.stepOverheads(benchmark.harness(), benchmark.gpusPerThread()))
                .withSeed(seed)
                .withCompletionTolerance(completionTolerance)
                .withNetwork(benchmark.network())
                .withPacketFabric(packetFabric(routed))
                .withFlowsPerPeer(ClusterTopologies.flowsPerPeer(routed));
    }

    /**
     * The fabric a packet run simulates: the cluster's scale-out fabric with its switches' buffer (0, the
     * backend's default, when the model states none or the topology has no switch type), or the RoCE
     * defaults ({@link PacketFabric#ROCE}) on a cluster without scale-out.
     */
    static PacketFabric packetFabric(ClusterSpec cluster) {
        ScaleOutSpec scaleOut = cluster.scaleOut();
        if (scaleOut == null) {
            return PacketFabric.ROCE;
        }
        SwitchSpec switchSpec = scaleOut.topology().switchSpec();
        return PacketFabric.of(scaleOut.fabric(), switchSpec == null ? 0 : switchSpec.bufferBytes());
    }

    private static Map<String, Object> row(CollectiveResult result) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("bytes", result.sizeBytes());
        row.put("timeSeconds", result.timeSeconds());
        row.put("algbwGBps", result.algbwGBps());
        row.put("busbwGBps", result.busbwGBps());
        row.put("algorithm", result.algorithm().label());
        row.put("protocol", result.protocol().label());
        row.put("channels", result.channels());
        row.put("maxLinkUtilization", result.linkUsage().maxUtilization());
        if (!result.ports().isEmpty()) {
            row.put("ports", PortRows.of(result.ports()));
        }
        if (!result.bound().isEmpty()) {
            row.put("bound", result.bound());
        }
        return row;
    }

    /**
     * The channels NCCL's communicator would have for {@code benchmark} ({@link NcclChannels}): its nodes, their NICs
     * and the accelerators' scale-up bandwidth, a node being what the built topology joins over the network, one
     * scale-up domain of the benchmark's nodes ({@link ClusterDomains#size}) with its share of the node's NICs. A node
     * of 8 accelerators without scale-up is 8 one-accelerator nodes to NCCL, every ring hop a network one, so one ring
     * per accelerator's NIC: 2 channels, not the 16 of 8 NICs whose rings would each cross the node once.
     */
    public static int defaultChannels(CollectiveBenchmarkSpec benchmark, Generation generation) {
        ClusterSpec used = benchmark.cluster().withNodes(benchmark.nodes());
        NodeSpec node = used.node();
        int domain = ClusterDomains.size(used);
        int nodes = (benchmark.ranks() + domain - 1) / domain;
        double scaleUpBytesPerSecond = domain < 2 ? 0 : node.scaleUp().bytesPerSecondPerAccelerator();
        return NcclChannels.communicator(generation, scaleUpBytesPerSecond, nicsPerDomain(used), nodes);
    }

    /**
     * The NICs one scale-up domain of {@code cluster} leaves through, n_NIC · D ÷ n (at least one where its nodes
     * have any): NCCL's NICs per node where a node is one domain, 1 for a node without scale-up, every NIC of the
     * domain's nodes where it spans several (72 for an NVL72 rack of 18 trays of 4, as NCCL's multi-node NVLink
     * sees it). In long: NICs × domain passed 2^31 − 1 at {@code nics 2147483647} and ran as negative channels. O(1).
     */
    public static int nicsPerDomain(ClusterSpec cluster) {
        NodeSpec node = cluster.node();
        return node.nic() == null ? 0
                : (int) Math.max(1, (long) node.nics() * ClusterDomains.size(cluster) / node.accelerators());
    }
}
