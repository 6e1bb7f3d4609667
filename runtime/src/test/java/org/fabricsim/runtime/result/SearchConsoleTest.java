package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SearchConsoleTest {

    @Test
    void shouldNameTheObjectiveAndItsUnitBesideTheBestAndTheWrittenValue() {
        // A serving search's best and written cost per million tokens, as the engine returns them
        // (examples/llama3-70b-serving/search.fabric): 3.8706248194271278 dollars is $3.87 to three digits.
        Map<String, Object> search = new LinkedHashMap<>();
        search.put("objective", "minimize cost-per-mtok");
        search.put("considered", 144);
        search.put("feasible", 55);
        search.put("screened", 55);
        search.put("passed", 31);
        search.put("refined", 5);
        search.put("rejected", new LinkedHashMap<>(Map.of("accelerators", 89)));
        search.put("best", Map.of("variation", "{decode replicas=2}", "objective", 3.8706248194271278, "screenRank", 25,
                "definition", "prefill pool {}\n"));
        search.put("written", Map.of("objective", 3.8706248194271278, "screenRank", 25));
        String text = SearchConsole.render(new StudyResult.StudyInfo("s.Size", "m.fabric", 1, List.of(), List.of(), search));
        assertTrue(text.contains("  rejected by rule: accelerators 89\n"), text);
        assertTrue(text.contains("  best: {decode replicas=2}: cost-per-mtok $3.87 per million tokens (screen rank 25)\n"),
                text);
        assertTrue(text.contains("  as written: cost-per-mtok $3.87 per million tokens (screen rank 25)\n"), text);
        assertFalse(text.contains("3.8706"), text);
    }

    @Test
    void shouldWriteEachObjectiveInItsOwnUnit() {
        // MFU 0.4123 is 41.2%; 2,870,624.7 tokens/s whole with separators; $1,234.5 a step whole from $100;
        // a TTFT p99 of 1.5925 s to three digits; a value a run lacks is n/a.
        assertEquals("mfu 41.2%", SearchConsole.value("maximize mfu", 0.4123));
        assertEquals("tokens-per-second 2,870,625 tokens/s", SearchConsole.value("maximize tokens-per-second", 2_870_624.7));
        assertEquals("cost-per-step $1,235", SearchConsole.value("minimize cost-per-step", 1234.5));
        assertEquals("cost-per-step $1.47", SearchConsole.value("minimize cost-per-step", 1.4718));
        assertEquals("ttft-p99 1.59 s", SearchConsole.value("minimize ttft-p99", 1.5925));
        assertEquals("mfu n/a", SearchConsole.value("maximize mfu", null));
    }
}
