package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

/** A model's block arrangement: mapped as written, sequential when absent, and kept by the formatter. */
class ParallelBlockTest extends FabricModelTest {
    private static final String JOB = SMALL_ON_ONE_DGX + """
            training Train {
                model Small on OneDgx
                sequence 4096
                batch 64 sequences
                parallel tensor 8
            }
            """;

    @Inject
    private CanonicalText canonical;

    private TransformerSpec mapped(String block) throws Exception {
        Model model = parser.parse(JOB.replace("vocab 32000", "vocab 32000\n    " + block));
        validation.assertNoErrors(model);
        return mappedTraining(model).model();
    }

    @Test
    void shouldMapTheWrittenBlockAndDefaultToSequential() throws Exception {
        assertTrue(mapped("block parallel").parallelBlock());
        assertEquals(1, mapped("block parallel").tensorReductionsPerLayer());
        assertFalse(mapped("block sequential").parallelBlock());
        assertFalse(mapped("").parallelBlock());
        assertEquals(2, mapped("").tensorReductionsPerLayer());
    }

    @Test
    void shouldKeepTheBlockOnItsOwnLineWhenFormatting() throws Exception {
        String messy = JOB.replace("vocab 32000", "vocab 32000   block    parallel");
        String expected = JOB.replace("vocab 32000", "vocab 32000\n    block parallel");
        assertEquals(expected, canonical.of((XtextResource) parser.parse(messy).eResource()));
    }
}
