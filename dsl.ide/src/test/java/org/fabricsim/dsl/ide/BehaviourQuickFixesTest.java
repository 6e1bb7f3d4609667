package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * The fabric behaviour errors' quick fixes, applied to the model docs/diagnostics gives for the code: the fixed
 * text says what the fix wrote and no longer raises the code.
 */
class BehaviourQuickFixesTest {
    private static final Path MODELS = Path.of("..", "docs", "diagnostics");

    private final FabricQuickFixes fixes = DesignReviewIdeTest.INJECTOR.getInstance(FabricQuickFixes.class);

    @Test
    void shouldWriteSelectiveRepeatOnASprayingFabricThatStatesGoBackN() throws Exception {
        String code = IssueCodes.GO_BACK_N_SELECTIVE_TRANSPORT;
        String text = Files.readString(MODELS.resolve(code + ".fabric"), StandardCharsets.UTF_8);
        String fixed = DesignReviewIdeTest.fix(text, code, fixes::useSelectiveRepeat);
        assertTrue(fixed.contains("    recovery selective-repeat\n"), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> code.equals(issue.getCode())), fixed);
    }
}
