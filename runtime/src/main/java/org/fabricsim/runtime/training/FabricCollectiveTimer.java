package org.fabricsim.runtime.training;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.TorusShape;

/**
 * {@link CollectiveTimer} on the engine's flow-level network model ({@link FabricPhase}): each
 * distinct step pattern is solved once with all its concurrent groups and memoized, so identical
 * ring steps (n − 1 per collective) cost one solve. Step software latency: NCCL's per-step
 * latency of the run's {@link Calibration} (network when a step leaves the scale-up domain,
 * NVLink otherwise). A ring step or pipeline send that leaves the scale-up domain is spread over
 * the scale-out fabric's flows per peer ({@link org.fabricsim.runtime.spec.FabricSpec#flowsPerPeer}), each
 * hashed onto its own path, so more flows mean fewer ECMP collisions.
 *
 * <p>Sizes: in the fluid max-min model a phase whose flows all scale by x lasts x times as long
 * (rates do not depend on sizes, so every completion scales). A ring step along an axis is
 * therefore solved once, at the first size asked for, and other sizes are scaled from it, the
 * concurrent pipeline sends scaled alike (an approximation when the caller's pipeline size does
 * not scale with the ring's). Solves per step: one per axis plus one for pipeline sends and one
 * for expert all-to-all, whatever the number of chunks and stages.
 *
 * <p>Link traffic: each solve keeps the bytes its foreground transfers routed over every link;
 * the count methods add a solved pattern's bytes, scaled by size and repetitions, to a {@link
 * LinkTraffic} (O(links) per count).
 *
 * <p>Direct tori: an axis whose groups are whole sub-tori ({@link TorusRings}) reduce-scatters and
 * all-gathers as bidirectional rings along its torus dimensions, one dimension after another, each
 * dimension's step solved once like a ring step; other axes take the flat ring.
 *
 * <p>Repeated runs: {@link #nextRun} gives a timer for another run of the same job on the same
 * topology and step latencies, sharing the solved patterns and starting with no link traffic and
 * no engine counts, so that a fit evaluating one job under many compute constants solves each
 * pattern once (the times of a pattern depend on the topology, placement, routing, seed and step
 * latencies only).
 */
public final class FabricCollectiveTimer implements RunTimer {
    private static final int FOREGROUND = 0;
    private static final int BACKGROUND = 1;
    /**
     * The analytical network's one pipeline-send pattern: flows there run at fixed rates, so a send
     * of any size is the reference's time scaled by size (plus the step latency), as ring steps are.
     */
    private static final String PIPELINE_REFERENCE = "pp";

    private final ClusterTopology topology;
    private final Placement placement;
    private final RoutingMode routing;
    private final long seed;
    private final NetworkKind network;
    private final FabricBehaviour behaviour;
    private final int flowsPerPeer;
    private final StepOverheads overheads;
    private final Map<String, Double> solved;
    private final Map<String, double[]> referenceBytes;
    private final Map<String, double[]> patternLinkBytes;
    private final LinkTraffic traffic;
    private final int[][] torusDimensions;
    /** Rank r's accelerator, or null when rank r runs on accelerator r. */
    private final int[] accelerators;
    private long eventsFired;
    private long flowsStarted;

