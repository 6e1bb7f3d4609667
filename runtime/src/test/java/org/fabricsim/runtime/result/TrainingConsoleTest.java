package org.fabricsim.runtime.result;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The training block of the console, read as a person reads it. */
class TrainingConsoleTest {

    private static RunResult run(Map<String, Object> parameters) {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("stepTimeSeconds", 0.2413);
        metrics.put("mfu", 0.41);
        metrics.put("hfu", 0.41);
        metrics.put("tokensPerSecond", 1_048_576.0);
        metrics.put("bubbleFraction", 0.25);
        metrics.put("exposedCommunicationFraction", 0.01);
        metrics.put("memoryPerAcceleratorBytes", 84.1e9);
        metrics.put("memoryCapacityBytes", 141e9);
        return new RunResult("t.Train", "training", parameters, metrics, 1);
    }

    @Test
    void shouldPrintMemoryAgainstTheAcceleratorsCapacityWithItsShare() {
        // 84.1 GB of 141 GB: 84.1 / 141 = 59.65 %, written to one decimal.
        String text = TrainingConsole.render(run(Map.of()));
        assertTrue(text.contains("memory per GPU      84.1 GB of 141 GB (59.6%)"), text);
    }

    @Test
    void shouldPrintTimesInTheirUnitWithThreeDigitsAndCountsWithSeparators() {
        // step 0.2413 s = 241 ms; bubble 25 % of it = 60.3 ms; exposed 1 % = 2.41 ms; tokens 1,048,576.
        String text = TrainingConsole.render(run(Map.of())).replaceAll(" +", " ");
        assertTrue(text.contains("step time 241 ms"), text);
        assertTrue(text.contains("pipeline bubble 60.3 ms 25.0%"), text);
        assertTrue(text.contains("exposed comm 2.41 ms 1.0%"), text);
        assertTrue(text.contains("tokens/s 1,048,576"), text);
    }

    @Test
    void shouldNameTheClusterAndTheFabricsTheRunUsed() {
        Map<String, Object> used = new LinkedHashMap<>();
        used.put("cluster", "fabric.C");
        used.put("scaleUpFabric", "NVLink4");
        used.put("scaleOutFabric", "NDR");
        assertTrue(TrainingConsole.render(run(used)).contains("\n  on cluster fabric.C: scale-up NVLink4, scale-out NDR\n"));
        assertTrue(TrainingConsole.render(run(Map.of("cluster", "fabric.One")))
                .contains("\n  on cluster fabric.One\n"), "a single node without fabrics names only the cluster");
    }
}
