package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class InferenceConsoleTest {

    @Test
    void shouldShowGoodputAsNotApplicableWhenNoSloIsStated() {
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of(),
                Map.of("outputTokensPerSecond", 1000.0), 1));
        assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("goodput") && l.contains("n/a")), text);
        assertFalse(text.contains("100%") || text.contains(" 100 "), text);
    }

    @Test
    void shouldShowGoodputAsAPercentageWhenSlosAreStated() {
        String text = InferenceConsole.render(new RunResult("s.Serve", "inference", Map.of(), Map.of("goodput", 0.975), 1));
        assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("goodput") && l.contains("97.5")
                && l.contains("% of requests meet every SLO")), text);
    }
}
