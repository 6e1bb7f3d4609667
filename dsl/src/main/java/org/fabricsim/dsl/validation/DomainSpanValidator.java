package org.fabricsim.dsl.validation;

import java.util.List;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.topology.ClusterDomains;

import com.google.inject.Inject;

/**
 * A scale-up domain larger than a node spans D ÷ n consecutive nodes of n accelerators (a GB200 NVL72 rack written
 * as its 18 compute trays of 4: {@code domain 72} over {@code nodes 18 x Tray}), and the engine builds it so
 * ({@link ClusterDomains#size}): one switched domain of D, each node keeping its NICs. It builds whole domains only,
 * so the accelerators of a cluster, and of the nodes a benchmark runs on, fill whole domains (a benchmark on fewer
 * accelerators than one domain runs inside one). A domain that is no multiple of a node is {@code
 * ScaleUpDomainValidator}'s error. O(node groups) each.
 */
public class DomainSpanValidator extends FabricCheck {

    @Inject
    private SpecMapper mapper;

    /**
     * N nodes of n accelerators fill whole domains of D when D divides N·n; else the engine, which lays domains out
     * from accelerator 0, has a last one cut short and refuses the cluster (20 trays of 4 in domains of 72: 80
     * accelerators, one domain and 8 left over). Data: the last group's node count that fills whole domains.
     */
    @Check
    public void checkClusterFillsWholeDomains(Cluster cluster) {
        ClusterSpec spec = spanning(cluster);
        if (spec == null || spec.accelerators() % spec.node().scaleUpDomainSize() == 0) {
            return;
        }
        int perDomain = ClusterDomains.nodesPerDomain(spec.node());
        int whole = wholeNodes(spec.nodes(), perDomain);
        List<NodeGroup> groups = cluster.getGroups();
        NodeGroup last = groups.get(groups.size() - 1);
        int lastCount = last.getCount() + whole - spec.nodes();
        if (lastCount < 1) {
            whole += perDomain;
            lastCount += perDomain;
        }
        error(cluster.getName() + " has " + spec.nodes() + " nodes of " + spec.acceleratorsPerNode()
                + " accelerators (" + spec.accelerators() + "), which do not fill whole scale-up domains of "
                + spec.node().scaleUpDomainSize() + " (" + perDomain + " nodes each): the engine builds whole domains"
                + " only. Write " + whole + " nodes in all (a multiple of " + perDomain + "), or a domain of "
                + spec.acceleratorsPerNode() + " for one domain a node.", last, Literals.NODE_GROUP__COUNT,
                IssueCodes.CLUSTER_PARTIAL_DOMAIN, String.valueOf(lastCount));
    }

    /**
     * A benchmark on the first N of a cluster's nodes builds them as a cluster of their own, whose domains must be
     * whole too, unless all N·n accelerators lie in one domain (N·n ≤ D: a benchmark on a rack's first trays). Data:
     * the largest node count that fills whole domains, or one domain's.
     */
    @Check
    public void checkBenchmarkNodesFillWholeDomains(Benchmark benchmark) {
        ClusterSpec spec = spanning(benchmark.getCluster());
        if (spec == null || !Written.written(benchmark, Literals.BENCHMARK__NODES) || benchmark.getNodes() < 1
                || benchmark.getNodes() >= spec.nodes()
                || ClusterDomains.whole(spec.withNodes(benchmark.getNodes()))) {
            return;
        }
        int perDomain = ClusterDomains.nodesPerDomain(spec.node());
        int whole = wholeNodes(benchmark.getNodes(), perDomain);
        error("The " + benchmark.getNodes() + " nodes of " + benchmark.getCluster().getName() + " this benchmark runs"
                + " on hold " + benchmark.getNodes() * spec.acceleratorsPerNode() + " accelerators, more than one"
                + " scale-up domain of " + spec.node().scaleUpDomainSize() + " (" + perDomain + " nodes) and not"
                + " whole domains, which the engine does not build: write 'nodes " + whole + "' (a multiple of "
                + perDomain + "), or at most " + perDomain + " nodes for one domain.", benchmark,
                Literals.BENCHMARK__NODES, IssueCodes.BENCHMARK_PARTIAL_DOMAIN, String.valueOf(whole));
    }

    /** The cluster's spec where its nodes' scale-up domain spans several whole nodes, else null. */
    private ClusterSpec spanning(Cluster cluster) {
        if (cluster == null || cluster.getGroups().isEmpty()
                || cluster.getGroups().stream().anyMatch(g -> g.getNode() == null)) {
            return null;
        }
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null) {
            return null;
        }
        int domain = spec.node().scaleUpDomainSize();
        int perNode = spec.acceleratorsPerNode();
        return domain > perNode && domain % perNode == 0 ? spec : null;
    }

    /** {@code nodes} rounded down to a multiple of {@code perDomain}, at least one domain's. */
    private static int wholeNodes(int nodes, int perDomain) {
        return Math.max(perDomain, nodes / perDomain * perDomain);
    }
}
