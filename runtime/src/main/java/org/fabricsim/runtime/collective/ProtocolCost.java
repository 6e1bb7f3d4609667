package org.fabricsim.runtime.collective;

import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.sim.ClockCause;
import org.fabricsim.runtime.sim.ClockLimit;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

/**
 * The time of one simulated schedule under each NCCL protocol ({@link NcclTuning}).
 *
 * <p>The schedule ran once with the Simple protocol's step latencies; its time is the transfer
 * time T_bw, the time in flight T_prop (path latency after the last byte left) and Σ_phases
 * α(phase)·latencySteps(phase). For protocol p with bus-bandwidth factor η_p, cap C_p and latencies α_p:
 * T_p = max(T_bw / η_p, S·f(n) / C_p) + T_prop + Σ α_p(phase)·latencySteps(phase) + base_p + plateau
 * + host, where base_p is NCCL's base latency of a ring or tree reduce-scatter, all-gather or
 * all-reduce, plateau is NCCL's ring plateau (for a Simple ring all-reduce across domains with at
 * least 64 bytes per channel and rank, (factor − 1) · Σ α(phase)·latencySteps(phase); none under RCCL, whose {@code
 * ncclTopoGetAlgoTime} applies it only in its non-AMD branch, ROCm/rccl {@code tuning.cc} at 0cbce2a7 line 664), and
 * host the per-call host cost a framework-timed call includes ({@link StepOverheads#hostCallPs}). Under NCCL an LL or
 * LL128 ring all-reduce across domains takes at least its network proxy's posting time ({@link NetProxyFloor}),
 * the host cost added after; under RCCL (CDNA3, CDNA4) it does not: RCCL's LL128 ring measured across 2 nodes on 64
 * channels runs below the floor (docs/accuracy.md, "RCCL's protocols by size, session 65"). A tree with LL or LL128
 * runs NCCL's chunks for the protocol, so its bandwidth time takes the pipeline fill of those chunks in place of the
 * simulated Simple one ({@link TreePipeline}), and pays NCCL's tree latencies along one chain and the tree levels
 * ({@link NcclTuning#treeLatencyPs}) in place of the mean hop of its transfers. In-switch reduction's bandwidth time
 * also pays NCCL's NVLS pipeline fill ({@link NvlsPipeline}, heads one domain's GPUs; across domains NVLSTree's chunk
 * rule), and across domains (NVLSTree) its trees' latency ({@link NcclTuning#nvlsTreeLatencyPs}); CollNet pays its
 * aggregation tree's depth in flight ({@link Schedule#fixedLatencyPs}) and NCCL's CollNet latency ({@link
 * NcclTuning#collNetLatencyPs}) instead of step latencies. Hop counts are taken once per phase ({@link PhaseHops});
 * each protocol then costs O(phases).
 */
final class ProtocolCost {
    /** NCCL_MAX_NVLS_ARITY of NCCL's device.h. */
    private static final int MAX_NVLS_HEADS = 32;
    private final CollectiveRequest request;
    private final Algorithm algorithm;
    private final Schedule schedule;
    private final long bandwidthPs;
    private final long propagationPs;
    private final int domain;
    private final int domains;
    private final NcclTuning tuning;
    private final PhaseHops[] hops;
    /**
     * Whether RCCL runs the call on its platform model across nodes of 8 CDNA3 or CDNA4 GPUs ({@code rome_model_81},
     * {@link RcclMeshRings}), whose options set {@code ll128Enabled}.
     */
    private final boolean rcclAcrossNodes;

    /**
     * The costs of {@code schedule}, which ran in {@code simulatedPs} with the request's step
     * latencies, {@code propagationPs} of it in flight; {@code hops} are its phases' hops; its ranks
     * {@code perNode} to a node (a placed group: one GPU of each node has 1), or 0 when they fill the domains in order.
     */
    ProtocolCost(ClusterTopology topology, CollectiveRequest request, Algorithm algorithm, Schedule schedule,
            PhaseHops[] hops, long simulatedPs, long propagationPs, int perNode) {
        this.request = request;
        this.algorithm = algorithm;
        this.schedule = schedule;
        this.hops = hops;
        this.propagationPs = propagationPs;
        this.bandwidthPs = simulatedPs - propagationPs - stepLatencyPs(request.stepOverheads());
        this.domain = perNode > 0 ? perNode : Math.max(1, Math.min(topology.domainSize(), request.ranks()));
        this.domains = (request.ranks() + domain - 1) / domain;
        this.tuning = new NcclTuning(request.generation());
        this.rcclAcrossNodes = request.generation().rccl() && domains > 1
                && topology.scaleUpKind() == ScaleUpParameters.Kind.FULL_MESH
                && RcclMeshRings.apply(request.ranks(), topology.domainSize());
    }

