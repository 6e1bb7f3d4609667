package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.CollectiveAlgorithm;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.topology.ClusterTopologies;

import com.google.inject.Inject;

/**
 * A training's {@code dp-algorithm}, NCCL_ALGO for its data-parallel reduce-scatters, all-gathers and all-reduces,
 * only where they can run on it: the training step runs them on the ring or on CollNet-direct ({@code auto} choosing
 * between the two as NCCL's tuner does), and CollNet-direct needs a scale-out fabric and switch that reduce in the
 * network (SHARP); with NCCL_ALGO naming only algorithms that cannot run, NCCL stops with "No algorithm/protocol
 * available" (NVIDIA/nccl {@code src/enqueue.cc}). Whether the switches grant every data-parallel group its trees
 * depends on the placement and is the run's to say. Fix: {@code auto}.
 */
public class DataParallelAlgorithmValidator extends FabricCheck {
    private static final String FIX = "auto";

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkTrainingDataParallelAlgorithmRuns(Training training) {
        CollectiveAlgorithm algorithm = training.getDataParallelAlgorithm();
        if (algorithm == CollectiveAlgorithm.AUTO || algorithm == CollectiveAlgorithm.RING) {
            return;
        }
        String name = "'dp-algorithm " + algorithm.getLiteral() + "'";
        if (algorithm != CollectiveAlgorithm.COLLNET_DIRECT) {
            error(name + " is not an algorithm a training's data-parallel collectives run on here: NCCL runs"
                    + " reduce-scatter and all-gather on ring, PAT, NVLS and CollNet-direct only, and the training step"
                    + " runs them and the all-reduce on 'ring' or 'collnet-direct'. Write one of those, or 'auto'.",
                    training, Literals.TRAINING__DATA_PARALLEL_ALGORITHM, IssueCodes.DP_ALGORITHM_UNAVAILABLE, FIX);
            return;
        }
        TrainingSpec spec = CheckedSpecs.training(mapper, getContext(), training);
        if (spec != null && (spec.cluster().scaleOut() == null
                || ClusterTopologies.aggregation(spec.cluster().scaleOut()) == null)) {
            error(name + " forces CollNet (NCCL_ALGO=CollNetDirect), which reduces in the scale-out switches (SHARP),"
                    + " and " + training.getCluster().getName() + "'s scale-out fabric or its switch has no"
                    + " 'in-network-reduction': NCCL would stop with 'No algorithm/protocol available'. Write 'auto' or"
                    + " 'ring', or use a fabric and switch with in-network reduction (InfiniBand NDR or XDR).",
                    training, Literals.TRAINING__DATA_PARALLEL_ALGORITHM, IssueCodes.DP_ALGORITHM_UNAVAILABLE, FIX);
        }
    }
}
