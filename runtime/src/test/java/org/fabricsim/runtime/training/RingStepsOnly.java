package org.fabricsim.runtime.training;

import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;

/**
 * A {@link CollectiveTimer} of tests in which only ring steps cost time: every pipeline send and expert
 * all-to-all takes 0 s, so a step's communication is what {@link #ringStepSeconds} says.
 */
@FunctionalInterface
interface RingStepsOnly extends CollectiveTimer {
    @Override
    double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes);

    @Override
    default double pipelineSendSeconds(double bytes) {
        return 0;
    }

    @Override
    default double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec routing,
            DeduplicatedDispatch dispatch) {
        return 0;
    }
}