    /**
     * Whether the call may run with {@code protocol}: the request forces it, or leaves the choice to the library
     * and the library enables it by default ({@link NcclTuning#enabledByDefault}), NCCL runs it on the
     * algorithm, and, across domains, the network delivers bytes in order. LL and LL128 signal with a
     * flag stored next to the data, so a network that sprays packets over paths (AWS EFA's SRD) could
     * expose the flag before the data; the network plugin then restricts NCCL to Simple
     * (aws-ofi-nccl: "Setting NCCL_PROTO='simple' to prevent data corruption (reason: byte delivery
     * ordering not supported)", aws/aws-ofi-nccl PR #850 and issue #76).
     */
    boolean allows(Protocol protocol) {
        Protocol requested = request.protocol();
        boolean inOrder = domains == 1 || request.routing() != RoutingMode.SPRAY || protocol == Protocol.SIMPLE;
        boolean chosen = requested == protocol
                || requested == Protocol.AUTO && tuning.enabledByDefault(algorithm, protocol, domains, rcclAcrossNodes);
        return chosen && NcclTuning.runs(algorithm, protocol) && inOrder;
    }

    /**
     * The protocol RCCL puts in place of its cost model's choice when the request leaves the protocol to the library
     * ({@link RcclProtocols}: CDNA3 and CDNA4 across nodes, by size), where it {@link #allows} it; {@link
     * Protocol#AUTO} where the choice stands (NCCL, one node, a forced protocol, the other collectives).
     */
    Protocol rcclProtocol() {
        if (request.protocol() != Protocol.AUTO || !request.generation().rccl()) {
            return Protocol.AUTO;
        }
        Protocol protocol = RcclProtocols.protocol(request.generation(), request.operation(), request.sizeBytes(),
                request.ranks(), domains, rcclAcrossNodes);
        return protocol != Protocol.AUTO && allows(protocol) ? protocol : Protocol.AUTO;
    }

    /**
     * The channels a call runs on with {@code protocol} ({@link NcclChannels#perCall}); in-switch
     * reduction across domains runs one per head, every GPU of a domain ({@code search.cc}: the NVLS
     * graph has at most NCCL_MAX_NVLS_ARITY = 32 heads, GPUs paired with their NICs).
     */
    int channels(Protocol protocol) {
        if (algorithm == Algorithm.IN_NETWORK && domains > 1) {
            return Math.min(domain, MAX_NVLS_HEADS);
        }
        if (algorithm != Algorithm.RING && algorithm != Algorithm.DOUBLE_BINARY_TREE) {
            return request.channels();
        }
        return NcclChannels.perCall(request.generation(), request.channels(), protocol, algorithm == Algorithm.RING,
                request.ranks(), request.sizeBytes());
    }

    /** T_p in picoseconds. */
    long timePs(Protocol protocol) {
        StepOverheads overheads = NcclTuning.overheads(algorithm, protocol, request.stepOverheads(), domains);
        double busBytes = request.sizeBytes() * request.operation().busBandwidthFactor(request.ranks());
        double capBytesPerSecond = tuning.busBandwidthCapBytesPerSecond(algorithm, protocol, channels(protocol),
                domains);
        double capPs = busBytes / capBytesPerSecond * 1e12;
        double transferPs = Math.max(bandwidthPs * treeFillRatio(protocol)
                / tuning.efficiency(algorithm, protocol, domains, request.operation()), capPs);
        if (algorithm == Algorithm.IN_NETWORK) {
            transferPs *= 1 + NvlsPipeline.fillFraction(request.sizeBytes(), domain, domains, request.generation());
        }
        boolean llTree = algorithm == Algorithm.DOUBLE_BINARY_TREE && protocol != Protocol.SIMPLE;
        long stepsPs = llTree ? NcclTuning.treeLatencyPs(protocol, request.ranks() / domains, domains)
                : stepLatencyPs(overheads);
        long timePs = Math.round(transferPs) + propagationPs + stepsPs + callLatencyPs(protocol, overheads, stepsPs)
                + schedule.fixedLatencyPs() + collNetLatencyPs() + nvlsTreeLatencyPs();
        long devicePs = Math.max(timePs, proxyFloorPs(protocol));
        return ClockLimit.plus(devicePs, overheads.hostCallPs(), devicePs, ClockCause.FRAMEWORK_CALL);
    }

