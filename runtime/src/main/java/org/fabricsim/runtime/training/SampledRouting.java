package org.fabricsim.runtime.training;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.sim.RoutedMaximum;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;

/**
 * The routing one training micro-batch runs: the plan's stated routing with the busiest expert-parallel rank loaded
 * at least as random routing of that micro-batch loads it.
 *
 * <p>Routing that is balanced on average still spreads one micro-batch's token copies unevenly over the EP ranks:
 * the n = (micro-batch × sequence ÷ CP ÷ TP) × EP tokens routed into a group (each rank routes its T/t tokens, as
 * {@code TransformerCompute} counts them) pick k of E experts each, and every layer's combine all-to-all waits for
 * the busiest rank's experts. Megatron-Core's forced balancing ({@code --moe-router-force-load-balancing}) draws
 * random router logits ({@code moe_utils.apply_random_logits}), exactly this; a trained router is at least as
 * uneven. L_u(n) is {@link RoutedMaximum}'s expected maximum over G = EP ranks of E experts, the figure serving
 * uses for its batches; the step's routing states skew max(S, L_u(n)) ({@link ExpertRoutingSpec#busiestLoad(double)}),
 * so the expert GEMMs and the all-to-all see the same busiest rank. Balanced top-8 of 128 experts over EP8 with
 * 8,192 tokens a micro-batch: L ≈ 1.015. Dense models and EP 1 keep the stated routing. An instance keeps one {@link
 * RoutedMaximum} per (k, E, G) for the steps of the context that holds it (a job's runs, a screen's plans): its Monte
 * Carlo runs once per token power, O(1) per call after that; the figures do not depend on which instance answers
 * ({@link RoutedMaximum} is seeded per power). Not thread-safe: one per caller.
 */
public final class SampledRouting {
    private final Map<List<Integer>, RoutedMaximum> maxima = new HashMap<>();

    /** The routing of one micro-batch of {@code spec} (class comment). */
    ExpertRoutingSpec of(TrainingSpec spec) {
        ParallelismSpec par = spec.parallel();
        TransformerSpec model = spec.model();
        ExpertRoutingSpec stated = par.expertRouting();
        int ranks = par.expert();
        if (!model.moe() || ranks < 2) {
            return stated;
        }
        long tokens = Math.round((double) spec.microBatch() * spec.sequence() / par.context() / par.tensor() * ranks);
        RoutedMaximum maximum = maxima.computeIfAbsent(List.of(model.topK(), model.experts(), ranks),
                key -> new RoutedMaximum(key.get(0), key.get(1), key.get(2)));
        double routed = maximum.factor(tokens);
        double skew = Math.min(ranks, Math.max(stated.routingSkew(), routed));
        return stated.withRoutingSkew(skew);
    }
}
