package org.fabricsim.dsl;

import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;

/**
 * What the expert-plan tests (routing, capacity, dispatcher, communication SMs, folding) share: one training and one
 * inference model text, and the routing the mapper gives a training's plan.
 */
abstract class ExpertPlanTest extends FabricModelTest {
    /** A training of a {@code kind} (moe or transformer) model on 16 accelerators, DP 16, then {@code plan}. */
    protected Model training(String kind, String plan) throws Exception {
        return parallel(kind, "data 16 " + plan);
    }

    /** A training of a {@code kind} (moe or transformer) model on 16 accelerators with the plan {@code parallel}. */
    protected Model parallel(String kind, String parallel) throws Exception {
        String experts = kind.equals("moe") ? " experts 8 top-k 2 expert-ffn 256" : "";
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 50 GB/s latency 1 us }
                model M %s { layers 2 hidden 256 heads 4 vocab 1000%s }
                training T {
                    model M on C
                    sequence 1024
                    batch 32 sequences
                    parallel %s
                }
                """.formatted(kind, experts, parallel));
    }

    /** An inference of the MoE model on one node of 8 accelerators: one serving pool, TP 8 EP 8, then {@code plan}. */
    protected Model inference(String plan) throws Exception {
        return parser.parse("""
                cluster C { nodes 1 x 8 accelerators link 50 GB/s latency 1 us }
                model M moe { layers 2 hidden 256 heads 4 vocab 1000 experts 8 top-k 2 expert-ffn 256 }
                inference S {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 expert 8 %s }
                    traffic { arrival poisson 1 /s prompt fixed 10 output fixed 10 }
                }
                """.formatted(plan));
    }

    /** The expert routing the mapper gives a training of the MoE model under {@code plan}. */
    protected ExpertRoutingSpec routing(String plan) throws Exception {
        return mappedTraining(training("moe", plan)).parallel().expertRouting();
    }
}
