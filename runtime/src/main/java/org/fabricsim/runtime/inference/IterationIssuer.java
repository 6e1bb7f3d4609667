package org.fabricsim.runtime.inference;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.inference.ServingSimulation.Pool;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.spec.InferenceSpec.Role;

/**
 * Starts the iterations of batch slots ({@link Replicas}) and keeps what they cost: FLOPs,
 * iteration count and the {@link ServingTimeline}.
 *
 * <p>An event wakes ({@link #kick}) the slots it may have given work; at its end ({@link #flush})
 * each woken slot that is idle starts an iteration, in the order woken, once its replica's first
 * pipeline stage is free: {@link BatchBuilder} composes and costs the batch, {@link PipelineStages}
 * places it on the stages, and the iteration's end is scheduled for the handler given. The stack's
 * host time per iteration ({@link org.fabricsim.runtime.spec.IterationHost}) lengthens the first
 * stage's occupancy (g + h + n · h_seq for the n sequences it schedules, or max(g, h + n · h_seq)
 * overlapped); the busy time counters keep the kernels' g, so
 * utilization shows the GPU idle while the host works. With PP > 1
 * the replica's idle slots are woken again when the iteration leaves the first stage. A request
 * that composing rejects is reported to {@code onRejected} (a closed-loop client sends its next).
 * Cost: O(woken slots) per flush plus the cost of composing.
 */
final class IterationIssuer {
    private final Simulation simulation;
    private final Replicas replicas;
    private final BatchBuilder batches;
    private final PipelineStages stages;
    private final KvHandoff handoff;
    private final PoolCounters poolCounters;
    private final Runnable onRejected;
    private final int iterationHandler;
    private final int stageFreeHandler;
    private final boolean[] kicked;
    private final int[] kickList;
    private int kickCount;
    private final DecodeRuns runs;
    private final ServingTimeline timeline = new ServingTimeline();
    private double flops;
    private long iterations;

    IterationIssuer(Simulation simulation, RequestTable requests, Replicas replicas, KvHandoff handoff,
            PoolCounters poolCounters, Runnable onRejected, int iterationHandler) {
        this.simulation = simulation;
        this.replicas = replicas;
        this.batches = new BatchBuilder(requests, replicas);
        this.runs = new DecodeRuns(replicas);
        this.stages = new PipelineStages(replicas);
        this.handoff = handoff;
        this.poolCounters = poolCounters;
        this.onRejected = onRejected;
        this.iterationHandler = iterationHandler;
        this.stageFreeHandler = simulation.register(this::onFirstStageFree);
        kicked = new boolean[replicas.count()];
        kickList = new int[replicas.count()];
    }

    /**
     * {@code slot} may have work: it is tried at the next {@link #flush}; when it is busy in a run of folded
     * iterations, the iteration in progress becomes the run's last ({@link DecodeRuns#cut}).
     */
    void kick(int slot) {
        if (replicas.busy[slot]) {
            cut(slot);
        } else if (!kicked[slot]) {
            kicked[slot] = true;
            kickList[kickCount++] = slot;
        }
    }

    /** A KV cache's arrival at decode {@code slot} is being scheduled: its run is cut first, and none starts until it fires. */
    void awaitKv(int slot) {
        cut(slot);
        runs.await(slot);
    }

    /** The KV-cache arrival awaited by {@code slot} fired. */
    void kvArrived(int slot) {
        runs.arrived(slot);
    }

    private void cut(int slot) {
        int last = runs.cut(slot, simulation.nowPs());
        if (last >= 0) {
            simulation.cancel(runs.event(slot));
            runs.scheduled(slot, simulation.schedule(runs.endPs(slot, last), iterationHandler, slot));
        }
    }

    /**
     * The run of {@code slot} ends now: its folded iterations are applied ({@link DecodeRuns#land}), their
     * FLOPs and count added; returns the output tokens of the ends between them. O(iterations folded).
     */
    long land(int slot) {
        int folded = runs.folded(slot);
        if (folded == 0) {
            return 0;
        }
        flops = runs.addFlops(slot, flops);
        iterations += folded;
        stages.issue(replicas.replicaOf[slot], runs.endPs(slot, folded - 1), runs.lastStagePs(slot), 0);
        return runs.land(slot);
    }

