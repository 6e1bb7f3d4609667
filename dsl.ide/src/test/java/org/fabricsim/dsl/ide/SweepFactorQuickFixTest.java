package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** A benchmark sweep's factor below 2: the quick fix writes 2 and the model no longer raises the code. */
class SweepFactorQuickFixTest {
    private static final Path MODELS = Path.of("..", "docs", "diagnostics");

    private final FabricQuickFixes fixes = DesignReviewIdeTest.INJECTOR.getInstance(FabricQuickFixes.class);

    @Test
    void shouldWriteFactorTwoForASweepFactorOfOne() throws Exception {
        String code = IssueCodes.SWEEP_FACTOR;
        String text = Files.readString(MODELS.resolve(code + ".fabric"), StandardCharsets.UTF_8);
        String fixed = DesignReviewIdeTest.fix(text, code, fixes::doubleEachSize);
        assertTrue(fixed.contains("    sizes 1 MiB to 1 GiB factor 2\n"), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> code.equals(issue.getCode())), fixed);
    }
}
