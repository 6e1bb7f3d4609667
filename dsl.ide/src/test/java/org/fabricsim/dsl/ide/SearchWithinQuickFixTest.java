package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** A search within more accelerators than the cluster has: the quick fix writes the cluster's count. */
class SearchWithinQuickFixTest {
    private static final Path MODELS = Path.of("..", "docs", "diagnostics");

    private final FabricQuickFixes fixes = DesignReviewIdeTest.INJECTOR.getInstance(FabricQuickFixes.class);

    @Test
    void shouldSearchWithinTheClustersAccelerators() throws Exception {
        // the model's cluster: 4 Gaudi 3 HLS nodes of 8 accelerators = 32
        String code = IssueCodes.SEARCH_WITHIN_CLUSTER;
        String text = Files.readString(MODELS.resolve(code + ".fabric"), StandardCharsets.UTF_8);
        String fixed = DesignReviewIdeTest.fix(text, code, fixes::limitToTheCluster);
        assertTrue(fixed.contains("    search maximize mfu within 32 accelerators\n"), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> code.equals(issue.getCode())), fixed);
    }
}