    /**
     * The library's estimate of the call with {@code protocol}, by which it chooses, from the simulated Simple
     * transfer time without a tree's pipeline fill: RCCL's own under CDNA3 and CDNA4 ({@link RcclEstimate}), else
     * NCCL's ({@link NcclEstimate}) on the search graph's channels ({@link NcclChannels#graph}, half the
     * communicator's; NVLSTree's heads).
     */
    long estimatePs(Protocol protocol) {
        int graphChannels = algorithm == Algorithm.IN_NETWORK ? channels(Protocol.SIMPLE)
                : NcclChannels.graph(request.channels());
        double steadyPs = bandwidthPs;
        if (algorithm == Algorithm.DOUBLE_BINARY_TREE && schedule.phaseCount() > 0) {
            int depth = schedule.latencySteps(0);
            steadyPs /= TreePipeline.fillFactor(depth, schedule.repeat(0) - depth + 1L);
        }
        if (request.generation().rccl()) {
            return RcclEstimate.timePs(request, algorithm, protocol, domains, Math.round(steadyPs));
        }
        return NcclEstimate.timePs(tuning, request, algorithm, protocol, domains, graphChannels,
                Math.round(steadyPs));
    }

    /**
     * A tree's fill with the protocol's chunks over the fill the engine simulated with Simple's
     * ({@link TreePipeline#fillRatio}), else 1.
     */
    private double treeFillRatio(Protocol protocol) {
        if (algorithm != Algorithm.DOUBLE_BINARY_TREE || schedule.phaseCount() == 0) {
            return 1;
        }
        int depth = schedule.latencySteps(0);
        return TreePipeline.fillRatio(request.generation(), protocol, request.sizeBytes(), channels(protocol),
                request.ranks(), domains, depth, schedule.repeat(0) - depth + 1L, request.pipelineChunkBytes());
    }

    /** NCCL's network proxy floor of a ring all-reduce ({@link NetProxyFloor}), else 0 (and under RCCL). */
    private long proxyFloorPs(Protocol protocol) {
        return proxyFloored() ? NetProxyFloor.allReducePs(protocol, request.sizeBytes(), request.ranks(), domain,
                domains, channels(protocol)) : 0;
    }

    /**
     * What sets {@code protocol}'s device time when it is not the schedule's own: the network proxy's floor in
     * its factors ({@link NetProxyFloor#reason}) where the floor reaches {@code timePs} ({@link #timePs} of the
     * protocol) less the host's cost, else empty.
     */
    String bound(Protocol protocol, long timePs) {
        long floorPs = proxyFloorPs(protocol);
        if (floorPs == 0 || timePs - NcclTuning.overheads(algorithm, protocol, request.stepOverheads(),
                domains).hostCallPs() > floorPs) {
            return "";
        }
        return NetProxyFloor.reason(protocol, request.sizeBytes(), request.ranks(), domain, domains,
                channels(protocol));
    }

    private boolean proxyFloored() {
        return algorithm == Algorithm.RING && request.operation() == CollectiveOperation.ALL_REDUCE
                && !request.generation().rccl();
    }

    /** NCCL's CollNet latency ({@link NcclTuning#collNetLatencyPs}), 0 for other algorithms. */
    private long collNetLatencyPs() {
        boolean collNet = algorithm.collNet();
        return collNet ? NcclTuning.collNetLatencyPs(algorithm, request.ranks() / domains) : 0;
    }

    /** NCCL's latency of NVLSTree's trees across domains ({@link NcclTuning#nvlsTreeLatencyPs}), else 0. */
    private long nvlsTreeLatencyPs() {
        return algorithm == Algorithm.IN_NETWORK ? NcclTuning.nvlsTreeLatencyPs(domains) : 0;
    }

    private long callLatencyPs(Protocol protocol, StepOverheads overheads, long stepsPs) {
        CollectiveOperation operation = request.operation();
        boolean baseApplies = (algorithm == Algorithm.RING || algorithm == Algorithm.DOUBLE_BINARY_TREE)
                && schedule.phaseCount() > 0 && (operation == CollectiveOperation.ALL_REDUCE
                        || operation == CollectiveOperation.REDUCE_SCATTER
                        || operation == CollectiveOperation.ALL_GATHER);
        if (!baseApplies) {
            return 0;
        }
        boolean plateau = protocol == Protocol.SIMPLE && algorithm == Algorithm.RING
                && operation == CollectiveOperation.ALL_REDUCE && domains > 1 && !request.generation().rccl()
                && request.sizeBytes() / ((long) request.channels() * request.ranks()) >= 64;
        return overheads.ringBasePs() + (plateau ? Math.round((overheads.ringPlateau() - 1) * stepsPs) : 0);
    }

    /** Σ_phases α(phase)·latencySteps(phase) with {@code overheads}. */
    private long stepLatencyPs(StepOverheads overheads) {
        double sumPs = 0;
        for (int phase = 0; phase < schedule.phaseCount(); phase++) {
            sumPs += (double) hops[phase].overheadPs(overheads) * schedule.latencySteps(phase);
        }
        return Math.round(sumPs);
    }
}
