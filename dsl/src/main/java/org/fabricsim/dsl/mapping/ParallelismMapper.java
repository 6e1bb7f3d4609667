package org.fabricsim.dsl.mapping;

import java.math.BigDecimal;
import java.util.List;

import org.fabricsim.dsl.fabric.ExpertDispatcher;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Parallelism;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;

/**
 * Maps a parallelism block, which training and serving pools share ({@link WorkloadMapper}): the degrees (1 where
 * absent or 0), sequence parallelism and the context mode, the placement order, the expert routing and the
 * data-parallel ways across pods. O(axes written).
 */
final class ParallelismMapper {
    private ParallelismMapper() {
    }

    static ParallelismSpec toParallelism(Parallelism parallel) {
        return new ParallelismSpec(orOne(parallel.getTensor()), orOne(parallel.getPipeline()), orOne(parallel.getData()),
                orOne(parallel.getContext()), orOne(parallel.getExpert()), parallel.isSequenceParallel(),
                ParallelismSpec.ContextMode.valueOf(parallel.getContextMode().getName())).withOrder(order(parallel))
                .withExpertRouting(expertRouting(parallel)).withPods(pods(parallel));
    }

    /** The data-parallel ways across pods as written; 1 when none or when they do not divide the data ways (an error). */
    private static int pods(Parallelism parallel) {
        int pods = orOne(parallel.getPods());
        return orOne(parallel.getData()) % pods == 0 ? pods : 1;
    }

    /**
     * The routing written; an absent capacity factor or skew takes {@link ExpertRoutingSpec#DEFAULT}'s, an absent
     * dispatcher is the all-to-all, an absent node limit {@link ExpertRoutingSpec#UNLIMITED}.
     */
    private static ExpertRoutingSpec expertRouting(Parallelism parallel) {
        ExpertRoutingSpec defaults = ExpertRoutingSpec.DEFAULT;
        double capacity = parallel.getCapacityFactor() == null ? defaults.capacityFactor()
                : new BigDecimal(parallel.getCapacityFactor()).doubleValue();
        double skew = parallel.getRoutingSkew() == null ? defaults.routingSkew()
                : new BigDecimal(parallel.getRoutingSkew()).doubleValue();
        ExpertRoutingSpec.Dispatcher dispatcher = parallel.getDispatcher() == ExpertDispatcher.DEEPEP
                ? ExpertRoutingSpec.Dispatcher.DEEPEP : ExpertRoutingSpec.Dispatcher.ALL_TO_ALL;
        int sms = Written.written(parallel, Literals.PARALLELISM__COMMUNICATION_SMS) ? parallel.getCommunicationSms()
                : ExpertRoutingSpec.SMS_NOT_STATED;
        return new ExpertRoutingSpec(capacity, skew, dispatcher, sms, parallel.getNodeLimit());
    }

    /** The placement order as written, innermost first; empty (the default layout) when not written. */
    private static List<ParallelismSpec.Axis> order(Parallelism parallel) {
        return parallel.getOrder().stream().map(axis -> ParallelismSpec.Axis.valueOf(axis.getName())).toList();
    }

    private static int orOne(int degree) {
        return degree > 0 ? degree : 1;
    }
}
