package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.reliability.MonteCarlo;
import org.fabricsim.runtime.reliability.ReliabilityMetrics;
import org.fabricsim.runtime.reliability.Scenario;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.study.RunSeeds;
import org.junit.jupiter.api.Test;

/**
 * A study's seed reaches its trainings ({@link RunSeeds}): their ECMP hashes and reliability Monte Carlo draw from it,
 * and a study that states none draws with {@link TrainingSimulator#SEED} as every training did before session 66.
 * The job: TP 8 × DP 8 on t.Small (8 DGX H100 on two leaves of an NDR fat-tree, ECMP), whose DP rings cross the
 * leaves through hashed spine uplinks; 1,000 h accelerators, a checkpoint every 1,800 s taking 60 s, 600 s restarts.
 */
class StudySeedTrainingTest {
    private static final ReliabilitySpec FAILURES = new ReliabilitySpec("t.R",
            List.of(ReliabilitySpec.Rate.ofMtbf(ReliabilitySpec.Component.ACCELERATOR, 1000 * 3600.0)), 1800, 60, 600, 0,
            0, 0, 1, 0);

    private static TrainingSpec job() {
        ClusterSpec small = TrainingFixtures.small(null);
        ClusterSpec failing = new ClusterSpec(small.name(), small.node(), small.nodes(), small.scaleOut(), 0, null,
                FAILURES);
        return TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16, 32000, false),
                failing, 2048, 64, new ParallelismSpec(8, 1, 8, 1, 1, true), TrainingSpec.PipelineSchedule.ONE_F_ONE_B,
                TrainingSpec.Sharding.ZERO_1);
    }

    /** The one run of a study of {@link #job()} seeded {@code seed}. */
    private static RunResult study(long seed) {
        StudySpec study = new StudySpec("t", "t.fabric", "t.Seeded", List.of(job()), List.of(), List.of(), List.of(),
                seed);
        return new Simulator().run(study).runs().get(0);
    }

    private static Map<?, ?> exposed(RunResult run) {
        return (Map<?, ?>) run.metrics().get("exposedCommunicationSeconds");
    }

    @Test
    void shouldGiveAStudyThatStatesNoSeedTheFiguresOfTrainingsOwnSeed() {
        RunResult unseeded = study(StudySpec.DEFAULT_SEED);
        assertEquals(TrainingSimulator.SEED, unseeded.seed());
        assertEquals(TrainingSimulator.run(job(), TrainingSimulator.SEED).metrics(), unseeded.metrics());
    }

    @Test
    void shouldRepeatATrainingBitForBitUnderOneStatedSeed() {
        assertEquals(study(5).metrics(), study(5).metrics());
    }

    @Test
    void shouldMoveTheHashedDataParallelTimeWithTheStudysSeed() {
        // Study seeds 2 to 12 give the DP all-reduce three exposed times, 3.21, 6.87 and 10.52 ms, as the hashes of
        // the rings' flows share spine uplinks or not; seeds 4 and 5 fall on the first and the last. TP runs inside
        // each DGX's NVLink, which hashes nothing, so it stays.
        RunResult four = study(4);
        RunResult five = study(5);
        assertEquals(RunSeeds.seed(4, 0), four.seed());
        assertEquals(exposed(four).get("tp"), exposed(five).get("tp"));
        assertNotEquals(exposed(four).get("dp"), exposed(five).get("dp"));
        assertNotEquals(four.metrics().get("stepTimeSeconds"), five.metrics().get("stepTimeSeconds"));
    }

    @Test
    void shouldDrawTheMonteCarloFromTheRunsSeed() {
        // The closed form does not draw; the Monte Carlo is the one MonteCarlo.run gives from the run's seed.
        // λ = 64 accelerators / 1,000 h.
        RunResult four = study(4);
        Scenario scenario = new Scenario(64 / (1000 * 3600.0), 1800, 60, 600, 0, 0);
        MonteCarlo.Result drawn = MonteCarlo.run(scenario, ReliabilityMetrics.DEFAULT_WINDOW_SECONDS,
                ReliabilityMetrics.REPLICATIONS, RunSeeds.seed(4, 0));
        assertEquals(drawn.ettrMean(), ((Map<?, ?>) four.metrics().get("monteCarlo")).get("ettrMean"));
        assertEquals(four.metrics().get("ettr"), study(5).metrics().get("ettr"));
        assertNotEquals(four.metrics().get("monteCarlo"), study(5).metrics().get("monteCarlo"));
    }
}
