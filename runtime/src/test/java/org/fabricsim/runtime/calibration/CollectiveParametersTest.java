package org.fabricsim.runtime.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.junit.jupiter.api.Test;

class CollectiveParametersTest {
    @Test
    void theDefaultProfileHoldsTheCitedCollectiveConstants() {
        // The values the engine was built with, each cited in CollectiveDefaults: 81.6% NVLink (NCCL's ring,
        // 367.2 of 450 GB/s), 96% NIC (24 of 25 GB/s), NVLS 0.85, NCCL hwLat 3.4 / 14 / 25 us, baseLat
        // 8.4 us, plateau 1.4, the fitted 35 us of a DeepEP kernel and 17.9 us of a framework call, and the 4.2 us
        // kernel launch per GPU measured on a DGX-A100 (nccl-tests #123).
        assertEquals(new Calibration(0.816, 0.96, 0.85, 3_400_000, 14_000_000, 25_000_000, 8_400_000, 1.4,
                35_000_000, 17_900_000, 4_200_000), Calibration.DEFAULT);
    }

    @Test
    void measuredConstantsAreFixedAndFittedOnesHaveBounds() {
        CalibrationProfile defaults = CalibrationProfile.defaults();
        assertTrue(!defaults.parameter(Calibration.RING_PLATEAU_FACTOR).free());
        for (String name : List.of(Calibration.NVLINK_EFFICIENCY, Calibration.NIC_EFFICIENCY,
                Calibration.NVLS_EFFICIENCY, Calibration.NVLINK_STEP_OVERHEAD, Calibration.NET_STEP_OVERHEAD,
                Calibration.NVLS_STEP_OVERHEAD, Calibration.RING_BASE_LATENCY)) {
            assertTrue(defaults.parameter(name).free(), name);
        }
    }

    @Test
    void aBenchmarkReadsItsLinkEfficiencyFromTheProfileItIsGiven() {
        // 256 MiB ring all-reduce on 8 GPUs is bandwidth-bound: busbw ≈ η·450 GB/s, so lowering η from
        // the default 0.816 to 0.77 lowers busbw by nearly 0.77 / 0.816 = 0.944 (latency, unchanged,
        // weighs a little more).
        CollectiveBenchmarkSpec big = new CollectiveBenchmarkSpec("t.Ring8", CalibrationFixtures.DGX, 1,
                CalibrationFixtures.RING.operation(), CalibrationFixtures.RING.algorithm(), 1, List.of(256L << 20));
        CalibrationProfile slower = CalibrationProfile.defaults().with(Calibration.NVLINK_EFFICIENCY, 0.77);
        double ratio = busbw(big, slower) / busbw(big, CalibrationProfile.defaults());
        assertEquals(0.77 / 0.816, ratio, 0.005);
        assertEquals(busbw(big, CalibrationProfile.defaults()),
                busbw(CollectiveBenchmarks.run(big, 1)), 0, "the default overload runs the default profile");
    }

    @Test
    void aBenchmarkFromOneThreadDrivingEightGpusTakesTheLaunchesOfItsProfile() {
        // 1 KiB on 8 H100 of a node, one LL ring channel: NCCL's own latency, 6.6 + 2 x 7 x 0.6 = 15.0 us, and a few ns
        // of bytes stay under 8 launches (nccl-tests -g 8), so the call takes 8 x 4.2 = 33.6 us with the default
        // profile and 8 x 5 = 40 us on a host whose launch takes 5 us.
        CollectiveBenchmarkSpec tiny = CalibrationFixtures.RING.withSizes(List.of(1024L)).withGpusPerThread(8);
        assertEquals(33.6e-6, seconds(CollectiveBenchmarks.run(tiny, 1)), 1e-12);
        CalibrationProfile slowerHost = CalibrationProfile.defaults().with(Calibration.KERNEL_LAUNCH, 5e-6);
        assertEquals(40e-6, seconds(CollectiveBenchmarks.run(tiny, slowerHost, 1)), 1e-12);
    }

    private static double seconds(RunResult result) {
        Object row = ((List<?>) result.metrics().get("rows")).get(0);
        return ((Number) ((Map<?, ?>) row).get("timeSeconds")).doubleValue();
    }

    private static double busbw(CollectiveBenchmarkSpec spec, CalibrationProfile profile) {
        return busbw(CollectiveBenchmarks.run(spec, profile, 1));
    }

    private static double busbw(RunResult result) {
        Object row = ((List<?>) result.metrics().get("rows")).get(0);
        return ((Number) ((Map<?, ?>) row).get("busbwGBps")).doubleValue();
    }
}
