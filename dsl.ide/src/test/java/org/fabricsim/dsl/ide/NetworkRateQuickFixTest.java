package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** A sketched link of 400 GB/s: the quick fix writes the same number in bits, and the warning is gone. */
class NetworkRateQuickFixTest {
    private static final Path MODELS = Path.of("..", "docs", "diagnostics");

    private final FabricQuickFixes fixes = DesignReviewIdeTest.INJECTOR.getInstance(FabricQuickFixes.class);

    @Test
    void shouldWriteTheLinkRateInBits() throws Exception {
        String code = IssueCodes.NETWORK_RATE_IN_BYTES;
        String text = Files.readString(MODELS.resolve(code + ".fabric"), StandardCharsets.UTF_8);
        String fixed = DesignReviewIdeTest.fix(text, code, fixes::writeTheRateInBits);
        assertTrue(fixed.contains("    link 400 Gb/s latency 1 us\n"), fixed);
        assertTrue(DesignReviewIdeTest.issues(DesignReviewIdeTest.load(fixed)).stream()
                .noneMatch(issue -> code.equals(issue.getCode())), fixed);
    }
}
