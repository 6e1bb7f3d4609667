package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** A training's 'dp-algorithm collnet-direct' where the switches do not reduce: the quick fix lets NCCL choose. */
class DataParallelAlgorithmQuickFixTest {
    private static final Path MODELS = Path.of("..", "docs", "diagnostics");

    private final FabricQuickFixes fixes = DesignReviewIdeTest.INJECTOR.getInstance(FabricQuickFixes.class);

    @Test
    void shouldLetNcclChooseWhereCollNetCannotRun() throws Exception {
        String code = IssueCodes.DP_ALGORITHM_UNAVAILABLE;
        String text = Files.readString(MODELS.resolve(code + ".fabric"), StandardCharsets.UTF_8);
        String fixed = DesignReviewIdeTest.fix(text, code, fixes::letNcclChooseTheDataParallelAlgorithm);
        assertTrue(fixed.contains("    dp-algorithm auto // NCCL_ALGO=CollNetDirect\n"), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> code.equals(issue.getCode())), fixed);
    }
}
