package org.fabricsim.runtime.search;

import java.util.HashMap;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.training.CollectiveTimer;
import org.fabricsim.runtime.training.FabricCollectiveTimer;
import org.fabricsim.runtime.training.Placement;
import org.fabricsim.runtime.training.StepPlan;
import org.fabricsim.runtime.training.TrainingStep;

/**
 * The fast analytical path of a search: a configuration's step on the engine's own compute model
 * and pipeline schedule ({@link TrainingStep}), its collectives timed on the {@link
 * NetworkKind#ANALYTICAL} network (each flow at its path's bottleneck, no contention). The step
 * patterns depend on the cluster and the placement only, so one timer per (cluster, TP, PP, DP, CP,
 * EP, order) serves every micro-batch, schedule, sharding and recomputation of that placement: its
 * ring steps are solved once and scaled to each size. No link traffic is kept. Cost per
 * configuration: the schedule, O(PP · micro-batches · virtual stages), once the placement's few
 * patterns are solved (O(accelerators · hops) each). Not thread-safe: one screen per thread.
 */
final class Screen {
    private final CalibrationProfile profile;
    private final Calibration collectives;
    private final Map<ClusterSpec, ClusterTopology> topologies = new HashMap<>();
    private final Map<Key, CollectiveTimer> timers = new HashMap<>();

    Screen(CalibrationProfile profile) {
        this.profile = profile;
        this.collectives = Calibration.of(profile);
    }

    /** The step seconds of {@code spec} on the analytical network. */
    double stepSeconds(TrainingSpec spec) {
        CollectiveTimer timer = timers.computeIfAbsent(new Key(spec.cluster(), spec.parallel()),
                k -> timer(spec));
        return TrainingStep.simulate(spec, StepPlan.of(spec), timer, profile).stepSeconds();
    }

    private CollectiveTimer timer(TrainingSpec spec) {
        ClusterSpec cluster = spec.cluster();
        ClusterTopology topology = topologies.computeIfAbsent(cluster,
                k -> ClusterTopologies.build(cluster, collectives));
        return new TimesOnly(new FabricCollectiveTimer(topology, Placement.of(spec.parallel()),
                ClusterTopologies.routing(cluster), ClusterTopologies.flowsPerPeer(cluster), 1, collectives,
                NetworkKind.ANALYTICAL));
    }

    /** What a placement's patterns depend on. */
    private record Key(ClusterSpec cluster, ParallelismSpec parallel) {
    }

    /** A timer's times without its link traffic: the counts are the interface's no-ops. */
    private record TimesOnly(CollectiveTimer times) implements CollectiveTimer {
        @Override
        public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
            return times.ringStepSeconds(axis, bytesPerRank, pipelineBytes);
        }

        /** The timer's own collective, so that axes on a torus's dimensions screen as they simulate. */
        @Override
        public double ringSeconds(Axis axis, int ranks, double bufferBytes, double pipelineBytes) {
            return times.ringSeconds(axis, ranks, bufferBytes, pipelineBytes);
        }

        @Override
        public double pipelineSendSeconds(double bytes) {
            return times.pipelineSendSeconds(bytes);
        }

        @Override
        public double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec routing) {
            return times.expertAllToAllSeconds(bytesPerRank, routing);
        }
    }
}
