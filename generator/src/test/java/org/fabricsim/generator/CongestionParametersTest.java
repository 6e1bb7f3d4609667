package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A congestion control's stated parameters reach a collective's result: the flow model runs the fabric on the
 * behaviour row the packet backend measures with them (runtime {@code TunedBehaviours}). The exchange is an
 * all-to-all on a 2:1 tree (12-port switches: 8 down, 4 up) whose uplinks it overloads, so the congestion
 * control acts; a ring on one switch, which contends for nothing, is where the parameters must change nothing.
 */
class CongestionParametersTest {
    @Test
    void shouldSpeedAnOversubscribedAllToAllWhenDcqcnMarksLater(@TempDir Path dir) throws IOException {
        // DCQCN's defaults at 400 Gb/s are Kmin 1.6 MB and Kmax 6.4 MB (100 KB and 400 KB per 25 Gb/s): restated
        // they change nothing. Four times both lets the 2:1 uplinks' queues grow under PFC before DCQCN throttles
        // the senders: the uplinks are offered twice their capacity, where the packet backend's row at these
        // thresholds measures u(2) = 0.998 at every flows-per-sender count (shipped: 0.653 to 0.998), so the
        // exchange runs within 1 / 0.998 of the ideal (measured: 2,099.15 us, the ideal; shipped 2,778.20 us).
        double shipped = seconds(dir, "lossless pfc congestion-control dcqcn");
        double restated = seconds(dir,
                "lossless pfc congestion-control dcqcn { kmin 1600 KB kmax 6400 KB pmax 20 % increase-timer 300 us }");
        double deep = seconds(dir, "lossless pfc congestion-control dcqcn { kmin 6400 KB kmax 25600 KB }");
        double ideal = seconds(dir, "");
        assertEquals(shipped, restated);
        assertTrue(deep < shipped && deep >= ideal && deep <= ideal / 0.998,
                deep + " s deep, " + shipped + " s shipped, " + ideal + " s ideal");
    }

    @Test
    void shouldSlowAnOversubscribedAllToAllWhenEachBecnThrottlesHarder(@TempDir Path dir) throws IOException {
        // ccti-increase 4 moves a sender four table entries per BECN instead of one: the packet backend's row falls
        // (2:1 on one switch: 0.29 against 0.57), so the exchange takes longer than on the defaults (measured:
        // 2,447.25 us against 2,281.20 us, +7.3 %; the exchange's many flows per sender soften the cut).
        double shipped = seconds(dir, "lossless credit-based congestion-control ib-cc");
        double steep = seconds(dir, "lossless credit-based congestion-control ib-cc { ccti-increase 4 }");
        assertTrue(steep > shipped, steep + " s steep, " + shipped + " s shipped");
    }

    @Test
    void shouldLeaveAnUncontendedRingWhateverTheParameters(@TempDir Path dir) throws IOException {
        // One flow per link on one switch: no queue builds, nothing is marked, whatever the thresholds.
        assertEquals(ring(dir, "lossless pfc congestion-control dcqcn"),
                ring(dir, "lossless pfc congestion-control dcqcn { kmin 100 KB kmax 400 KB pmax 100 % }"));
        assertEquals(ring(dir, "lossless credit-based congestion-control ib-cc"),
                ring(dir, "lossless credit-based congestion-control ib-cc { ccti-increase 4 fecn-threshold 4 KiB }"));
    }

    private static double seconds(Path dir, String fabric) throws IOException {
        return Models.firstRowSeconds(file(dir, "a2a", fabric), Models.allToAllOnTwoToOneTree(fabric, ""));
    }

    private static double ring(Path dir, String fabric) throws IOException {
        return Models.firstRowSeconds(file(dir, "ring", fabric), Models.ringOnOneSwitch("400 Gb/s", fabric, 8));
    }

    private static Path file(Path dir, String kind, String fabric) {
        return dir.resolve((kind + "-" + fabric).replaceAll("[^\\w-]", "") + ".fabric");
    }
}
