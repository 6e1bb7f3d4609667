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

/**
 * A model's {@code mesh} reaches the engine as open dimensions: a ring all-reduce of S over a line of k chips
 * with links of B per direction takes 2(k − 1)/k · S/B, twice the torus's 2(k − 1)/k · S/(2B). Derivation
 * (OpenMeshCollectivesTest): the bidirectional rings send S/(2k) each way per step; without the wrap link each
 * ring's closing transfer runs back over the whole line, so every directed link carries two transfers and a
 * step takes S/(kB) instead of S/(2kB).
 */
class MeshRingTest {
    private static final String MODEL = """
            package meshring
            vendor Acme "Acme"
            accelerator Chip { vendor Acme compute bf16 100 TFLOPS memory 16 GiB bandwidth 1000 GB/s }
            fabric Ici {
                vendor Acme scope scale-out single-source accelerators Acme only
                link 50 GB/s latency 1 ns
                efficiency 100 %%
            }
            node Board { accelerators 1 x Chip }
            cluster Line { nodes 8 x Board scale-out Ici %s 8 }
            benchmark Ring { all-reduce ring on Line harness ideal sizes 1 GiB }
            """;
    private static final double S = 1L << 30;
    private static final double B = 50e9;
    /** Every path's latency: at most 7 hops of 1 ns, in each of the 2 · 7 steps, plus a picosecond of rounding each. */
    private static final double LATENCY_SECONDS = 2 * 7 * (7e-9 + 1e-12);

    @Test
    void shouldTakeTwiceTheTorusTimeForARingAllReduceOnAMeshOfEight(@TempDir Path dir) throws IOException {
        // k = 8: mesh 2 · 7/8 · S/B = 1.75 S/B = 37.58 ms; torus 0.875 S/B.
        assertEquals(1.75 * S / B, ringSeconds(dir, "mesh"), LATENCY_SECONDS);
        assertEquals(0.875 * S / B, ringSeconds(dir, "torus"), LATENCY_SECONDS);
    }

    private static double ringSeconds(Path dir, String topology) throws IOException {
        Path file = dir.resolve(topology + ".fabric");
        Files.writeString(file, MODEL.formatted(topology));
        List<StudySpec> programs = Models.programs(file, file.getFileName().toString());
        Object rows = new Simulator().run(programs.get(0)).runs().get(0).metrics().get("rows");
        return ((Number) ((Map<?, ?>) ((List<?>) rows).get(0)).get("timeSeconds")).doubleValue();
    }
}
