package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;

/**
 * The direct-network examples run. examples/topologies/tpu-v4-ocs-slices.fabric: a ring all-reduce of S = 1 GiB
 * on links of B = 50 GB/s per direction and 1 us per hop, on a 4 x 4 x 8 slice that the OCS wires as a torus, and on the same chips wrapped
 * along x and y only. Closed forms (derived in the example's header): on the slice the rings take 0.9921875 S/B
 * plus 26 one-hop steps of 1 us + 0.1 us (every ring passes the OCS once); with z open, z's phase doubles
 * (2 · 7/8 · (S/16)/B) for 1.046875 S/B, plus 12 one-hop steps and 14 steps of 7 hops (110 us).
 * examples/topologies/gaudi3-hls.fabric: an all-reduce inside one Gaudi 3 server cannot beat its chips' 21
 * scale-up ports: each chip sends and receives 2(n − 1)/n · S over 7 peer links of 75 GB/s, so busbw ≤ 525 GB/s.
 */
class DirectNetworkExamplesTest {
    private static final double S = 1L << 30;
    private static final double B = 50e9;

    @Test
    void shouldRunTheRingsOnTheSliceAndOnTheOpenDimensionInTheirClosedForms() {
        List<StudySpec> programs = Models.programs(Models.EXAMPLES.resolve("topologies/tpu-v4-ocs-slices.fabric"),
                "tpu-v4-ocs-slices.fabric");
        assertEquals(0.9921875 * S / B + 26 * 1.1e-6, seconds(programs, "SliceClosedForm"), 1e-9);
        assertEquals(1.046875 * S / B + 110e-6, seconds(programs, "OpenZClosedForm"), 1e-9);
    }

    @Test
    void shouldRunTheGaudiServersWithinTheirOnChipPorts() {
        List<StudySpec> programs = Models.programs(Models.EXAMPLES.resolve("topologies/gaudi3-hls.fabric"),
                "gaudi3-hls.fabric");
        double busbw = row(programs, "InServerBusbw", 1).get("busbwGBps") instanceof Number value
                ? value.doubleValue() : Double.NaN;
        assertTrue(busbw > 0 && busbw <= 7 * 75, "in-server busbw " + busbw + " GB/s");
        assertTrue(row(programs, "AcrossServersBusbw", 1).get("timeSeconds") instanceof Number);
    }

    private static double seconds(List<StudySpec> programs, String study) {
        return ((Number) row(programs, study, 0).get("timeSeconds")).doubleValue();
    }

    /** Row {@code index} (one per size) of the first run of {@code study}. */
    private static Map<?, ?> row(List<StudySpec> programs, String study, int index) {
        StudySpec spec = programs.stream().filter(program -> program.name().endsWith(study)).findFirst().orElseThrow();
        Object rows = new Simulator().run(spec).runs().get(0).metrics().get("rows");
        return (Map<?, ?>) ((List<?>) rows).get(index);
    }
}
