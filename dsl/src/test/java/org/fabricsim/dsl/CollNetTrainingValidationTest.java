package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A training's {@code collnet}: it reaches the spec, and where the cluster's scale-out switches do not reduce (no
 * {@code in-network-reduction}) the editor says it changes nothing ({@code fabric.workload.collnet-ignored}).
 */
class CollNetTrainingValidationTest extends FabricModelTest {
    /**
     * Four DGX H100 under RoCE and under InfiniBand NDR, and a ZeRO-1 training over them: the cluster and the
     * training's last statements are the holes ({@code %s}); DataParallelAlgorithmValidationTest shares it.
     */
    static final String MODEL = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*

            cluster OnRoCE {
                nodes 4 x DGX_H100
                scale-out RoCEv2 fat-tree { switch SN5600 tiers 2 }
            }

            cluster OnInfiniBand {
                nodes 4 x DGX_H100
                scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 }
            }

            model Small transformer {
                layers 4
                hidden 4096
                heads 32
                vocab 32000
            }

            training Sharded {
                model Small on %s
                sequence 2048
                batch 64 sequences
                parallel tensor 8 data 4
                sharding zero-1
                %s
            }
            """;

    @Test
    void shouldSayCollNetChangesNothingWhereTheSwitchesDoNotReduce() throws Exception {
        // SN5600 (Spectrum-4 Ethernet) has no in-network-reduction; QM9700 (Quantum-2, SHARPv3) has.
        Model roce = parser.parse(MODEL.formatted("OnRoCE", "collnet"));
        validation.assertIssue(roce, Literals.TRAINING, IssueCodes.COLLNET_IGNORED, Severity.INFO,
                "NCCL runs the rings, so it changes nothing here");
        validation.assertNoIssue(parser.parse(MODEL.formatted("OnInfiniBand", "collnet")), Literals.TRAINING,
                IssueCodes.COLLNET_IGNORED);
        validation.assertNoIssue(parser.parse(MODEL.formatted("OnRoCE", "")), Literals.TRAINING,
                IssueCodes.COLLNET_IGNORED);
    }

    @Test
    void shouldCarryCollNetToTheTrainingSpec() throws Exception {
        assertTrue(mappedTraining(parser.parse(MODEL.formatted("OnInfiniBand", "collnet"))).collNet());
        assertFalse(mappedTraining(parser.parse(MODEL.formatted("OnInfiniBand", ""))).collNet());
    }
}
