package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a ring does not cross cannot change its time. A ring all-reduce over one node's eight H100s in one
 * scale-up domain ({@link Models#ringInOneNode}: 14 steps of S/8 = 1 GiB / 8 at 450 GB/s plus 2 × 1 us of
 * scale-up links, 4,203,662,652 ps) never touches the scale-out fabric or the NICs, so their rate and latency
 * change nothing. The same ring in domains of four crosses the NICs (14 steps of S/32 at 50 GB/s, 671,088,640 ps,
 * plus two NIC cables at the fabric's 1 us, 9,423,240,960 ps); even there a fabric's vendor, openness and
 * accelerator lock are lock-in facts, not performance ones. A
 * ring asked for by name does not use the domain switches' reduction (NVLS).
 */
class UnusedNetworkRingTest {
    private static final String ETH = "vendor Acme open-standard link 400 Gb/s latency 1 us efficiency 100 %";
    private static final String NIC = "ports 1 x 400 Gb/s";
    private static final double WHOLE_DOMAIN_SECONDS = 4_203_662_652e-12;
    private static final double SPLIT_DOMAIN_SECONDS = 9_423_240_960e-12;
    /** Each of the 14 ring steps ends on a whole picosecond. */
    private static final double STEP_ROUNDING_SECONDS = 14e-12;

    @Test
    void shouldLeaveARingInsideTheScaleUpDomainWhateverTheScaleOutFabricsLinkAndLatency(@TempDir Path dir)
            throws IOException {
        double base = seconds(dir, ETH, NIC, 8);
        assertEquals(WHOLE_DOMAIN_SECONDS, base, STEP_ROUNDING_SECONDS);
        String slowFar = "vendor Acme open-standard link 100 Gb/s latency 11 us efficiency 100 %";
        assertEquals(base, seconds(dir, slowFar, NIC, 8));
    }

    @Test
    void shouldLeaveARingInsideTheScaleUpDomainWhateverTheNicsPortsAndLatency(@TempDir Path dir)
            throws IOException {
        double base = seconds(dir, ETH, NIC, 8);
        assertEquals(base, seconds(dir, ETH, "ports 1 x 100 Gb/s latency 5 us", 8));
        assertEquals(base, seconds(dir, ETH, "ports 2 x 200 Gb/s", 8));
    }

    @Test
    void shouldRunARingThroughTheNicsAlikeWhateverTheFabricsVendorOpennessAndLock(@TempDir Path dir)
            throws IOException {
        double open = seconds(dir, ETH, NIC, 4);
        assertEquals(SPLIT_DOMAIN_SECONDS, open, STEP_ROUNDING_SECONDS);
        String closed = "vendor Other single-source accelerators NVIDIA only"
                + " link 400 Gb/s latency 1 us efficiency 100 %";
        assertEquals(open, seconds(dir, closed, NIC, 4));
    }

    /** A ring all-reduce asked for by name runs on the links whether the domain's switches could reduce or not. */
    @Test
    void shouldRunARingInsideTheDomainAlikeWhetherItsSwitchesReduceOrNot(@TempDir Path dir) throws IOException {
        assertEquals(seconds(dir, ETH, NIC, 8), Models.firstRowSeconds(dir.resolve("ring-nvls.fabric"),
                Models.ringInOneNode(ETH, NIC, "LinkNvls switched domain 8", "")));
    }

    private static double seconds(Path dir, String scaleOut, String nic, int domain) throws IOException {
        Path file = dir.resolve(("ring-" + scaleOut + nic + domain).replaceAll("\\W", "") + ".fabric");
        return Models.firstRowSeconds(file, Models.ringInOneNode(scaleOut, nic, "Link switched domain " + domain, ""));
    }
}
