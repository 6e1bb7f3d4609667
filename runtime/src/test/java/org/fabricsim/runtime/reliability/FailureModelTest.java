package org.fabricsim.runtime.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabricsim.runtime.TestClusters;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;
import org.fabricsim.runtime.spec.ReliabilitySpec.Rate;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.junit.jupiter.api.Test;

class FailureModelTest {
    private static final double HOUR = 3600;

    private static ReliabilitySpec spec(List<Rate> rates, int spares) {
        return new ReliabilitySpec("t.R", rates, 1800, 60, 600, 4 * HOUR, spares, 0, 1, 0);
    }

    @Test
    void shouldSumEveryPartsRateCountedFromTheJob() {
        // 64 accelerators at MTBF 100,000 h, 8 nodes at 1 failure per 1,000 node-days and the job once a
        // week: λ = 64/100,000 h + 8/24,000 h + 1/168 h = 0.0069855 per hour.
        ReliabilitySpec spec = spec(List.of(Rate.ofMtbf(Component.ACCELERATOR, 100_000 * HOUR),
                Rate.perThousandNodeDays(Component.SOFTWARE, 1), Rate.ofMtbf(Component.JOB, 168 * HOUR)), 0);
        FailureModel failures = FailureModel.of(spec, new PartCounts(64, 64, 8, 10, 200));
        assertEquals(64 / 100_000.0 + 8 / 24_000.0 + 1 / 168.0, failures.ratePerSecond() * HOUR, 1e-12);
        assertEquals(64 / 100_000.0 / (failures.ratePerSecond() * HOUR), failures.nodeReplacingShare(), 1e-12);
    }

    @Test
    void shouldWaitForRepairsOnlyWithoutSpares() {
        List<Rate> rates = List.of(Rate.ofMtbf(Component.NODE, 1000 * HOUR), Rate.ofMtbf(Component.LINK, 1000 * HOUR));
        PartCounts parts = new PartCounts(8, 8, 1, 1, 1);
        // Half of λ replaces a node: without spares R̄ = 600 s + 0.5 × 4 h; with a spare R̄ = 600 s.
        assertEquals(600 + 0.5 * 4 * HOUR, FailureModel.of(spec(rates, 0), parts).meanRestartSeconds(spec(rates, 0)));
        assertEquals(600, FailureModel.of(spec(rates, 1), parts).meanRestartSeconds(spec(rates, 1)));
    }

    @Test
    void shouldCountTheJobsShareOfTheTopology() {
        // 4 nodes of 8 on one switch; a job of 16 accelerators is half the cluster: 2 nodes, 16 NICs, the
        // one switch (rounded up), and half of the 32 bidirectional NIC-to-switch links.
        ClusterSpec cluster = TestClusters.singleSwitch(4, 8, 50e9, 1000);
        PartCounts parts = PartCounts.of(cluster, 16, ClusterTopologies.build(cluster));
        assertEquals(new PartCounts(16, 16, 2, 1, 16), parts);
    }

    @Test
    void shouldFallEttrWithJobSize() {
        ReliabilitySpec spec = spec(List.of(Rate.ofMtbf(Component.ACCELERATOR, 50_000 * HOUR)), 1);
        double previous = 1;
        for (int nodes = 128; nodes <= 16_384; nodes *= 2) {
            double ettr = Goodput.expect(Scenario.of(spec,
                    FailureModel.of(spec, new PartCounts(8 * nodes, 8 * nodes, nodes, 0, 0)))).ettr();
            assertTrue(ettr < previous, nodes + " nodes: " + ettr + " not below " + previous);
            previous = ettr;
        }
    }

    @Test
    void shouldDegradeRatherThanInterruptForThePartsTheFabricRoutesAround() {
        // 200 links of which 150 are re-routable cables, MTBF 10,000 h: 50 interrupt (λ = 50 / 10,000 h),
        // 150 degrade (λd = 150 / 10,000 h). A published switch rate is a count of interruptions: 8 nodes
        // at 1 per 1,000 node-days all interrupt, though 4 of the 10 switches are re-routable.
        ReliabilitySpec spec = spec(List.of(Rate.ofMtbf(Component.LINK, 10_000 * HOUR),
                Rate.perThousandNodeDays(Component.SWITCH, 1)), 0);
        FailureModel failures = FailureModel.of(spec, new PartCounts(64, 64, 8, 10, 200, 4, 150));
        assertEquals(50 / 10_000.0, failures.ratePerSecond(Component.LINK) * HOUR, 1e-15);
        assertEquals(150 / 10_000.0, failures.degradationsPerSecond(Component.LINK) * HOUR, 1e-15);
        assertEquals(8 / 24_000.0, failures.ratePerSecond(Component.SWITCH) * HOUR, 1e-15);
        assertEquals(0, failures.degradationsPerSecond(Component.SWITCH));
    }

    @Test
    void shouldCountACorrelatedDomainOncePerDomainTheJobSpans() {
        // Racks of 16 nodes, each failing as a whole once per 5,000 h. 64 nodes span 4 racks: 4/5,000 h of
        // interruptions on top of the accelerators' 512/100,000 h, λ = 0.00512 + 0.0008 = 0.00592 per hour.
        // 20 nodes touch ⌈20/16⌉ = 2 racks: 2/5,000 h. A rack failure is one interruption, not 16.
        List<Rate> rates = List.of(Rate.ofMtbf(Component.ACCELERATOR, 100_000 * HOUR), Rate.ofDomain(16, 5000 * HOUR));
        FailureModel big = FailureModel.of(spec(rates, 0), new PartCounts(512, 512, 64, 0, 0));
        assertEquals(512 / 100_000.0 + 4 / 5000.0, big.ratePerSecond() * HOUR, 1e-12);
        assertEquals(4 / 5000.0, big.ratePerSecond(Component.DOMAIN) * HOUR, 1e-12);
        FailureModel small = FailureModel.of(spec(rates, 0), new PartCounts(160, 160, 20, 0, 0));
        assertEquals(2 / 5000.0, small.ratePerSecond(Component.DOMAIN) * HOUR, 1e-12);
        assertEquals(160 / 100_000.0 / (small.ratePerSecond() * HOUR), small.nodeReplacingShare(), 1e-12);
    }
}
