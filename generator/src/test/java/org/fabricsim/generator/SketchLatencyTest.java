package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sketched cluster's {@code latency} is paid per hop, as the language reference says (issue 20). */
class SketchLatencyTest {
    private static final String MODEL = """
            package sketch
            cluster Four {
                nodes 4 x 1 accelerators
                link 400 Gb/s latency %s
            }
            benchmark Ring {
                all-reduce ring
                on Four
                protocol Simple
                channels 1
                sizes 64 MiB
            }
            """;

    @Test
    void shouldPayTheLinkLatencyOnBothHopsOfEveryRingStep(@TempDir Path dir) throws IOException {
        // 4 ranks: a ring all-reduce takes 2(N − 1) = 6 dependent steps, each a transfer up the
        // sender's cable to the one switch and down the receiver's, two hops of the stated latency.
        // Raising it by 50 us adds 6 × 2 × 50 us = 600 us and changes nothing else.
        double slower = ringSeconds(dir, "51 us") - ringSeconds(dir, "1 us");
        assertEquals(600e-6, slower, 1e-9);
    }

    private static double ringSeconds(Path dir, String latency) throws IOException {
        Path file = dir.resolve("sketch-" + latency.replace(' ', '-') + ".fabric");
        Files.writeString(file, MODEL.formatted(latency));
        List<StudySpec> programs = Models.programs(file, file.getFileName().toString());
        Object rows = new Simulator().run(programs.get(0)).runs().get(0).metrics().get("rows");
        return ((Number) ((Map<?, ?>) ((List<?>) rows).get(0)).get("timeSeconds")).doubleValue();
    }
}
