package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.routing.BufferDependencies;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.PacketSettings;
import org.fabricsim.runtime.topology.ClusterDomains;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;

import com.google.inject.Inject;

/**
 * Deadlock-free routing on a lossless fabric. A benchmark on a cluster whose scale-out fabric is lossless (PFC or
 * credits) and whose routes between its accelerators wait on one another's buffers in a cycle ({@link
 * BufferDependencies#ofAllPairs}: the channel dependency graph of the routes the run's router gives every pair, per
 * virtual lane as the fabric states them) gets a warning naming the cycle: the packet backend refuses such a run
 * before it starts, and the flow model's time is an ideal the fabric would not reach, its pauses able to deadlock
 * (docs/fabric-behaviour.md, "Deadlock-free routing"). A dragonfly's or a ring's minimal routes have such a cycle; a
 * fat tree's up/down routes never do. The fix named: the fewest virtual lanes that leave no cycle, found by trying
 * each count up to {@link PacketSettings#MAX_VIRTUAL_LANES}. Clusters of more than {@value #MAX_ACCELERATORS}
 * accelerators are left to the run (O(accelerators² × route links) a count). Also: {@code virtual-lanes} lies in
 * [1, {@link PacketSettings#MAX_VIRTUAL_LANES}].
 */
public class DeadlockFreeRoutingValidator extends FabricCheck {
    /** The largest cluster whose routes the editor traces: 256² pairs, each of its few links and routes. */
    static final int MAX_ACCELERATORS = 256;

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkVirtualLanesWithinPfcPriorities(Fabric fabric) {
        if (!written(fabric, Literals.FABRIC__VIRTUAL_LANES)) {
            return;
        }
        int lanes = fabric.getVirtualLanes();
        if (lanes < 1) {
            error("'virtual-lanes' counts the lanes of every port: at least 1.", fabric,
                    Literals.FABRIC__VIRTUAL_LANES, IssueCodes.NOT_POSITIVE);
        } else if (lanes > PacketSettings.MAX_VIRTUAL_LANES) {
            error("'virtual-lanes' is at most " + PacketSettings.MAX_VIRTUAL_LANES + ", PFC's priorities (IEEE"
                    + " 802.1Qbb); the packet backend keeps no more queues a port.", fabric,
                    Literals.FABRIC__VIRTUAL_LANES, IssueCodes.TOO_LARGE,
                    String.valueOf(PacketSettings.MAX_VIRTUAL_LANES));
        }
    }

    @Check
    public void checkBenchmarkRoutesFreeOfCyclicBufferDependency(Benchmark benchmark) {
        CollectiveBenchmarkSpec spec = CheckedSpecs.benchmark(mapper, getContext(), benchmark);
        if (spec == null || spec.nodes() > spec.cluster().nodes()) {
            return;
        }
        ClusterSpec routed = spec.routedCluster();
        if (routed.scaleOut() == null || !routed.scaleOut().fabric().flowControl().lossless()
                || ClusterDomains.unjoined(spec.cluster().withNodes(spec.nodes()))
                || !CheckedSpecs.buildable(spec.cluster().withNodes(spec.nodes()))) {
            return;
        }
        // A cluster the engine cannot build (a torus whose shape does not hold its nodes): its own checks say why.
        ClusterTopology topology = CheckedSpecs.cached(getContext(), benchmark, "routed topology",
                written -> CollectiveBenchmarks.topology(spec, Calibration.DEFAULT));
        if (topology == null || topology.accelerators() > MAX_ACCELERATORS) {
            return;
        }
        FabricSpec fabric = routed.scaleOut().fabric();
        Router router = new Router(topology, ClusterTopologies.routing(routed), 1);
        int lanes = fabric.packet().lanes();
        BufferDependencies dependencies = BufferDependencies.ofAllPairs(router, lanes);
        int[] cycle = dependencies.cycle();
        if (cycle.length == 0) {
            return;
        }
        int enough = lanes + 1;
        while (enough <= PacketSettings.MAX_VIRTUAL_LANES && BufferDependencies.ofAllPairs(router, enough)
                .cycle().length > 0) {
            enough++;
        }
        String lanesFix = enough <= PacketSettings.MAX_VIRTUAL_LANES ? "'virtual-lanes " + enough + "' on the fabric"
                : "routes of fewer hops (no count of virtual lanes up to " + PacketSettings.MAX_VIRTUAL_LANES
                        + " breaks the cycle)";
        warning("On its lossless fabric the routes of this benchmark's accelerators wait on one another's buffers in"
                + " a cycle, " + dependencies.describe(cycle) + ", which PFC or credits deadlock once its queues are"
                + " full: the packet backend refuses the run, and the flow model's time is one the fabric would not"
                + " reach. Write " + lanesFix + " (a lane per hop between switches, as dragonflies do), or make the"
                + " fabric lossy.", benchmark, Literals.WORKLOAD__CLUSTER, IssueCodes.CYCLIC_BUFFER_DEPENDENCY,
                String.valueOf(enough));
    }
}
