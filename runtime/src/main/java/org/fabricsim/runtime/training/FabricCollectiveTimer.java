package org.fabricsim.runtime.training;

import java.util.Map;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.collective.MeshRings;
import org.fabricsim.runtime.fabricbehaviour.FabricBehaviour;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * {@link CollectiveTimer} on the engine's flow-level network model ({@link FabricPhase}): each
 * distinct step pattern is solved once with all its concurrent groups and memoized, so identical
 * ring steps (n − 1 per collective) cost one solve. Step software latency: NCCL's per-step
 * latency of the run's {@link Calibration}: a ring step pays the mean of the network's and NVLink's
 * over the hops of rank 0's ring ({@link DomainCrossings#crossingHops}, {@link
 * SolvedPatterns#stepOverheadSeconds}), the pipeline sends the network's when one leaves its domain.
 * A ring step or pipeline send that leaves the scale-up domain is spread over the scale-out
 * fabric's flows per peer ({@link org.fabricsim.runtime.spec.FabricSpec#flowsPerPeer}), each hashed
 * onto its own path. The pipeline sends and the expert all-to-all are {@link PointToPointPhases}.
 *
 * <p>Sizes: a ring step along an axis is solved once, at the first size asked for, and other sizes
 * are scaled from it ({@link SolvedPatterns}), the concurrent pipeline sends scaled alike (an
 * approximation when the caller's pipeline size does not scale with the ring's). Solves per step:
 * one per axis plus one for pipeline sends and one for expert all-to-all. The count methods add a
 * solved pattern's link bytes, scaled, to the run's {@link LinkTraffic}, O(links) per count; the
 * patterns are built by {@link FabricPatterns}. A ring all-reduce across domains also pays NCCL's
 * ring plateau ({@link #allReducePlateauSeconds}).
 *
 * <p>Direct tori: an axis whose groups are whole sub-tori reduce-scatters and all-gathers as
 * bidirectional rings along its torus dimensions, one dimension after another, each dimension's step
 * solved once like a ring step ({@link TorusRings}); other axes take the flat ring.
 *
 * <p>Repeated runs: {@link #nextRun} shares the solved patterns (their times depend on the topology,
 * placement, routing, seed and step latencies only) and starts with no link traffic and no engine
 * counts, so that a fit evaluating one job under many compute constants solves each pattern once.
 */
public final class FabricCollectiveTimer implements RunTimer {

    private final ClusterTopology topology;
    private final Placement placement;
    private final FabricPatterns patterns;
    private final SolvedPatterns solved;
    private final TorusRings torusRings;
    private final PointToPointPhases phases;
    /** By axis ordinal, the share of rank 0's ring hops that leave a scale-up domain. */
    private final double[] axisCrossingShare;
    /** The ring over the expert data-parallel groups. */
    private final ExpertDataRing expertData;
    /** Whether RCCL runs the job's collectives (CDNA3, CDNA4), whose cost model has no ring plateau. */
    private final boolean rccl;
    /** The data-parallel calls on CollNet, or null when the job does not enable it. */
    private final DataParallelCollNet collNet;

    /** A timer with the default profile's step latencies. */
    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, int flowsPerPeer,
            long seed) {
        this(topology, placement, routing, flowsPerPeer, seed, Calibration.DEFAULT);
    }

    /** A timer whose {@code flowsPerPeer} (≥ 1) flows carry each transfer between domains, at {@code calibration}. */
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
        this(topology, placement, routing, flowsPerPeer, seed, calibration, network, behaviour, null, Generation.HOPPER,
                false, Algorithm.AUTO);
    }

    /**
     * A timer for a job placed on some of the cluster's accelerators: rank r runs on {@code
     * accelerators[r]} (null: on accelerator r). The placement keeps whole scale-up domains in
     * order (rank r and rank r' share a domain exactly when their accelerators do), so the domain
     * tests on ranks stay true; a placed job's rings are flat rings, never a torus's dimensions. The accelerators'
     * {@code generation} picks a full mesh's rings (RCCL's on 8 CDNA3 GPUs, {@link MeshRings#successors}); the
     * shorter constructors run as Hopper. With {@code collNet} the data-parallel reduce-scatters, all-gathers and
     * all-reduces run on NCCL's CollNet where NCCL would run them there ({@link DataParallelCollNet}).
     * The data-parallel collectives run on the algorithm NCCL_ALGO forces, {@code dataParallel} ({@code AUTO}:
     * NCCL's tuner; {@code RING}; {@code COLLNET_DIRECT}, which enables CollNet whatever {@code collNet} says).
     * O(groups · hops) to grant CollNet's trees.
     *
     * @throws IllegalArgumentException where CollNet is forced and some data-parallel group cannot run it
     */
    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, int flowsPerPeer,
            long seed, Calibration calibration, NetworkKind network, FabricBehaviour behaviour, int[] accelerators,
            Generation generation, boolean collNet, Algorithm dataParallel) {
        if (placement.accelerators() > topology.accelerators()
                || accelerators != null && accelerators.length != placement.accelerators()) {
            throw new IllegalArgumentException(placement.accelerators() + " ranks on " + topology.accelerators()
                    + " accelerators");
        }
        if (flowsPerPeer < 1) {
            throw new IllegalArgumentException("flowsPerPeer must be at least 1, was " + flowsPerPeer);
        }
        if (behaviour != null && network != NetworkKind.MAX_MIN) {
            throw new IllegalArgumentException("a fabric behaviour is the flow model's: the " + network
                    + " network model does not apply it");
        }
        this.topology = topology;
        this.placement = placement;
        this.patterns = new FabricPatterns(topology, placement, routing, seed, network, behaviour, flowsPerPeer,
                accelerators == null ? null : accelerators.clone(), generation);
        this.solved = new SolvedPatterns(topology, calibration.stepOverheads());
        this.torusRings = new TorusRings(topology, placement, patterns, solved, accelerators != null);
        this.axisCrossingShare = patterns.crossings().axisCrossingShares();
        this.expertData = new ExpertDataRing(patterns, solved);
        this.phases = new PointToPointPhases(placement, network, patterns, solved, axisCrossingShare);
        this.rccl = generation.rccl();
        this.collNet = (collNet || dataParallel == Algorithm.COLLNET_DIRECT) && placement.size(Axis.DATA) > 1
                ? new DataParallelCollNet(topology, placement, accelerators, calibration, generation, routing, seed,
                        dataParallel)
                : null;
    }

    private FabricCollectiveTimer(FabricCollectiveTimer previous) {
        this.topology = previous.topology;
        this.placement = previous.placement;
        this.patterns = previous.patterns;
        this.solved = previous.solved.nextRun(topology);
        this.torusRings = previous.torusRings.nextRun(solved);
        this.axisCrossingShare = previous.axisCrossingShare;
        this.expertData = previous.expertData.nextRun(solved);
        this.phases = previous.phases.nextRun(solved);
        this.rccl = previous.rccl;
        this.collNet = previous.collNet;
    }

    /** The next run of the same job: solved patterns shared both ways, no traffic or engine counts. O(links). */
    @Override
    public FabricCollectiveTimer nextRun() {
        return new FabricCollectiveTimer(this);
    }

    @Override
    public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
        if (placement.size(axis) < 2 || !(bytesPerRank > 0)) {
            return 0;
        }
        return solved.scaled(ringKey(axis, pipelineBytes), bytesPerRank, axisCrossingShare[axis.ordinal()],
                () -> patterns.ringStep(axis, bytesPerRank, pipelineBytes));
    }

    /**
     * On a torus whose dimensions the axis's groups span, {@link TorusRings#ringSeconds}; else the flat ring; a
     * data-parallel reduce-scatter or all-gather on CollNet where NCCL would run it there ({@link
     * DataParallelCollNet#choose}; the two cost the same, each NIC S/k one way and S/n the other).
     */
    @Override
    public double ringSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        double ring = ring(axis, ranks, bufferBytes, pipelineBytes);
        return onCollNet(axis, ranks) ? collNet.choose(CollectiveOperation.REDUCE_SCATTER, bufferBytes, ring) : ring;
    }

    /** Twice the ring and its plateau; a data-parallel all-reduce on CollNet where NCCL would run it there. */
    @Override
    public double allReduceSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        if (ranks < 2 || !(bufferBytes > 0)) {
            return 0;
        }
        double ring = 2 * ring(axis, ranks, bufferBytes, pipelineBytes) + allReducePlateauSeconds(axis, ranks);
        return onCollNet(axis, ranks) ? collNet.choose(CollectiveOperation.ALL_REDUCE, bufferBytes, ring) : ring;
    }

    @Override
    public DataParallelCollNet collNet() {
        return collNet;
    }

    private boolean onCollNet(Axis axis, int ranks) {
        return collNet != null && axis == Axis.DATA && ranks == placement.size(Axis.DATA);
    }

    private double ring(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        return torusRings.serve(axis, ranks) ? torusRings.ringSeconds(axis, bufferBytes, pipelineBytes)
                : RunTimer.super.ringSeconds(axis, ranks, bufferBytes, pipelineBytes);
    }

    /**
     * A data-parallel call NCCL runs on CollNet ({@link DataParallelCollNet#takes}) adds CollNet's bytes ({@link
     * DataParallelCollNet#count}); any other the rings'.
     */
    @Override
    public void countDataParallel(CollectiveOperation operation, int ranks, double bufferBytes, double pipelineBytes,
            double times) {
        if (onCollNet(Axis.DATA, ranks) && times > 0 && collNet.takes(operation, bufferBytes)) {
            collNet.count(operation, bufferBytes, times, solved.traffic());
        } else {
            RunTimer.super.countDataParallel(operation, ranks, bufferBytes, pipelineBytes, times);
        }
    }

    @Override
    public void countRing(Axis axis, int ranks, double bufferBytes, double pipelineBytes, double times) {
        if (torusRings.serve(axis, ranks)) {
            torusRings.countRing(axis, bufferBytes, pipelineBytes, times);
        } else {
            RunTimer.super.countRing(axis, ranks, bufferBytes, pipelineBytes, times);
        }
    }

    /**
     * NCCL's plateau on the axis's flat ring ({@link SolvedPatterns#plateauSeconds}); none on a torus (not NCCL) nor
     * under RCCL, whose {@code ncclTopoGetAlgoTime} applies it only in its non-AMD branch (ROCm/rccl {@code
     * src/graph/tuning.cc} at 0cbce2a7, line 664).
     */
    @Override
    public double allReducePlateauSeconds(Axis axis, int ranks) {
        return plateauSeconds(ranks, axisCrossingShare[axis.ordinal()]);
    }

    @Override
    public double expertDataAllReducePlateauSeconds(int ranks) {
        return plateauSeconds(ranks, expertData.crossingShare());
    }

    private double plateauSeconds(int ranks, double crossingShare) {
        return ranks < 2 || !ncclCollectives() ? 0 : solved.plateauSeconds(2 * (ranks - 1), crossingShare);
    }

    /**
     * Whether the job's collectives are NCCL's, whose ring all-reduce pays the plateau: not on a direct torus, whose
     * stacks (TPUs) run XLA's, nor on CDNA3 or CDNA4, which run RCCL's.
     */
    boolean ncclCollectives() {
        return topology.torusShape() == null && !rccl;
    }

    @Override
    public double expertDataRingSeconds(int ranks, double bufferBytes, double pipelineBytes) {
        return expertData.ringSeconds(ranks, bufferBytes, pipelineBytes);
    }

    @Override
    public void countExpertDataRing(int ranks, double bufferBytes, double pipelineBytes, double times) {
        expertData.count(ranks, bufferBytes, pipelineBytes, times);
    }

    @Override
    public double pipelineSendSeconds(double bytes) {
        return phases.pipelineSendSeconds(bytes);
    }

    /** The skewed all-to-all as one phase of the flow model ({@link PointToPointPhases#expertAllToAllSeconds}). */
    @Override
    public double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec expertRouting,
            DeduplicatedDispatch dispatch) {
        return phases.expertAllToAllSeconds(bytesPerRank, expertRouting, dispatch);
    }

    @Override
    public void countRingSteps(Axis axis, double bytesPerRank, double pipelineBytes, double steps) {
        if (steps > 0 && ringStepSeconds(axis, bytesPerRank, pipelineBytes) > 0) {
            String key = ringKey(axis, pipelineBytes);
            solved.count(key, steps * bytesPerRank / solved.referenceBytes(key));
        }
    }

    @Override
    public void countPipelineSends(double bytes, double times) {
        phases.countPipelineSends(bytes, times);
    }

    @Override
    public void countExpertAllToAll(double bytesPerRank, ExpertRoutingSpec expertRouting,
            DeduplicatedDispatch dispatch, double times) {
        phases.countExpertAllToAll(bytesPerRank, expertRouting, dispatch, times);
    }

    @Override
    public Map<String, TierUtilization> linkUtilization(double stepSeconds) {
        return solved.traffic().utilization(stepSeconds);
    }

    /** Bytes the counted patterns moved over each link, by link handle. O(links). */
    public double[] linkBytes() {
        return solved.traffic().bytes();
    }

    @Override
    public long eventsFired() {
        return solved.eventsFired();
    }

    @Override
    public long flowsStarted() {
        return solved.flowsStarted();
    }

    private static String ringKey(Axis axis, double pipelineBytes) {
        return "ring " + axis + (pipelineBytes > 0);
    }
}