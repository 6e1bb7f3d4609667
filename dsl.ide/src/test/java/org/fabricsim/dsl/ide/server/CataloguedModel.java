package org.fabricsim.dsl.ide.server;

/**
 * A model on standard-catalog hardware for the language-server tests: a cluster of DGX H100 nodes on an
 * InfiniBand NDR rail-optimized fat-tree (its name holds digits), a small transformer and a training job
 * of that model on that cluster. Line numbers (0-based) are fixed: the tests address positions by them.
 */
public final class CataloguedModel {
    /** The model; the cluster starts on line 4, the model on line 13, the training on line 20. */
    public static final String TEXT = """
            package catalogued

            import fabric.catalog.nvidia.*

            cluster B200_CX8 {
                nodes 4 x DGX_H100
                scale-out InfiniBand_NDR rail-optimized {
                    switch QM9700
                    rails 8
                    tiers 2
                }
            }

            model Small transformer {
                layers 8
                hidden 1024
                heads 8
                vocab 32000
            }

            training Train {
                model Small on B200_CX8
                sequence 2048
                batch 64 sequences
                parallel tensor 8 data 4
            }
            """;

    private CataloguedModel() {
    }
}
