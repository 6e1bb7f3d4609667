package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.packet.PacketDeadlockException;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The packet backend's all-to-all on all four nodes of {@link EverySetting}'s {@code Fly}: 2 groups of 2 routers, one
 * global link per router, so the routers form a ring (32 local 33, 33 global 35, 35 local 34, 34 global 32; the 32
 * accelerators are nodes 0–31). A minimal route between routers two apart takes a local and a global link, in either
 * order, and the queue of each ring link waits on the next: a cyclic buffer dependency, which PFC turns into a
 * deadlock once all four are paused. The run used to report 14.000 µs (a simulated 0 plus the cost's overheads) for
 * bytes that never arrived; session 68 failed it naming the cycle when it stalled, and it is now refused before it
 * runs. The fixture's Roce states {@code virtual-lanes 2}, which breaks the cycle: the tests remove it to see the
 * deadlock.
 */
class FlyPacketPfcDeadlockTest extends FabricModelTest {

    /** The packet-backend all-to-all of 4 MiB per rank on all four Fly nodes of {@code model}, in seconds. */
    private double allToAllSeconds(String model) throws Exception {
        return allToAllSeconds(model, "packet");
    }

    /** The same on {@code network}'s backend ({@code packet} or {@code flow}). */
    private double allToAllSeconds(String model, String network) throws Exception {
        Model parsed = parser.parse(model + """

                benchmark FlyPacket {
                    all-to-all
                    on Fly
                    sizes 4 MiB
                    network %s
                }
                """.formatted(network));
        Benchmark benchmark = parsed.getElements().stream().filter(Benchmark.class::isInstance)
                .map(Benchmark.class::cast).filter(b -> b.getName().equals("FlyPacket")).findFirst().orElseThrow();
        CollectiveBenchmarkSpec spec = mapper.toBenchmark(benchmark);
        Object row = ((List<?>) CollectiveBenchmarks.run(spec, 1).metrics().get("rows")).get(0);
        return ((Number) ((Map<?, ?>) row).get("timeSeconds")).doubleValue();
    }

    @Test
    @Timeout(60)
    void shouldRefuseTheFourNodeAllToAllUnderPfcBeforeItRunsNamingTheRingOfRouters() {
        // Session 68 found the deadlock when the run stalled: at 37.576 us, 29,360,128 of 130,023,424 bytes
        // delivered, after the last retransmission timer had fired at 4195.994 us. The routes' dependencies name the
        // same ring before the first packet moves.
        PacketDeadlockException error = assertThrows(PacketDeadlockException.class,
                () -> allToAllSeconds(EverySetting.MODEL.replace("virtual-lanes 2", "")));
        assertTrue(error.getMessage().matches("packet run refused before it ran: its routes wait on one another's"
                + " buffers in a cycle, which PFC deadlocks once the cycle's ports are all paused: switch (3[2-5]) ->"
                + " (switch 3[2-5] \\(link \\d+\\) -> ){3}switch \\1 \\(link \\d+\\)\\. A lossless fabric needs"
                + " routes whose buffers wait on one another in no cycle: deadlock-free routing .*"), error.getMessage());
    }

    @Test
    void shouldFinishTheSameAllToAllOnTwoVirtualLanesNoSoonerThanItsCutAllows() throws Exception {
        // The fixture's 'virtual-lanes 2': a route's first router-to-router link rides lane 0, its second lane 1, so
        // no buffer waits in a cycle. 32 MiB each way over two 50 GB/s global links: 335.5 us of payload at least
        // (below); a local link carries more under spraying, 24 MiB a direction, 510.9 us of wire bytes. Measured
        // (2026-12-07): 700.627 us against the flow model's 565.694 us for the same benchmark (+23.9%; issue 16 asked
        // for 10%, not met: docs/fabric-behaviour.md, "Deadlock-free routing"); the test holds it within 30% of the
        // flow model so that a change in how lanes share a port shows.
        double seconds = allToAllSeconds(EverySetting.MODEL);
        double flowSeconds = allToAllSeconds(EverySetting.MODEL, "flow");
        assertTrue(seconds >= 335.5e-6 && seconds <= 1.3 * flowSeconds, seconds + " s against " + flowSeconds);
    }

    @Test
    void shouldFinishTheSameAllToAllOnALossyFabricNoSoonerThanItsCutAllows() throws Exception {
        // Each group (two routers, 16 ranks) sends each rank of the other 4 MiB / 32: 16 × 16 × 131,072 B = 32 MiB
        // each way over the two global links of 400 Gb/s = 50 GB/s each: 33,554,432 B / 100e9 B/s = 335.5 µs of
        // payload alone. A lossy fabric drops instead of pausing, so no buffer waits on another and it finishes, with
        // the fabric's HPCC: a sender whose window an acknowledgement shrinks below its packets in flight arms its
        // retransmission timer (session 68; before, the run stalled with 222 classes unfinished when the packets of
        // such windows were all dropped).
        double seconds = allToAllSeconds(EverySetting.MODEL.replace("lossless pfc", "lossy"));
        assertTrue(seconds >= 335.5e-6, seconds + " s");
    }
}
