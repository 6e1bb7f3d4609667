package org.fabricsim.dsl;

import org.eclipse.xtext.testing.util.ParseHelper;
import org.fabricsim.dsl.fabric.Model;

/** The model the expert-plan tests (routing, capacity, dispatcher) validate, one text for all of them. */
final class ExpertPlanModels {
    private ExpertPlanModels() {
    }

    /** A training of a {@code kind} (moe or transformer) model on 16 accelerators, DP 16, then {@code plan}. */
    static Model training(ParseHelper<Model> parser, String kind, String plan) throws Exception {
        String experts = kind.equals("moe") ? " experts 8 top-k 2 expert-ffn 256" : "";
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 50 GB/s latency 1 us }
                model M %s { layers 2 hidden 256 heads 4 vocab 1000%s }
                training T {
                    model M on C
                    sequence 1024
                    batch 32 sequences
                    parallel data 16 %s
                }
                """.formatted(kind, experts, plan));
    }
}
