package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * {@code fabric.unit.network-rate-in-bytes}: a network rate in bytes above the fastest port made, 1.6 Tb/s (200 GB/s),
 * is Gb/s written GB/s. Each case fires, and is quiet on the same model in bits, on a rate in bytes a port reaches,
 * and on a scale-up fabric (quoted in bytes).
 */
class NetworkRateWarningTest extends FabricModelTest {
    private static final String FABRIC = """
            import fabric.catalog.standards.*
            fabric Wire { vendor IBTA scope %s open-standard link %s }
            nic Card { vendor IBTA ports 1 x 400 Gb/s speaks Wire }
            """;

    private static final String SKETCH = "cluster C { nodes 2 x 8 accelerators link %s latency 1 us }";

    private static final String NIC = """
            import fabric.catalog.standards.*
            nic Card { vendor IBTA ports 2 x %s speaks RoCEv2 }
            """;

    private List<Issue> warnings(String model) throws Exception {
        return validation.validate(parser.parse(model)).stream()
                .filter(issue -> IssueCodes.NETWORK_RATE_IN_BYTES.equals(issue.getCode())).toList();
    }

    @Test
    void shouldAskWhetherASketchedLinkOfFourHundredGigabytesMeantGigabits() throws Exception {
        // 400 GB/s × 8 bit/B = 3,200 Gb/s = 3.2 Tb/s, twice the fastest port (1.6 Tb/s)
        List<Issue> issues = warnings(SKETCH.formatted("400 GB/s"));
        assertEquals(1, issues.size(), issues::toString);
        assertEquals("400 GB/s is 3.2 Tb/s, faster than any network port made (1.6 Tb/s). Network rates are quoted in"
                + " bits: did you mean 400 Gb/s?", issues.get(0).getMessage());
        assertArrayEquals(new String[] { "400 Gb/s" }, issues.get(0).getData());
        assertEquals(List.of(), warnings(SKETCH.formatted("400 Gb/s")));
        // 200 GB/s is exactly 1.6 Tb/s, a port that is made: nothing to say
        assertEquals(List.of(), warnings(SKETCH.formatted("200 GB/s")));
        // a sketch may stand for a scale-up domain: 900 GB/s an accelerator is NVLink 5's rate, no network port's speed
        assertEquals(List.of(), warnings(SKETCH.formatted("900 GB/s")));
    }

    @Test
    void shouldAskOnAScaleOutFabricsLinkAndNotOnAScaleUpOnes() throws Exception {
        assertEquals(1, warnings(FABRIC.formatted("scale-out", "800 GB/s")).size());
        assertEquals(List.of(), warnings(FABRIC.formatted("scale-out", "800 Gb/s")));
        // NVLink-class rates are quoted in bytes: 900 GB/s an accelerator is what was meant
        assertEquals(List.of(), warnings(FABRIC.formatted("scale-up", "900 GB/s")));
    }

    @Test
    void shouldAskOnANicsPortRate() throws Exception {
        List<Issue> issues = warnings(NIC.formatted("1.6 TB/s"));
        assertEquals(1, issues.size(), issues::toString);
        // 1.6 TB/s × 8 = 12.8 Tb/s
        assertEquals("1.6 TB/s is 12.8 Tb/s, faster than any network port made (1.6 Tb/s). Network rates are quoted in"
                + " bits: did you mean 1.6 Tb/s?", issues.get(0).getMessage());
        assertEquals(List.of(), warnings(NIC.formatted("1.6 Tb/s")));
    }
}