    /** Starts an iteration on every slot woken since the last flush that is still idle. */
    void flush() {
        for (int k = 0; k < kickCount; k++) {
            int slot = kickList[k];
            kicked[slot] = false;
            if (!replicas.busy[slot]) {
                startIteration(slot);
            }
        }
        kickCount = 0;
    }

    /** The first stage of {@code replica} is free: its idle slots may issue. */
    private void onFirstStageFree(int replica) {
        int first = replicas.firstSlotOfReplica(replica);
        for (int slot = first; slot < first + replicas.slotsOfReplica(replica); slot++) {
            kick(slot);
        }
        flush();
    }

    private void startIteration(int slot) {
        int replica = replicas.replicaOf[slot];
        long now = simulation.nowPs();
        if (stages.firstStageFreePs(replica) > now) {
            return;
        }
        long rejectedBefore = replicas.rejections();
        boolean composed = batches.compose(slot, now);
        for (long r = rejectedBefore; r < replicas.rejections(); r++) {
            onRejected.run();
        }
        if (composed) {
            simulation.schedule(issue(slot, replica, now), iterationHandler, slot);
        }
    }

    /**
     * Starts the next iteration of {@code slot}, whose iteration has just ended and been applied, when no
     * other slot was woken meanwhile (so none would start before it) and its running set decodes alone
     * as it stands ({@link BatchBuilder#composeDecodeOnly}): the iteration that marking it idle, {@link
     * #kick} and {@link #flush} would start, its events scheduled in the same order, without the general
     * composition. The slot stays busy. When {@code quiet} (nothing outside the slot reads its pool's counts
     * before its iterations end), the timeline is full, the replica has one stage, its iterations put no
     * expert traffic on the fabric and no KV cache is on its way to it, the iterations that follow are
     * planned as a run ({@link DecodeRuns}) and one event is scheduled at the run's end. Returns false,
     * having changed nothing, otherwise. O(1) plus the costing, O(1) per iteration planned.
     */
    boolean continueDecoding(int slot, boolean quiet) {
        int replica = replicas.replicaOf[slot];
        long now = simulation.nowPs();
        if (kickCount != 0 || stages.firstStageFreePs(replica) > now || !batches.composeDecodeOnly(slot)) {
            return false;
        }
        long endPs = issue(slot, replica, now);
        ServingModel model = replicas.poolOfSlot(slot).model();
        if (quiet && timeline.full() && model.pipeline() == 1 && runs.unawaited(slot)
                && !replicas.clock.awaitsFirstToken(slot) && !handoff.loadsFabric(slot, batches.newTokens())) {
            endPs = runs.plan(slot, endPs);
        }
        runs.scheduled(slot, simulation.schedule(endPs, iterationHandler, slot));
        return true;
    }

    /** Costs the batch just composed on {@code slot} and places it on the stages; returns when it ends. */
    private long issue(int slot, int replica, long now) {
        Pool pool = replicas.poolOfSlot(slot);
        poolCounters.started(replicas.poolOf[slot], now);
        if (handoff.layerByLayer() && pool.role() == Role.PREFILL) {
            handoff.startLayerByLayerTransfers(slot);
        }
        ServingModel model = pool.model();
        long gpuPs = batches.durationPs(model);
        long stagePs = pool.host().iterationPs(gpuPs, batches.sequences());
        long endPs = stages.issue(replica, now, stagePs, model.stageSendPs(batches.newTokens()));
        handoff.startExpertTraffic(slot, batches.newTokens());
        flops += model.lastFlops();
        timeline.iteration(slot, now, endPs, replicas.batchSize[slot] + replicas.batchDecoders[slot],
                batches.prefillTokens(), batches.decodeSequences());
        replicas.busy[slot] = true;
        replicas.busyPs[slot] += gpuPs;
        replicas.prefillBusyPs[slot] += batches.prefillShare() * gpuPs;
        iterations++;
        if (model.pipeline() > 1) {
            simulation.schedule(now + stagePs, stageFreeHandler, replica);
        }
        return endPs;
    }

    /** The run's iterations and request lifecycles as the result's {@code timeline} ({@link ServingTimeline}). */
    List<Map<String, Object>> timeline(RequestTable requests) {
        return timeline.toTimeline(replicas, requests);
    }

    double flops() {
        return flops;
    }

    long iterations() {
        return iterations;
    }
}
