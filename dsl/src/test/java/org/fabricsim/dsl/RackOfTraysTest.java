package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.runtime.benchmark.CollectiveBenchmarks;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.junit.jupiter.api.Test;

/**
 * A GB200 NVL72 rack written as NVIDIA and the OEMs describe it, 18 compute trays of 4 GPUs in one NVLink domain of
 * 72, is the same machine as the catalog's rack written as one node of 72: the same scale-up domain, the same 72
 * NICs, so tensor- and expert-parallel collectives, and a training step, take the same time. The build capped the
 * domain at the node's 4 accelerators, so the trays' collectives crossed the NICs, and nothing said so.
 */
class RackOfTraysTest extends FabricModelTest {
    private static final String RACKS = """
            import fabric.catalog.nvidia.*
            node Tray {
                accelerators 4 x GB200
                scale-up NVLink5 rack-scale domain 72 switches 18 x NVLinkSwitch5
                nics 4 x BlueField3 rail-aligned
            }
            cluster Trays { nodes 36 x Tray scale-out InfiniBand_NDR single-switch }
            cluster Racks { nodes 2 x GB200_NVL72 scale-out InfiniBand_NDR single-switch }
            benchmark TraysTp { all-reduce on Trays nodes 18 sizes 1 GiB }
            benchmark RackTp { all-reduce on Racks nodes 1 sizes 1 GiB }
            benchmark TraysEp { all-to-all on Trays nodes 18 sizes 1 GiB }
            benchmark RackEp { all-to-all on Racks nodes 1 sizes 1 GiB }
            benchmark TraysDp { all-reduce on Trays sizes 1 GiB }
            benchmark RacksDp { all-reduce on Racks sizes 1 GiB }
            model Moe moe { layers 4 hidden 2048 heads 16 vocab 32000 experts 16 top-k 2 expert-ffn 1024 }
            training OnTrays {
                model Moe on Trays sequence 2048 batch 144 sequences parallel tensor 8 expert 8 data 18
            }
            training OnRacks {
                model Moe on Racks sequence 2048 batch 144 sequences parallel tensor 8 expert 8 data 18
            }
            """;

    /** 1 GiB all-reduced by the NICs alone, 2·(n − 1)/n · S at 50 GB/s each (400 Gb/s BlueField-3), n = 72. */
    private static final double NIC_BOUND_SECONDS = 2.0 * 71 / 72 * (1L << 30) / 50e9;

    @Test
    void shouldBuildEighteenTraysOfFourAsOneDomainOfSeventyTwo() throws Exception {
        Model model = parser.parse(RACKS);
        CollectiveBenchmarkSpec trays = benchmark(model, "TraysTp");
        assertEquals(72, CollectiveBenchmarks.topology(trays, Calibration.DEFAULT).domainSize());
        // 36 trays of the whole cluster: 144 / 72 = 2 domains, joined by the NICs
        assertEquals(72, CollectiveBenchmarks.topology(benchmark(model, "TraysDp"), Calibration.DEFAULT)
                .domainSize());
    }

    @Test
    void shouldTimeTensorAndExpertParallelCollectivesOfTraysAsOfTheRack() throws Exception {
        Model model = parser.parse(RACKS);
        for (List<String> pair : List.of(List.of("TraysTp", "RackTp"), List.of("TraysEp", "RackEp"),
                List.of("TraysDp", "RacksDp"))) {
            double trays = seconds(benchmark(model, pair.get(0)));
            double rack = seconds(benchmark(model, pair.get(1)));
            assertEquals(rack, trays, rack * 1e-9, pair.toString());
        }
        // inside the domain the all-reduce runs on NVLink (900 GB/s a GPU), well under what the NICs alone take,
        // 2 · 71/72 · 1 GiB / 50 GB/s = 42.4 ms
        double tensor = seconds(benchmark(model, "TraysTp"));
        assertTrue(tensor < NIC_BOUND_SECONDS / 5, tensor + " s against the NICs' " + NIC_BOUND_SECONDS + " s");
    }

    @Test
    void shouldStepATrainingOnTheTraysAsOnTheRacks() throws Exception {
        // TP 8 and EP 8 inside each rack's NVLink domain, DP 18 across the two racks' 144 NICs, either way written
        Model model = parser.parse(RACKS);
        double trays = stepSeconds(model, "OnTrays");
        double racks = stepSeconds(model, "OnRacks");
        assertEquals(racks, trays, racks * 1e-9);
    }

    private double stepSeconds(Model model, String name) {
        TrainingSpec spec = mapper.toTraining(model.getElements().stream().filter(Training.class::isInstance)
                .map(Training.class::cast).filter(t -> t.getName().equals(name)).findFirst().orElseThrow());
        return ((Number) TrainingSimulator.run(spec).metrics().get("stepTimeSeconds")).doubleValue();
    }

    private CollectiveBenchmarkSpec benchmark(Model model, String name) {
        return mapper.toBenchmark(model.getElements().stream().filter(Benchmark.class::isInstance)
                .map(Benchmark.class::cast).filter(b -> b.getName().equals(name)).findFirst().orElseThrow());
    }

    private static double seconds(CollectiveBenchmarkSpec benchmark) {
        RunResult result = CollectiveBenchmarks.run(benchmark, 1);
        Object row = ((List<?>) result.metrics().get("rows")).get(0);
        return ((Number) ((Map<?, ?>) row).get("timeSeconds")).doubleValue();
    }
}
