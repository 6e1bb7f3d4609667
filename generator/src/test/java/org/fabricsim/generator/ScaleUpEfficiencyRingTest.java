package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scale-up fabric's {@code efficiency} e derates its links for accelerators that state no {@code
 * scale-up-efficiency}: a 1 GiB ring all-reduce over eight H100s takes 2·7/8·S / (450 GB/s · e) plus latencies, so
 * e = 50% takes twice as long as e = 100%; an accelerator's own measured figure (H800: 80%) comes first, and the
 * fabric's then changes nothing. The fabric's link rate is the domain's rate for an accelerator that states no
 * scale-up ports.
 */
class ScaleUpEfficiencyRingTest {
    private static final String MODEL = """
            package scaleupefficiency
            import fabric.catalog.nvidia.*
            accelerator Bare { vendor NVIDIA compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s }
            fabric Link {
                vendor NVIDIA scope scale-up single-source accelerators NVIDIA only
                link %s lossless credit-based %s
            }
            node Box { accelerators 8 x %s scale-up Link switched domain 8 }
            cluster OneNode { nodes 1 x Box }
            benchmark Ring { all-reduce ring on OneNode harness ideal sizes 1 GiB }
            """;
    /** The latency share of a 1 GiB ring (microseconds in milliseconds) moves a ratio by under 0.2%. */
    private static final double RATIO_TOLERANCE = 2e-3;

    @Test
    void shouldTakeTwiceAsLongAtHalfTheFabricsEfficiency(@TempDir Path dir) throws IOException {
        double half = ringSeconds(dir, "efficiency 50 %", "H100_SXM");
        assertEquals(2.0, half / ringSeconds(dir, "efficiency 100 %", "H100_SXM"), RATIO_TOLERANCE);
    }

    @Test
    void shouldKeepTheAcceleratorsOwnScaleUpEfficiency(@TempDir Path dir) throws IOException {
        assertEquals(ringSeconds(dir, "", "H800_SXM"), ringSeconds(dir, "efficiency 50 %", "H800_SXM"));
    }

    /**
     * An accelerator that states no scale-up ports runs at the domain fabric's link rate: twice the rate, half the
     * bandwidth term; one that states its own (H100: 18 x 25 GB/s) keeps it whatever the fabric's link.
     */
    @Test
    void shouldRunAnAcceleratorWithoutScaleUpPortsAtTheFabricsLinkRate(@TempDir Path dir) throws IOException {
        assertEquals(2.0, ringSeconds(dir, "50 GB/s", "", "Bare") / ringSeconds(dir, "100 GB/s", "", "Bare"),
                RATIO_TOLERANCE);
        assertEquals(ringSeconds(dir, "25 GB/s", "", "H100_SXM"), ringSeconds(dir, "50 GB/s", "", "H100_SXM"));
    }

    private static double ringSeconds(Path dir, String efficiency, String accelerator) throws IOException {
        return ringSeconds(dir, "25 GB/s", efficiency, accelerator);
    }

    private static double ringSeconds(Path dir, String link, String efficiency, String accelerator)
            throws IOException {
        Path file = dir.resolve(("ring-" + accelerator + link + efficiency).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, MODEL.formatted(link, efficiency, accelerator));
    }
}
