package org.fabricsim.runtime.training;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * {@link CollectiveTimer} on the engine's flow-level network model ({@link FabricPhase}): each
 * distinct step pattern is solved once with all its concurrent groups and memoized, so identical
 * ring steps (n − 1 per collective) cost one solve. Step software latency: NCCL's per-step
 * latency of the engine's {@link Calibration} (network when a step leaves the scale-up domain,
 * NVLink otherwise). Scale-out transfers use {@link #CONNECTIONS_PER_PEER} connections.
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
 */
public final class FabricCollectiveTimer implements CollectiveTimer {
    /** Connections NCCL opens per network peer: NCCL_NCHANNELS_PER_NET_PEER, default 2 (NCCL environment docs). */
    public static final int CONNECTIONS_PER_PEER = 2;
    private static final int FOREGROUND = 0;
    private static final int BACKGROUND = 1;

    private final ClusterTopology topology;
    private final Placement placement;
    private final RoutingMode routing;
    private final long seed;
    private final Map<String, Double> solved = new HashMap<>();
    private final Map<String, double[]> referenceBytes = new HashMap<>();
    private final Map<String, double[]> patternLinkBytes = new HashMap<>();
    private final LinkTraffic traffic;

    public FabricCollectiveTimer(ClusterTopology topology, Placement placement, RoutingMode routing, long seed) {
        if (placement.accelerators() > topology.accelerators()) {
            throw new IllegalArgumentException(placement.accelerators() + " ranks on " + topology.accelerators()
                    + " accelerators");
        }
        this.topology = topology;
        this.placement = placement;
        this.routing = routing;
        this.seed = seed;
        this.traffic = new LinkTraffic(topology);
    }

    @Override
    public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
        if (placement.size(axis) < 2 || !(bytesPerRank > 0)) {
            return 0;
        }
        String key = ringKey(axis, pipelineBytes);
        double[] reference = referenceBytes.get(key);
        if (reference != null) {
            double overhead = stepOverheadSeconds(!topology.sameDomain(0, placement.shift(0, axis, 1)));
            return (solved.get(key) - overhead) * bytesPerRank / reference[0] + overhead;
        }
        referenceBytes.put(key, new double[] {bytesPerRank});
        return solved.computeIfAbsent(key, k -> {
            FabricPhase phase = new FabricPhase(topology, routing, seed);
            int n = placement.accelerators();
            for (int rank = 0; rank < n; rank++) {
                int next = placement.shift(rank, axis, 1);
                if (topology.sameDomain(rank, next)) {
                    phase.add(rank, next, bytesPerRank, 1, FOREGROUND);
                } else {
                    addDomainCrossing(phase, rank, next, axis, bytesPerRank);
                }
            }
            addPipelineSends(phase, pipelineBytes, BACKGROUND);
            boolean crosses = !topology.sameDomain(0, placement.shift(0, axis, 1));
            return solve(phase, 2, k) + stepOverheadSeconds(crosses);
        });
    }

    @Override
    public double pipelineSendSeconds(double bytes) {
        if (placement.size(Axis.PIPELINE) < 2 || !(bytes > 0)) {
            return 0;
        }
        return solved.computeIfAbsent("pp " + bytes, key -> {
            FabricPhase phase = new FabricPhase(topology, routing, seed);
            addPipelineSends(phase, bytes, FOREGROUND);
            boolean crosses = !topology.sameDomain(0, placement.shift(0, Axis.PIPELINE, 1));
            return solve(phase, 1, key) + stepOverheadSeconds(crosses);
        });
    }

    @Override
    public double expertAllToAllSeconds(double bytesPerRank) {
        int group = placement.expert();
        if (group < 2 || !(bytesPerRank > 0)) {
            return 0;
        }
        return solved.computeIfAbsent("a2a " + bytesPerRank, key -> {
            FabricPhase phase = new FabricPhase(topology, routing, seed);
            int n = placement.accelerators();
            boolean crosses = false;
            for (int rank = 0; rank < n; rank++) {
                for (int member : placement.expertGroup(rank)) {
                    phase.add(rank, member, bytesPerRank / group, 1, FOREGROUND);
                    crosses |= !topology.sameDomain(rank, member);
                }
            }
            return solve(phase, 1, key) + stepOverheadSeconds(crosses);
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
            traffic.add(patternLinkBytes.get("pp " + bytes), times);
        }
    }

    @Override
    public void countExpertAllToAll(double bytesPerRank, double times) {
        if (times > 0 && expertAllToAllSeconds(bytesPerRank) > 0) {
            traffic.add(patternLinkBytes.get("a2a " + bytesPerRank), times);
        }
    }

    @Override
    public Map<String, List<Double>> linkUtilization(double stepSeconds) {
        return traffic.utilization(stepSeconds);
    }

    private double solve(FabricPhase phase, int classes, String key) {
        double seconds = phase.solve(classes)[FOREGROUND];
        patternLinkBytes.put(key, phase.foregroundLinkBytes());
        return seconds;
    }

    private static String ringKey(Axis axis, double pipelineBytes) {
        return "ring " + axis + (pipelineBytes > 0);
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
                    CONNECTIONS_PER_PEER, FOREGROUND);
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
            if (stage + 1 < stages) {
                int next = placement.shift(rank, Axis.PIPELINE, 1);
                phase.add(rank, next, bytes, connections(rank, next), transferClass);
            }
        }
    }

    private int connections(int src, int dst) {
        return topology.sameDomain(src, dst) ? 1 : CONNECTIONS_PER_PEER;
    }

    private static double stepOverheadSeconds(boolean crossesDomains) {
        return (crossesDomains ? Calibration.NET_STEP_OVERHEAD_PS : Calibration.NVLINK_STEP_OVERHEAD_PS) / 1e12;
    }
}
