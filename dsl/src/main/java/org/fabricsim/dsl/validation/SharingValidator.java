package org.fabricsim.dsl.validation;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.NodeRange;
import org.fabricsim.dsl.fabric.SharedJob;
import org.fabricsim.dsl.fabric.Sharing;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.NodeRanges;
import org.fabricsim.dsl.model.Studies;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

import com.google.inject.Inject;

/**
 * A shared cluster ({@code share}): each job a collective benchmark, training job or serving
 * deployment of the same cluster whose accelerators fill the job's nodes; no more jobs than nodes;
 * node ranges ascending, on nodes the cluster has, no node given to two jobs; a study of a shared
 * cluster varies and searches nothing.
 */
public class SharingValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkSharedJobRunsOnTheSharedCluster(SharedJob job) {
        Workload workload = resolved(job);
        if (workload == null) {
            return; // an unresolved or unfinished name: the linker reports it
        }
        boolean runnable = workload instanceof Training || workload instanceof Inference
                || workload instanceof Benchmark benchmark && benchmark.getExpertParallel() == null;
        if (!runnable) {
            error("A job of a shared cluster is a collective benchmark, a training job or a serving deployment; '"
                    + name(job) + "' is not. Write the benchmark, training or inference the job runs.", job,
                    Literals.SHARED_JOB__WORKLOAD, IssueCodes.SHARED_JOB);
            return;
        }
        Cluster own = Studies.cluster(workload);
        Cluster shared = cluster(job);
        if (own != null && shared != null && own != shared) {
            error("'" + workload.getName() + "' runs on " + own.getName() + ", not on the shared " + shared.getName()
                    + ": write 'on " + shared.getName() + "' in it.", job, Literals.SHARED_JOB__WORKLOAD,
                    IssueCodes.SHARED_JOB);
        }
    }

    /**
     * The accelerators a job runs on fill its nodes: a benchmark's ranks, a training job's parallel
     * plan (TP × PP × DP × CP), a serving deployment's pools (replicas × accelerators per replica).
     */
    @Check
    public void checkSharedJobFillsItsNodes(SharedJob job) {
        Workload workload = resolved(job);
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), ((Sharing) job.eContainer()).getCluster());
        if (workload == null || cluster == null || !job.getRanges().stream().allMatch(r -> onTheCluster(r, cluster))) {
            return; // an empty range or a node the cluster lacks: checkSharedJobNodesExist says which
        }
        long perNode = cluster.acceleratorsPerNode();
        long nodes = NodeRanges.count(job);
        long needed;
        String what;
        String change;
        if (workload instanceof Benchmark benchmark && benchmark.getCluster() == cluster(job)) {
            CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
            needed = spec == null ? nodes * perNode : spec.ranks();
            what = "runs on " + needed + " accelerators";
            change = "write 'nodes " + nodes + "' in the benchmark";
        } else if (workload instanceof Training training && training.getCluster() == cluster(job)) {
            TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
            if (spec == null) {
                return;
            }
            ParallelismSpec plan = spec.parallel();
            needed = plan.accelerators();
            what = "runs TP " + plan.tensor() + " x PP " + plan.pipeline() + " x DP " + plan.data() + " x CP "
                    + plan.context() + " = " + needed + " accelerators";
            change = "change its parallel plan to fill " + nodes * perNode + " accelerators";
        } else if (workload instanceof Inference inference && inference.getCluster() == cluster(job)) {
            InferenceSpec spec = CheckedSpecs.inference(mapper, getContext(), inference);
            if (spec == null) {
                return;
            }
            needed = spec.pools().stream().mapToLong(pool -> (long) pool.replicas() * pool.parallel().accelerators())
                    .sum();
            what = "needs " + needed + " accelerators for its pools";
            change = "size its pools' replicas to fill " + nodes * perNode + " accelerators";
        } else {
            return;
        }
        if (needed != nodes * perNode) {
            String place = needed % perNode == 0 ? "place it on " + needed / perNode + " nodes, or " : "";
            error("'" + workload.getName() + "' " + what + ", and its " + nodes + " nodes have " + nodes * perNode
                    + ": " + place + change + ".", job, Literals.SHARED_JOB__RANGES, IssueCodes.SHARED_FIT);
        }
    }

    @Check
    public void checkSharingJobsFitTheNodes(Sharing sharing) {
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), sharing.getCluster());
        if (crowded(sharing)) {
            error(sharing.getJobs().size() + " jobs share " + sharing.getCluster().getName() + ", which has "
                    + cluster.nodes() + " nodes: every job needs a node of its own; run at most " + cluster.nodes()
                    + " jobs, or give the cluster more nodes.", sharing, Literals.SHARING__JOBS,
                    IssueCodes.SHARED_CROWDED);
        }
    }

    @Check
    public void checkSharedJobNodesExist(SharedJob job) {
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), ((Sharing) job.eContainer()).getCluster());
        for (NodeRange range : job.getRanges()) {
            int last = NodeRanges.last(range);
            if (last < range.getFirst()) {
                error("Nodes " + range.getFirst() + " to " + last + " is an empty range: write the smaller node first"
                        + " ('" + last + " to " + range.getFirst() + "').", range, Literals.NODE_RANGE__LAST,
                        IssueCodes.SHARED_NODES);
            } else if (cluster != null && last >= cluster.nodes()) {
                error("The cluster has nodes 0 to " + (cluster.nodes() - 1) + ", not node " + last
                        + ": place the job on nodes the cluster has, or give the cluster more nodes.", range,
                        Literals.NODE_RANGE__FIRST, IssueCodes.SHARED_NODES);
            }
        }
    }

    /** Overlapping ranges are certain when more jobs than nodes share the cluster: that error says it all. */
    @Check
    public void checkSharingNodesNotOverlapping(Sharing sharing) {
        if (crowded(sharing)) {
            return;
        }
        List<SharedJob> jobs = sharing.getJobs();
        for (int j = 1; j < jobs.size(); j++) {
            for (int i = 0; i < j; i++) {
                int shared = NodeRanges.firstShared(jobs.get(j), jobs.get(i));
                if (shared >= 0) {
                    error("Node " + shared + " is given to both '" + name(jobs.get(i)) + "' and '" + name(jobs.get(j))
                            + "': give each job nodes of its own.", jobs.get(j), Literals.SHARED_JOB__RANGES,
                            IssueCodes.SHARED_OVERLAP);
                    return;
                }
            }
        }
    }

    /**
     * A job's node list names each node once: {@code run Right on nodes 2, 2} counts two nodes for a job of two, but
     * places it on one, and the run refused it as "jobs Right and Right both run on node 2".
     */
    @Check
    public void checkSharedJobNodesDistinct(SharedJob job) {
        int repeated = NodeRanges.firstRepeated(job);
        if (repeated >= 0) {
            error("Node " + repeated + " is given to '" + name(job) + "' twice: list each of its nodes once.", job,
                    Literals.SHARED_JOB__RANGES, IssueCodes.SHARED_OVERLAP);
        }
    }

    @Check
    public void checkStudyOfSharingVariesNothing(Study study) {
        if (study.getWorkload() instanceof Sharing && (!study.getVariations().isEmpty() || study.getSearch() != null)) {
            error("A study of a shared cluster varies and searches nothing yet: vary a job's benchmark in a study of"
                    + " its own.", study, Literals.STUDY__WORKLOAD, IssueCodes.SHARED_JOB);
        }
    }

    /** Whether the range lists at least one node and only nodes the cluster has. */
    private static boolean onTheCluster(NodeRange range, ClusterSpec cluster) {
        return range.getFirst() <= NodeRanges.last(range) && NodeRanges.last(range) < cluster.nodes();
    }

    /** Whether more jobs share the cluster than it has nodes. */
    private boolean crowded(Sharing sharing) {
        ClusterSpec cluster = CheckedSpecs.cluster(mapper, getContext(), sharing.getCluster());
        return cluster != null && sharing.getJobs().size() > cluster.nodes();
    }

    /** The job's workload, or null while its name is unresolved or unfinished. */
    private static Workload resolved(SharedJob job) {
        Workload workload = job.getWorkload();
        return workload == null || workload.eIsProxy() || workload.getName() == null ? null : workload;
    }

    private static Cluster cluster(SharedJob job) {
        return ((Sharing) job.eContainer()).getCluster();
    }

    /** The job as the user wrote it: the workload's name, else the text of the reference (unresolved or unfinished). */
    private static String name(SharedJob job) {
        if (job.getWorkload() != null && !job.getWorkload().eIsProxy() && job.getWorkload().getName() != null) {
            return job.getWorkload().getName();
        }
        String written = NodeModelUtils.findNodesForFeature(job, Literals.SHARED_JOB__WORKLOAD).stream()
                .map(node -> NodeModelUtils.getTokenText(node)).collect(Collectors.joining());
        return written.isBlank() ? "the job on line " + NodeModelUtils.getNode(job).getStartLine() : written;
    }
}
