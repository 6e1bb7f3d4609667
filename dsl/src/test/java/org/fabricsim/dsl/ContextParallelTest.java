package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

/** How context parallelism exchanges K/V: `context N ring` or `context N all-gather`, all-gather when unsaid. */
class ContextParallelTest extends FabricModelTest {
    private static final String JOB = """
            import fabric.catalog.nvidia.*

            cluster FourDgx {
                nodes 4 x DGX_H100
                scale-out InfiniBand_NDR fat-tree {
                    switch QM9700
                    tiers 2
                }
            }

            model Small transformer {
                layers 32
                hidden 4096
                heads 32
                vocab 32000
            }

            training Train {
                model Small on FourDgx
                sequence 32768
                batch 64 sequences
                parallel tensor 8 context 4 sequence-parallel
            }
            """;

    @Inject
    private CanonicalText canonical;

    private ContextMode mapped(String parallel) throws Exception {
        Model model = parser.parse(JOB.replace("parallel tensor 8 context 4 sequence-parallel", parallel));
        validation.assertNoErrors(model);
        return mappedTraining(model).parallel().contextMode();
    }

    @Test
    void shouldReadTheExchangeAfterTheContextDegreeAndDefaultToAllGather() throws Exception {
        assertEquals(ContextMode.RING, mapped("parallel tensor 8 context 4 ring sequence-parallel"));
        assertEquals(ContextMode.ALL_GATHER, mapped("parallel context 4 all-gather tensor 8"));
        assertEquals(ContextMode.ALL_GATHER, mapped("parallel tensor 8 context 4 sequence-parallel"));
    }

    @Test
    void shouldKeepTheExchangeBesideItsDegreeWhenFormatting() throws Exception {
        String messy = JOB.replace("parallel tensor 8 context 4 sequence-parallel",
                "parallel  tensor 8   context 4\n        ring   sequence-parallel");
        String expected = JOB.replace("context 4", "context 4 ring");
        assertEquals(expected, canonical.of((XtextResource) parser.parse(messy).eResource()));
    }
}
