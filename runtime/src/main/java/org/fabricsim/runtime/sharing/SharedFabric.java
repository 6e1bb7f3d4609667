package org.fabricsim.runtime.sharing;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.sharing.SharedWorkload.Load;
import org.fabricsim.runtime.topology.AggregationTrees;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Collective jobs on one cluster, each on its own nodes, whose traffic shares the fabric's links:
 * costed by the fluid fixed point of {@link FluidSharing}, each round re-running the collective on
 * its nodes ({@link CollectiveEngine#runPlaced}). Jobs are granted the switches' aggregation trees
 * in order ({@link AggregationTrees}); a job refused runs without in-network reduction (the
 * aggregation manager answers "no resources" and NCCL falls back). Cost: that of {@link
 * FluidSharing#solve}.
 */
public final class SharedFabric {
    private SharedFabric() {
    }

    /**
     * Runs {@code jobs} alone and together on {@code topology}, whose nodes hold {@code perNode}
     * accelerators each (whole scale-up domains, or a whole number of nodes per domain). Throws
     * {@link IllegalArgumentException} naming the job for overlapping nodes, nodes the cluster
     * lacks, a collective whose ranks do not fill its nodes, or nodes that split a scale-up domain.
     */
    public static List<SharedResult> run(ClusterTopology topology, List<SharedJob> jobs, int perNode) {
        Placements placements = new Placements(topology, perNode);
        AggregationTrees trees = new AggregationTrees(topology);
        List<SharedWorkload<CollectiveResult>> workloads = new ArrayList<>();
        boolean[] granted = new boolean[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            SharedJob job = jobs.get(i);
            int[] accelerators = placements.place(job.name(), job.nodes(), job.request().ranks());
            granted[i] = grant(topology, trees, job.request(), accelerators);
            workloads.add(workload(topology, job.name(), job.request(), accelerators, granted[i]));
        }
        List<SharedResult> results = new ArrayList<>();
        List<FluidSharing.Outcome> outcomes = FluidSharing.solve(topology.graph(), workloads);
        for (int i = 0; i < jobs.size(); i++) {
            results.add(new SharedResult(jobs.get(i).name(), (CollectiveResult) outcomes.get(i).alone().result(),
                    (CollectiveResult) outcomes.get(i).shared().result(), granted[i]));
        }
        return results;
    }

    /**
     * Whether the switches grant {@code request}'s CollNet trees on {@code accelerators} (false when it needs none):
     * each job the trees its lone schedule runs on ({@code CollNetSchedules}), not spread to other roots, so that
     * the trees granted are those simulated.
     */
    static boolean grant(ClusterTopology topology, AggregationTrees trees, CollectiveRequest request,
            int[] accelerators) {
        return request.algorithm().collNet() && topology.scaleOutReduces() && accelerators.length > topology.domainSize()
                && trees.allocateJob(accelerators, topology.domainSize(), false) != null;
    }

    /**
     * The collective on {@code accelerators}: alone as requested; beside the others on the
     * capacities they leave, without the switches' reduction unless {@code granted} (refused its
     * trees, a CollNet job reduces as NCCL falls back: with the default algorithms).
     */
    static SharedWorkload<CollectiveResult> workload(ClusterTopology topology, String name, CollectiveRequest request,
            int[] accelerators, boolean granted) {
        ClusterTopology own = granted || !topology.scaleOutReduces() ? topology : topology.withoutAggregation();
        CollectiveRequest shared = request.algorithm().collNet() && !granted ? request.withAlgorithm(Algorithm.AUTO)
                : request;
        return new SharedWorkload<>(name, () -> load(CollectiveEngine.runPlaced(topology, request, accelerators)),
                factors -> load(CollectiveEngine.runPlaced(own.withLinkRateFactors(factors), shared, accelerators)));
    }

    private static Load<CollectiveResult> load(CollectiveResult result) {
        return new Load<>(result, result.timeSeconds(), result.linkBytes());
    }
}