    /** A timer with the default profile's step latencies. */
    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, int flowsPerPeer,
            long seed) {
        this(topology, placement, routing, flowsPerPeer, seed, Calibration.DEFAULT);
    }

    /**
     * A timer on {@code topology}; {@code flowsPerPeer} (≥ 1) flows carry each transfer between
     * scale-up domains; steps pay the per-step latencies of {@code calibration}.
     */
    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, int flowsPerPeer,
            long seed, Calibration calibration) {
        this(topology, placement, routing, flowsPerPeer, seed, calibration, NetworkKind.MAX_MIN);
    }

    /** A timer whose patterns are solved on {@code network} (the flow model, or the analytical one a screen uses). */
    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, int flowsPerPeer,
            long seed, Calibration calibration, NetworkKind network) {
        this(topology, placement, routing, flowsPerPeer, seed, calibration, network, null);
    }

    /**
     * A timer whose flow model derates contended bottlenecks by the scale-out fabric's measured
     * {@code behaviour} ({@link FabricBehaviour}; null: the ideal fabric).
     */
    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, int flowsPerPeer,
            long seed, Calibration calibration, NetworkKind network, FabricBehaviour behaviour) {
        this(topology, placement, routing, flowsPerPeer, seed, calibration, network, behaviour, null);
    }

    /**
     * A timer for a job placed on some of the cluster's accelerators: rank r runs on {@code
     * accelerators[r]} (null: on accelerator r). The placement keeps whole scale-up domains in
     * order (rank r and rank r' share a domain exactly when their accelerators do), so the domain
     * tests on ranks stay true; a placed job's rings are flat rings, never a torus's dimensions.
     */
    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, int flowsPerPeer,
            long seed, Calibration calibration, NetworkKind network, FabricBehaviour behaviour, int[] accelerators) {
        if (placement.accelerators() > topology.accelerators()
                || accelerators != null && accelerators.length != placement.accelerators()) {
            throw new IllegalArgumentException(placement.accelerators() + " ranks on " + topology.accelerators()
                    + " accelerators");
        }
        if (flowsPerPeer < 1) {
            throw new IllegalArgumentException("flowsPerPeer must be at least 1, was " + flowsPerPeer);
        }
        this.topology = topology;
        this.placement = placement;
        this.routing = routing;
        this.seed = seed;
        if (behaviour != null && network != NetworkKind.MAX_MIN) {
            throw new IllegalArgumentException("a fabric behaviour is the flow model's: the " + network
                    + " network model does not apply it");
        }
        this.network = network;
        this.behaviour = behaviour;
        this.flowsPerPeer = flowsPerPeer;
        this.overheads = calibration.stepOverheads();
        this.traffic = new LinkTraffic(topology);
        this.accelerators = accelerators == null ? null : accelerators.clone();
        this.torusDimensions = new int[Axis.values().length][];
        for (Axis axis : Axis.values()) {
            torusDimensions[axis.ordinal()] = accelerators != null ? new int[0]
                    : TorusRings.dimensionsOf(topology.torusShape(), placement, axis);
        }
        this.solved = new HashMap<>();
        this.referenceBytes = new HashMap<>();
        this.patternLinkBytes = new HashMap<>();
    }

    private FabricCollectiveTimer(FabricCollectiveTimer previous) {
        this.topology = previous.topology;
        this.placement = previous.placement;
        this.routing = previous.routing;
        this.seed = previous.seed;
        this.network = previous.network;
        this.behaviour = previous.behaviour;
        this.flowsPerPeer = previous.flowsPerPeer;
        this.overheads = previous.overheads;
        this.traffic = new LinkTraffic(topology);
        this.torusDimensions = previous.torusDimensions;
        this.accelerators = previous.accelerators;
        this.solved = previous.solved;
        this.referenceBytes = previous.referenceBytes;
        this.patternLinkBytes = previous.patternLinkBytes;
    }

    /**
     * A timer for the next run of the same job: the patterns solved so far are shared (and what it
     * solves is shared back), link traffic and engine counts start at zero. O(links).
     */
    @Override
    public FabricCollectiveTimer nextRun() {
        return new FabricCollectiveTimer(this);
    }

    @Override
    public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
        if (placement.size(axis) < 2 || !(bytesPerRank > 0)) {
            return 0;
        }
        boolean crosses = !topology.sameDomain(0, placement.shift(0, axis, 1));
        return scaledPattern(ringKey(axis, pipelineBytes), bytesPerRank, crosses, () -> {
            FabricPhase phase = new FabricPhase(topology, routing, seed, network, behaviour, accelerators);
            int n = placement.accelerators();
            for (int rank = 0; rank < n; rank++) {
                if (!represents(rank, axis)) {
                    continue;
                }
                int next = placement.shift(rank, axis, 1);
                if (topology.sameDomain(rank, next)) {
                    phase.add(rank, next, bytesPerRank, 1, FOREGROUND);
                } else {
                    addDomainCrossing(phase, rank, next, axis, bytesPerRank);
                }
            }
            return withPipelineSends(phase, pipelineBytes);
        });
    }

    /**
     * On a direct torus whose dimensions the axis's groups span ({@link TorusRings}): Σ over those
     * dimensions of (k_d − 1) steps of S_d/k_d bytes per rank (S_d the buffer entering dimension
     * d), each a {@link #torusStepSeconds}; otherwise the flat ring.
     */
    @Override
    public double ringSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        int[] dimensions = torusDimensions[axis.ordinal()];
        if (dimensions.length == 0 || ranks != placement.size(axis)) {
            return RunTimer.super.ringSeconds(axis, ranks, bufferBytes, pipelineBytes);
        }
        double seconds = 0;
        double bytes = bufferBytes;
        for (int dimension : dimensions) {
            int k = topology.torusShape().size(dimension);
            seconds += (k - 1) * torusStepSeconds(axis, dimension, bytes / k, pipelineBytes);
            bytes /= k;
        }
        return seconds;
    }

    @Override
    public void countRing(Axis axis, int ranks, double bufferBytes, double pipelineBytes, double times) {
        int[] dimensions = torusDimensions[axis.ordinal()];
        if (dimensions.length == 0 || ranks != placement.size(axis)) {
            RunTimer.super.countRing(axis, ranks, bufferBytes, pipelineBytes, times);
            return;
        }
        double bytes = bufferBytes;
        for (int dimension : dimensions) {
            int k = topology.torusShape().size(dimension);
            double step = bytes / k;
            if (times > 0 && torusStepSeconds(axis, dimension, step, pipelineBytes) > 0) {
                String key = torusKey(axis, dimension, pipelineBytes);
                traffic.add(patternLinkBytes.get(key), (k - 1) * times * step / referenceBytes.get(key)[0]);
            }
            bytes = step;
        }
    }

    /**
     * Seconds of one step of the bidirectional rings along torus {@code dimension}: every rank of
     * the axis's groups sends half of {@code bytesPerRank} to its + neighbour and half to its −
     * neighbour along the dimension, while pipeline ranks send {@code pipelineBytes} in the
     * background. Solved once per (axis, dimension), scaled for other sizes.
     */
    private double torusStepSeconds(Axis axis, int dimension, double bytesPerRank, double pipelineBytes) {
        if (!(bytesPerRank > 0)) {
            return 0;
        }
        TorusShape torus = topology.torusShape();
        boolean crosses = !topology.sameDomain(0, torus.neighbour(0, dimension, 1));
        return scaledPattern(torusKey(axis, dimension, pipelineBytes), bytesPerRank, crosses, () -> {
            FabricPhase phase = new FabricPhase(topology, routing, seed, network, behaviour, accelerators);
            int n = placement.accelerators();
            for (int rank = 0; rank < n; rank++) {
                if (represents(rank, axis)) {
                    phase.add(rank, torus.neighbour(rank, dimension, 1), bytesPerRank / 2, 1, FOREGROUND);
                    phase.add(rank, torus.neighbour(rank, dimension, -1), bytesPerRank / 2, 1, FOREGROUND);
                }
            }
            return withPipelineSends(phase, pipelineBytes);
        });
    }

    /**
     * A memoized pattern's seconds at {@code bytesPerRank}: solved once at the first size asked for
     * (the pattern built by {@code pattern}), later sizes scaled from it (see the class comment),
     * each with the step latency.
     */
    private double scaledPattern(String key, double bytesPerRank, boolean crosses, Supplier<FabricPhase> pattern) {
        double overhead = stepOverheadSeconds(crosses);
        double[] reference = referenceBytes.get(key);
        if (reference != null) {
            return (solved.get(key) - overhead) * bytesPerRank / reference[0] + overhead;
        }
        referenceBytes.put(key, new double[] {bytesPerRank});
        double seconds = solve(pattern.get(), key) + overhead;
        solved.put(key, seconds);
        return seconds;
    }

    /** {@code phase} with the pipeline sends in the background on the flow model (analytical classes never contend). */
    private FabricPhase withPipelineSends(FabricPhase phase, double pipelineBytes) {
        if (network == NetworkKind.MAX_MIN) {
            addPipelineSends(phase, pipelineBytes, BACKGROUND);
        }
        return phase;
    }

    @Override
    public double pipelineSendSeconds(double bytes) {
        if (placement.size(Axis.PIPELINE) < 2 || !(bytes > 0)) {
            return 0;
        }
        if (network == NetworkKind.ANALYTICAL) {
            double[] reference = referenceBytes.computeIfAbsent(PIPELINE_REFERENCE, k -> new double[] {bytes});
            double referenceSeconds = pipelineSendSeconds(reference[0], PIPELINE_REFERENCE);
            double overhead = stepOverheadSeconds(!topology.sameDomain(0, placement.shift(0, Axis.PIPELINE, 1)));
            return (referenceSeconds - overhead) * bytes / reference[0] + overhead;
        }
        return pipelineSendSeconds(bytes, "pp " + bytes);
    }

    private double pipelineSendSeconds(double bytes, String patternKey) {
        return solved.computeIfAbsent(patternKey, key -> {
            FabricPhase phase = new FabricPhase(topology, routing, seed, network, behaviour, accelerators);
            addPipelineSends(phase, bytes, FOREGROUND);
            boolean crosses = !topology.sameDomain(0, placement.shift(0, Axis.PIPELINE, 1));
            return solve(phase, key) + stepOverheadSeconds(crosses);
        });
    }

    /**
     * The skewed all-to-all as one phase of the flow model: with L the busiest rank's load and L' the
     * others' ({@link ExpertRoutingSpec}), every rank sends L·B/G to the first member of its expert
     * group (that group's busiest rank) and L'·B/G to each other member, so the busiest receives
     * L·B and the others L'·B each; without drops every rank still sends B (L + (G − 1)·L' = G), so
     * the fabric carries the nominal total. The phase ends with its last flow, the busiest rank's
     * unless a shared link is slower. The combine is this pattern's transpose, the busiest rank
     * sending L·B; on links of equal rate both ways it takes the same time, so callers time both
     * with this pattern. Balanced (L = L' = 1) it is the uniform B/G to every member. One solve
     * per (B, routing).
     */
    @Override
    public double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec expertRouting) {
        int group = placement.expert();
        if (group < 2 || !(bytesPerRank > 0)) {
            return 0;
        }
        double toBusiest = expertRouting.busiestLoad() * bytesPerRank / group;
        double toOthers = expertRouting.otherLoad(group) * bytesPerRank / group;
        return solved.computeIfAbsent(expertKey(bytesPerRank, expertRouting), key -> {
            FabricPhase phase = new FabricPhase(topology, routing, seed, network, behaviour, accelerators);
            int n = placement.accelerators();
            boolean crosses = false;
            for (int rank = 0; rank < n; rank++) {
                int[] members = placement.expertGroup(rank);
                for (int j = 0; j < members.length; j++) {
                    phase.add(rank, members[j], j == 0 ? toBusiest : toOthers, 1, FOREGROUND);
                    crosses |= !topology.sameDomain(rank, members[j]);
                }
            }
            return solve(phase, key) + stepOverheadSeconds(crosses);
        });
    }

    @Override
    public void countRingSteps(Axis axis, double bytesPerRank, double pipelineBytes, double steps) {
        if (steps > 0 && ringStepSeconds(axis, bytesPerRank, pipelineBytes) > 0) {
            String key = ringKey(axis, pipelineBytes);
            traffic.add(patternLinkBytes.get(key), steps * bytesPerRank / referenceBytes.get(key)[0]);
        }
    }

    @Override
    public void countPipelineSends(double bytes, double times) {
        if (times > 0 && pipelineSendSeconds(bytes) > 0) {
            boolean scaled = network == NetworkKind.ANALYTICAL;
            traffic.add(patternLinkBytes.get(scaled ? PIPELINE_REFERENCE : "pp " + bytes),
                    scaled ? times * bytes / referenceBytes.get(PIPELINE_REFERENCE)[0] : times);
        }
    }

    @Override
    public void countExpertAllToAll(double bytesPerRank, ExpertRoutingSpec expertRouting, double times) {
        if (times > 0 && expertAllToAllSeconds(bytesPerRank, expertRouting) > 0) {
            traffic.add(patternLinkBytes.get(expertKey(bytesPerRank, expertRouting)), times);
        }
    }

    @Override
    public Map<String, TierUtilization> linkUtilization(double stepSeconds) {
        return traffic.utilization(stepSeconds);
    }

    /** Bytes the counted patterns moved over each link, by link handle. O(links). */
    public double[] linkBytes() {
        return traffic.bytes();
    }

    @Override
    public long eventsFired() {
        return eventsFired;
    }

    @Override
    public long flowsStarted() {
        return flowsStarted;
    }

    private double solve(FabricPhase phase, String key) {
        double seconds = phase.solveForeground();
        eventsFired += phase.eventsFired();
        flowsStarted += phase.flowsStarted();
        patternLinkBytes.put(key, phase.foregroundLinkBytes());
        return seconds;
    }

    private static String expertKey(double bytesPerRank, ExpertRoutingSpec expertRouting) {
        return "a2a " + bytesPerRank + " " + expertRouting;
    }

    private static String ringKey(Axis axis, double pipelineBytes) {
        return "ring " + axis + (pipelineBytes > 0);
    }

    private static String torusKey(Axis axis, int dimension, double pipelineBytes) {
        return "torus " + axis + " " + dimension + (pipelineBytes > 0);
    }

    /**
     * The ring edge from the last group member of one scale-up domain to the first of the next,
     * as NCCL lays out multi-channel rings: with k members of the group in the domain, k channels
     * each leave through a different member's NIC, so the edge's bytes go as k transfers of 1/k
     * from the j-th member of this domain to the j-th of the next (same local index, same rail).
     */
    private void addDomainCrossing(FabricPhase phase, int rank, int next, Axis axis, double bytes) {
        int first = rank;
        int k = 1;
        while (k < placement.size(axis) && topology.sameDomain(placement.shift(first, axis, -1), rank)) {
            first = placement.shift(first, axis, -1);
            k++;
        }
        for (int j = 0; j < k; j++) {
            phase.add(placement.shift(first, axis, j), placement.shift(next, axis, j), bytes / k,
                    flowsPerPeer, FOREGROUND);
        }
    }

    private void addPipelineSends(FabricPhase phase, double bytes, int transferClass) {
        if (placement.size(Axis.PIPELINE) < 2 || !(bytes > 0)) {
            return;
        }
        int stages = placement.size(Axis.PIPELINE);
        int n = placement.accelerators();
        for (int rank = 0; rank < n; rank++) {
            int stage = placement.coordinate(rank, Axis.PIPELINE);
            if (stage + 1 < stages && represents(rank, Axis.PIPELINE)) {
                int next = placement.shift(rank, Axis.PIPELINE, 1);
                phase.add(rank, next, bytes, connections(rank, next), transferClass);
            }
        }
    }

    /**
     * Whether {@code rank}'s transfers along {@code axis} are solved: every rank's on the flow model;
     * on the analytical one, where groups never contend, only those of the group of rank 0 (the
     * groups are translates of it on the same tiers), so a pattern costs O(group) instead of O(ranks).
     */
    private boolean represents(int rank, Axis axis) {
        if (network == NetworkKind.MAX_MIN) {
            return true;
        }
        for (Axis other : Axis.values()) {
            if (other != axis && placement.coordinate(rank, other) != 0) {
                return false;
            }
        }
        return true;
    }

    private int connections(int src, int dst) {
        return topology.sameDomain(src, dst) ? 1 : flowsPerPeer;
    }

    private double stepOverheadSeconds(boolean crossesDomains) {
        return (crossesDomains ? overheads.scaleOutPs() : overheads.scaleUpPs()) / 1e12;
    }
}
