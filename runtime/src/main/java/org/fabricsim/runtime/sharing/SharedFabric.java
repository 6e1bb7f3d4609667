package org.fabricsim.runtime.sharing;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.topology.AggregationTrees;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Several jobs on one cluster, each on its own nodes, whose traffic shares the fabric's links.
 *
 * <p>Model (a fluid fixed point over the flow model): job j alone uses link l at utilization
 * u_j,l = bytes_j,l / (C_l · T_j). Beside the others, job i sees link l at capacity C_l · f_i,l with
 * f_i,l = max(1 − Σ_{j≠i} u_j,l, 1 / (1 + m_l)), m_l the other jobs on l: max-min sharing gives each
 * of m + 1 greedy jobs an equal share, and a job that uses less leaves the rest. Each job is then
 * simulated on its nodes with those capacities; the utilizations are recomputed from the shared
 * times and the step repeated until no job's time moves by more than {@link #TOLERANCE}, at most
 * {@link #MAX_ROUNDS} rounds. A job whose links no other job uses runs exactly as alone. Jobs are
 * granted the switches' aggregation trees in order ({@link AggregationTrees}); a job refused runs
 * without in-network reduction (the aggregation manager answers "no resources" and NCCL falls back).
 * Cost: (1 + rounds) · jobs engine runs, plus O(jobs² · links) per round.
 */
public final class SharedFabric {
    /** Relative change of every job's time below which the fixed point stops. */
    static final double TOLERANCE = 1e-3;
    /** The most rounds of the fixed point. */
    static final int MAX_ROUNDS = 8;

    private SharedFabric() {
    }

    /**
     * Runs {@code jobs} alone and together on {@code topology}, whose nodes hold {@code perNode}
     * accelerators each (whole scale-up domains, or a whole number of nodes per domain). Throws
     * {@link IllegalArgumentException} naming the job for overlapping nodes, nodes the cluster
     * lacks, a collective whose ranks do not fill its nodes, or nodes that split a scale-up domain.
     */
    public static List<SharedResult> run(ClusterTopology topology, List<SharedJob> jobs, int perNode) {
        check(topology, jobs, perNode);
        int domain = topology.domainSize();
        int count = jobs.size();
        ClusterTopology[] own = new ClusterTopology[count];
        AggregationTrees trees = new AggregationTrees(topology);
        boolean[] granted = new boolean[count];
        CollectiveRequest[] requests = new CollectiveRequest[count];
        CollectiveResult[] alone = new CollectiveResult[count];
        for (int i = 0; i < count; i++) {
            int[] accelerators = jobs.get(i).accelerators(perNode);
            CollectiveRequest request = jobs.get(i).request();
            granted[i] = request.algorithm().collNet() && topology.scaleOutReduces() && accelerators.length > domain
                    && trees.allocateJob(accelerators, domain);
            own[i] = granted[i] || !topology.scaleOutReduces() ? topology : topology.withoutAggregation();
            // refused its trees, a CollNet job reduces as NCCL falls back: the default algorithms
            requests[i] = request.algorithm().collNet() && !granted[i] ? request.withAlgorithm(Algorithm.AUTO) : request;
            alone[i] = CollectiveEngine.runPlaced(topology, request, accelerators);
        }
        CollectiveResult[] shared = alone.clone();
        for (int round = 0; round < MAX_ROUNDS; round++) {
            double[][] utilization = utilizations(topology, shared);
            boolean settled = true;
            CollectiveResult[] next = new CollectiveResult[count];
            for (int i = 0; i < count; i++) {
                ClusterTopology beside = own[i].withLinkRateFactors(factors(utilization, i));
                next[i] = CollectiveEngine.runPlaced(beside, requests[i], jobs.get(i).accelerators(perNode));
                settled &= Math.abs(next[i].timePs() - shared[i].timePs()) <= TOLERANCE * shared[i].timePs();
            }
            shared = next;
            if (settled) {
                break;
            }
        }
        List<SharedResult> results = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            results.add(new SharedResult(jobs.get(i).name(), alone[i], shared[i], granted[i]));
        }
        return results;
    }

    /** u_j,l for every job j and link l. O(jobs · links). */
    private static double[][] utilizations(ClusterTopology topology, CollectiveResult[] results) {
        double[][] utilization = new double[results.length][];
        for (int j = 0; j < results.length; j++) {
            double[] bytes = results[j].linkBytes();
            double seconds = results[j].timeSeconds();
            utilization[j] = new double[bytes.length];
            for (int l = 0; l < bytes.length; l++) {
                double capacity = topology.graph().linkBytesPerSecond(l) * seconds;
                utilization[j][l] = capacity > 0 ? Math.min(1, bytes[l] / capacity) : 0;
            }
        }
        return utilization;
    }

    /** f_i,l for job {@code i}. O(jobs · links). */
    private static double[] factors(double[][] utilization, int i) {
        int links = utilization[i].length;
        double[] factors = new double[links];
        for (int l = 0; l < links; l++) {
            double others = 0;
            int users = 0;
            for (int j = 0; j < utilization.length; j++) {
                if (j != i && utilization[j][l] > 0) {
                    others += utilization[j][l];
                    users++;
                }
            }
            factors[l] = users == 0 ? 1 : Math.max(1 - others, 1.0 / (1 + users));
        }
        return factors;
    }

    private static void check(ClusterTopology topology, List<SharedJob> jobs, int perNode) {
        int nodes = topology.accelerators() / perNode;
        String[] owner = new String[nodes];
        for (SharedJob job : jobs) {
            if (job.request().ranks() != job.nodes().length * perNode) {
                throw new IllegalArgumentException("job " + job.name() + " runs " + job.request().ranks()
                        + " ranks on " + job.nodes().length + " nodes of " + perNode + " accelerators; give it "
                        + job.request().ranks() / Math.max(1, perNode) + " nodes or " + job.nodes().length * perNode
                        + " ranks");
            }
            int[] accelerators = job.accelerators(perNode);
            int domain = topology.domainSize();
            for (int r = 0; r < accelerators.length; r++) {
                int first = accelerators[r - r % domain];
                if (first % domain != 0 || accelerators[r] != first + r % domain) {
                    throw new IllegalArgumentException("job " + job.name() + "'s nodes split the scale-up domains of "
                            + domain + " accelerators; place it on whole domains, in order");
                }
            }
            for (int node : job.nodes()) {
                if (node < 0 || node >= nodes) {
                    throw new IllegalArgumentException("job " + job.name() + " is placed on node " + node
                            + ", but the cluster has nodes 0 to " + (nodes - 1) + "; place it on nodes it has");
                }
                if (owner[node] != null) {
                    throw new IllegalArgumentException("jobs " + owner[node] + " and " + job.name()
                            + " both run on node " + node + "; give them node ranges that do not overlap");
                }
                owner[node] = job.name();
            }
        }
    }
}
