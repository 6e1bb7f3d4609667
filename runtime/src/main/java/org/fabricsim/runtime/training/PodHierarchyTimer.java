package org.fabricsim.runtime.training;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;

/**
 * A job whose data parallelism spans pods joined by a data-centre network ({@code data D across P
 * pods}): every axis runs inside a pod, and a data-parallel reduce-scatter or all-gather of a buffer
 * S over D ranks is hierarchical, d = D ÷ P ranks inside each pod and P across pods on the 1/d shard:
 *
 * <pre>  t(S) = t_pod(d, S) + t_dcn(P, S ÷ d)</pre>
 *
 * (reduce-scatter in the pod, then across pods; an all-gather mirrors it), so an all-reduce, a
 * reduce-scatter and an all-gather, is reduce-scatter in the pod, all-reduce across pods on the
 * shard, all-gather in the pod. The in-pod part is timed on one pod ({@code inPod}: every pod runs
 * the same pattern on its own links), the cross-pod part on the data-centre network ({@code
 * crossPod}: its data axis has P ranks, one per pod, and every in-pod rank's pair runs at once).
 * The expert weights' data-parallel groups ({@link #expertDataRingSeconds}) span the pods alike.
 * Link traffic: the in-pod timer's tiers, then the data-centre network's under "data-centre ".
 * O(1) besides the two timers' solves.
 */
final class PodHierarchyTimer implements RunTimer {
    private final FabricCollectiveTimer inPod;
    private final FabricCollectiveTimer crossPod;
    private final int data;
    private final int pods;

    /**
     * @param inPod    the plan within one pod (data ÷ pods data-parallel ways) on one pod's topology
     * @param crossPod a data axis of {@code pods} ranks, one per pod, on the data-centre network
     * @param data     the job's data-parallel ways, all pods together
     * @param pods     the pods, a divisor of {@code data}
     */
    PodHierarchyTimer(FabricCollectiveTimer inPod, FabricCollectiveTimer crossPod, int data, int pods) {
        if (pods < 2 || data % pods != 0) {
            throw new IllegalArgumentException(pods + " pods for " + data + " data-parallel ways");
        }
        this.inPod = inPod;
        this.crossPod = crossPod;
        this.data = data;
        this.pods = pods;
    }

    /** The timer for the next run of the same job ({@link FabricCollectiveTimer#nextRun}). */
    @Override
    public PodHierarchyTimer nextRun() {
        return new PodHierarchyTimer(inPod.nextRun(), crossPod.nextRun(), data, pods);
    }

    private boolean acrossPods(Axis axis, int ranks) {
        return axis == Axis.DATA && ranks == data;
    }

    @Override
    public double ringSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
        if (!acrossPods(axis, ranks)) {
            return inPod.ringSeconds(axis, ranks, bufferBytes, pipelineBytes);
        }
        int inside = data / pods;
        return inPod.ringSeconds(axis, inside, bufferBytes, pipelineBytes)
                + crossPod.ringSeconds(axis, pods, bufferBytes / inside, 0);
    }

    /**
     * The plateau of the all-reduce's steps in the pod (its reduce-scatter and all-gather, d ranks) and of the
     * all-reduce across pods (P ranks): NCCL scales the latency of the whole call. None where the pods are tori (XLA).
     */
    @Override
    public double allReducePlateauSeconds(Axis axis, int ranks) {
        if (!acrossPods(axis, ranks)) {
            return inPod.allReducePlateauSeconds(axis, ranks);
        }
        return inPod.allReducePlateauSeconds(axis, data / pods) + crossPodPlateauSeconds();
    }

    private double crossPodPlateauSeconds() {
        return inPod.ncclCollectives() ? crossPod.allReducePlateauSeconds(Axis.DATA, pods) : 0;
    }

    @Override
    public void countRing(Axis axis, int ranks, double bufferBytes, double pipelineBytes, double times) {
        if (!acrossPods(axis, ranks)) {
            inPod.countRing(axis, ranks, bufferBytes, pipelineBytes, times);
            return;
        }
        int inside = data / pods;
        inPod.countRing(axis, inside, bufferBytes, pipelineBytes, times);
        crossPod.countRing(axis, pods, bufferBytes / inside, 0, times);
    }

    /**
     * An expert data-parallel group of E ranks spans the pods as the data axis does: E ÷ P ranks inside each pod (the
     * pod's own groups), then P across pods on the 1/(E ÷ P) shard.
     */
    @Override
    public double expertDataRingSeconds(int ranks, double bufferBytes, double pipelineBytes) {
        if (ranks < 2) {
            return 0;
        }
        int inside = Math.max(1, ranks / pods);
        return inPod.expertDataRingSeconds(inside, bufferBytes, pipelineBytes)
                + crossPod.ringSeconds(Axis.DATA, pods, bufferBytes / inside, 0);
    }

    @Override
    public double expertDataAllReducePlateauSeconds(int ranks) {
        if (ranks < 2) {
            return 0;
        }
        return inPod.expertDataAllReducePlateauSeconds(Math.max(1, ranks / pods)) + crossPodPlateauSeconds();
    }

    @Override
    public void countExpertDataRing(int ranks, double bufferBytes, double pipelineBytes, double times) {
        if (ranks < 2) {
            return;
        }
        int inside = Math.max(1, ranks / pods);
        inPod.countExpertDataRing(inside, bufferBytes, pipelineBytes, times);
        crossPod.countRing(Axis.DATA, pods, bufferBytes / inside, 0, times);
    }

    @Override
    public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
        return inPod.ringStepSeconds(axis, bytesPerRank, pipelineBytes);
    }

    @Override
    public void countRingSteps(Axis axis, double bytesPerRank, double pipelineBytes, double steps) {
        inPod.countRingSteps(axis, bytesPerRank, pipelineBytes, steps);
    }

    @Override
    public double pipelineSendSeconds(double bytes) {
        return inPod.pipelineSendSeconds(bytes);
    }

    @Override
    public void countPipelineSends(double bytes, double times) {
        inPod.countPipelineSends(bytes, times);
    }

    @Override
    public double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec routing,
            DeduplicatedDispatch dispatch) {
        return inPod.expertAllToAllSeconds(bytesPerRank, routing, dispatch);
    }

    @Override
    public void countExpertAllToAll(double bytesPerRank, ExpertRoutingSpec routing, DeduplicatedDispatch dispatch,
            double times) {
        inPod.countExpertAllToAll(bytesPerRank, routing, dispatch, times);
    }

    @Override
    public Map<String, TierUtilization> linkUtilization(double stepSeconds) {
        Map<String, TierUtilization> tiers = new LinkedHashMap<>(inPod.linkUtilization(stepSeconds));
        crossPod.linkUtilization(stepSeconds).forEach((tier, use) -> tiers.put("data-centre " + tier, use));
        return tiers;
    }

    @Override
    public long eventsFired() {
        return inPod.eventsFired() + crossPod.eventsFired();
    }

    @Override
    public long flowsStarted() {
        return inPod.flowsStarted() + crossPod.flowsStarted();
    }
}
