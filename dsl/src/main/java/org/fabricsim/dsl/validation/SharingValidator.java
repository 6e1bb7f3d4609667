package org.fabricsim.dsl.validation;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.NodeRange;
import org.fabricsim.dsl.fabric.SharedJob;
import org.fabricsim.dsl.fabric.Sharing;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.NodeRanges;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;

import com.google.inject.Inject;

/**
 * A shared cluster ({@code share}): each job a collective benchmark of the same cluster whose
 * accelerators fill the job's nodes; node ranges ascending, on nodes the cluster has, no node
 * given to two jobs; a study of a shared cluster varies and searches nothing.
 */
public class SharingValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkSharedJobIsABenchmarkOfTheCluster(SharedJob job) {
        Sharing sharing = (Sharing) job.eContainer();
        if (job.getWorkload() == null || job.getWorkload().eIsProxy() || job.getWorkload().getName() == null) {
            return; // an unresolved or unfinished name: the linker reports it
        }
        if (!(job.getWorkload() instanceof Benchmark benchmark) || benchmark.getExpertParallel() != null) {
            error("A job of a shared cluster is a collective benchmark; '" + name(job)
                    + "' is not. Write a benchmark of the collective the job runs (training and serving jobs do"
                    + " not share a fabric yet).", job, Literals.SHARED_JOB__WORKLOAD, IssueCodes.SHARED_JOB);
            return;
        }
        if (benchmark.getCluster() != sharing.getCluster()) {
            error("'" + benchmark.getName() + "' runs on " + benchmark.getCluster().getName() + ", not on the shared "
                    + sharing.getCluster().getName() + ": write 'on " + sharing.getCluster().getName()
                    + "' in the benchmark.", job, Literals.SHARED_JOB__WORKLOAD, IssueCodes.SHARED_JOB);
            return;
        }
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        int nodes = NodeRanges.nodes(job).size();
        if (spec != null && spec.ranks() != nodes * spec.cluster().acceleratorsPerNode()) {
            error("'" + benchmark.getName() + "' runs on " + spec.ranks() + " accelerators, and its " + nodes
                    + " nodes have " + nodes * spec.cluster().acceleratorsPerNode() + ": place it on "
                    + Math.max(1, spec.ranks() / spec.cluster().acceleratorsPerNode()) + " nodes, or write 'nodes "
                    + nodes + "' in the benchmark.", job, Literals.SHARED_JOB__RANGES, IssueCodes.SHARED_JOB);
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

    @Check
    public void checkSharingNodesNotOverlapping(Sharing sharing) {
        List<SharedJob> jobs = sharing.getJobs();
        for (int j = 1; j < jobs.size(); j++) {
            List<Integer> nodes = NodeRanges.nodes(jobs.get(j));
            for (int i = 0; i < j; i++) {
                List<Integer> earlier = NodeRanges.nodes(jobs.get(i));
                Integer shared = nodes.stream().filter(earlier::contains).findFirst().orElse(null);
                if (shared != null) {
                    error("Node " + shared + " is given to both '" + name(jobs.get(i)) + "' and '" + name(jobs.get(j))
                            + "': give each job nodes of its own.", jobs.get(j), Literals.SHARED_JOB__RANGES,
                            IssueCodes.SHARED_OVERLAP);
                    return;
                }
            }
        }
    }

    @Check
    public void checkStudyOfSharingVariesNothing(Study study) {
        if (study.getWorkload() instanceof Sharing && (!study.getVariations().isEmpty() || study.getSearch() != null)) {
            error("A study of a shared cluster varies and searches nothing yet: vary a job's benchmark in a study of"
                    + " its own.", study, Literals.STUDY__WORKLOAD, IssueCodes.SHARED_JOB);
        }
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
