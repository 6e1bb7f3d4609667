package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Phase;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.topology.ScaleUpParameters;

import com.google.inject.Inject;

/**
 * NCCL's CollNet algorithms ({@code collnet-direct}, {@code collnet-chain}) only where the fabric
 * can run them: an all-reduce over two or more whole nodes of a cluster whose scale-out fabric and
 * switches reduce in the network (SHARP) and can host its aggregation trees, with at most 8 GPUs per
 * scale-up domain; CollNet-direct also on an NVSwitch-like scale-up; never as one phase of a
 * user-defined collective. A training's {@code collnet} where the switches do not reduce says it changes nothing.
 */
public class CollNetValidator extends FabricCheck {
    private static final String FIX = "auto";

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkBenchmarkCollNetRuns(Benchmark benchmark) {
        if (!collNet(benchmark.getAlgorithm())) {
            return;
        }
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        String problem = spec == null ? null : problem(spec, benchmark.getAlgorithm(), benchmark.getCluster().getName());
        if (problem != null) {
            error(problem, benchmark, Literals.BENCHMARK__ALGORITHM, IssueCodes.IN_NETWORK_UNAVAILABLE, FIX);
        }
    }

    /**
     * A training's {@code collnet} says it changes nothing where the cluster's scale-out fabric or switches do not
     * reduce: NCCL then runs its rings (the SHARP plugin finds no aggregation manager to give it trees).
     */
    @Check
    public void checkTrainingCollNetReduces(Training training) {
        if (!training.isCollNet()) {
            return;
        }
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec != null && (spec.cluster().scaleOut() == null
                || ClusterTopologies.aggregation(spec.cluster().scaleOut()) == null)) {
            info("'collnet' reduces the data-parallel collectives in the scale-out switches (SHARP), and "
                    + training.getCluster().getName() + "'s scale-out fabric or its switch has no"
                    + " 'in-network-reduction': NCCL runs the rings, so it changes nothing here. Remove it, or use"
                    + " a fabric and switch with in-network reduction (InfiniBand NDR or XDR).", training,
                    Literals.TRAINING__COLL_NET, IssueCodes.COLLNET_IGNORED);
        }
    }

    @Check
    public void checkPhaseNotCollNet(Phase phase) {
        if (collNet(phase.getAlgorithm())) {
            error("CollNet ('" + phase.getAlgorithm().getLiteral() + "') is a whole all-reduce across nodes, not one"
                    + " phase of a collective: write it as the benchmark's algorithm, or 'auto' here.", phase,
                    Literals.PHASE__ALGORITHM, IssueCodes.IN_NETWORK_UNAVAILABLE, FIX);
        }
    }

    private static boolean collNet(CollectiveAlgorithm algorithm) {
        return algorithm == CollectiveAlgorithm.COLLNET_DIRECT || algorithm == CollectiveAlgorithm.COLLNET_CHAIN;
    }

    /** Why the benchmark's CollNet cannot run on {@code cluster}, with what to write, or null when it can. */
    private static String problem(CollectiveBenchmarkSpec spec, CollectiveAlgorithm algorithm, String cluster) {
        String name = "'" + algorithm.getLiteral() + "'";
        if (!Algorithm.valueOf(algorithm.getName()).serves(spec.operation())) {
            return null; // the algorithm's operation check says so (IssueCodes.ALGORITHM_OPERATION)
        }
        ClusterSpec used = spec.cluster().withNodes(spec.nodes());
        if (used.scaleOut() == null || ClusterTopologies.aggregation(used.scaleOut()) == null) {
            return name + " reduces in the scale-out switches (SHARP), and " + cluster + "'s scale-out "
                    + (used.scaleOut() == null ? "is missing" : "fabric " + used.scaleOut().fabric().name()
                            + " or its switch has no 'in-network-reduction'")
                    + ": write 'auto' or 'ring', or use a fabric and switch with in-network reduction (InfiniBand"
                    + " NDR or XDR).";
        }
        if (!CheckedSpecs.buildable(used)) {
            return null; // the run refuses a graph too large for its heap, with its size
        }
        ClusterTopology topology = ClusterTopologies.build(used);
        int perDomain = topology.domainSize();
        if (spec.ranks() % perDomain != 0 || spec.ranks() / perDomain < 2) {
            return name + " reduces across scale-up domains of " + perDomain + " accelerators, and this benchmark"
                    + " runs on " + spec.ranks() + ": run it on two or more whole domains, or write 'auto'.";
        }
        if (perDomain > 8) {
            return "NCCL runs CollNet with at most 8 GPUs per node, and " + cluster + " has " + perDomain
                    + " accelerators per scale-up domain: write 'auto' or 'ring'.";
        }
        boolean switched = topology.scaleUpKind() == ScaleUpParameters.Kind.SWITCHED;
        if (algorithm == CollectiveAlgorithm.COLLNET_DIRECT && !switched) {
            return "NCCL runs CollNet-direct only on a switched (NVSwitch-like) scale-up, and " + cluster
                    + "'s nodes have none: write 'collnet-chain' or 'auto'.";
        }
        if (!CollectiveEngine.runs(topology, CollectiveBenchmarks.request(spec, Calibration.DEFAULT, 1, 0))) {
            return "The scale-out switches of " + cluster + " cannot host one aggregation tree per accelerator of a"
                    + " domain (SHARPv2 hosts one tree per switch, SHARPv3 and v4 one per port): write 'auto' or"
                    + " 'ring'.";
        }
        return null;
    }
}
