package org.fabricsim.runtime.search;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Algorithm;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.network.NetworkKind;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.SearchSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.ClusterTopology;
import org.fabricsim.runtime.training.CollectiveTimer;
import org.fabricsim.runtime.training.DeduplicatedDispatch;
import org.fabricsim.runtime.training.FabricCollectiveTimer;
import org.fabricsim.runtime.training.Placement;
import org.fabricsim.runtime.training.SampledRouting;
import org.fabricsim.runtime.training.StepPlan;
import org.fabricsim.runtime.training.TrainingStep;

/**
 * The fast analytical path of a search: a configuration's step on the engine's own compute model
 * and pipeline schedule ({@link TrainingStep}), its collectives timed on the {@link
 * NetworkKind#ANALYTICAL} network (each flow at its path's bottleneck, no contention). The step
 * patterns depend on the cluster and the placement only, so one timer per (cluster, TP, PP, DP, CP,
 * EP, order) serves every micro-batch, schedule, sharding and recomputation of that placement: its
 * ring steps are solved once, at the first size asked for, and scaled to each size. No link traffic
 * is kept. Cost per configuration: the schedule, O(PP · micro-batches · virtual stages), once the
 * placement's few patterns are solved (O(accelerators · hops) each). Not thread-safe: one screen per
 * thread.
 *
 * <p>A screen keeps the timer of the placement of the plan before only, so a plan's value depends on
 * the plans from the first of its placement's run of neighbours up to it (the scaled sizes round
 * differently from another first size). Screens over the slices {@link #slices} cuts, which never
 * split such a run, therefore give every plan the same value however many slices there are: the
 * values do not depend on the threads or the Spark tasks.
 */
public final class Screen {
    private final CalibrationProfile profile;
    private final Calibration collectives;
    private final Map<ClusterSpec, ClusterTopology> topologies = new HashMap<>();
    private final SampledRouting routings = new SampledRouting();
    private Key placement;
    private CollectiveTimer timer;

    Screen(CalibrationProfile profile) {
        this.profile = profile;
        this.collectives = Calibration.of(profile);
    }

    /**
     * The screen's objective of each of {@code plans} (training jobs of {@code study}'s search), in
     * their order, on one screen: what one thread or one Spark task screens, on a slice of {@link
     * #slices}.
     */
    public static double[] objectives(StudySpec study, List<TrainingSpec> plans) {
        Screen screen = new Screen(study.calibration());
        double[] out = new double[plans.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = screen.objective(study.search().objective(), plans.get(i));
        }
        return out;
    }

    /**
     * Where to cut {@code plans} into at most {@code parts} slices of about equal length, never inside a
     * run of neighbours that share a placement: the first index of each slice, then {@code plans.size()}.
     * O(plans).
     */
    public static int[] slices(List<TrainingSpec> plans, int parts) {
        int n = plans.size();
        int[] cuts = new int[Math.max(1, Math.min(parts, n)) + 1];
        int count = 1;
        for (int i = 1; i < n && count < cuts.length - 1; i++) {
            if ((long) i * (cuts.length - 1) >= (long) n * count && !key(plans.get(i)).equals(key(plans.get(i - 1)))) {
                cuts[count++] = i;
            }
        }
        cuts[count] = n;
        return Arrays.copyOf(cuts, count + 1);
    }

    /** The value of {@code objective} for {@code spec} at its step time on the analytical network. */
    double objective(SearchSpec.Objective objective, TrainingSpec spec) {
        return Objectives.value(objective, spec, stepSeconds(spec));
    }

    /** The step seconds of {@code spec} on the analytical network. */
    double stepSeconds(TrainingSpec spec) {
        Key key = key(spec);
        if (!key.equals(placement)) {
            placement = key;
            timer = timer(spec);
        }
        return TrainingStep.simulate(spec, StepPlan.of(spec), timer, profile, routings, 1).stepSeconds();
    }

    private CollectiveTimer timer(TrainingSpec spec) {
        ClusterSpec cluster = spec.cluster();
        ClusterTopology topology = topologies.computeIfAbsent(cluster,
                k -> ClusterTopologies.build(cluster, collectives));
        return new TimesOnly(new FabricCollectiveTimer(topology, Placement.of(spec.parallel()),
                ClusterTopologies.routing(cluster), ClusterTopologies.flowsPerPeer(cluster), 1, collectives,
                NetworkKind.ANALYTICAL, null, null, Generation.of(cluster.node().accelerator().architecture()), false,
                Algorithm.AUTO));
    }

    private static Key key(TrainingSpec spec) {
        return new Key(spec.cluster(), spec.parallel());
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
        public double expertDataRingSeconds(int ranks, double bufferBytes, double pipelineBytes) {
            return times.expertDataRingSeconds(ranks, bufferBytes, pipelineBytes);
        }

        @Override
        public double allReducePlateauSeconds(Axis axis, int ranks) {
            return times.allReducePlateauSeconds(axis, ranks);
        }

        @Override
        public double expertDataAllReducePlateauSeconds(int ranks) {
            return times.expertDataAllReducePlateauSeconds(ranks);
        }

        @Override
        public double pipelineSendSeconds(double bytes) {
            return times.pipelineSendSeconds(bytes);
        }

        @Override
        public double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec routing,
                DeduplicatedDispatch dispatch) {
            return times.expertAllToAllSeconds(bytesPerRank, routing, dispatch);
        }
    }
}
