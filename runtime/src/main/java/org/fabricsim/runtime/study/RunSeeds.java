package org.fabricsim.runtime.study;

import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.WorkloadSpec;
import org.fabricsim.runtime.training.TrainingSimulator;

/**
 * The seeds a study's runs draw with. Every run of the study's workload {@code w} (its position in the study) gets
 * the top 53 bits of {@code splitmix64(studySeed + (w + 1) · 0x9E3779B97F4A7C15)}, the SplitMix64 output of the
 * study's seed stream. All variations of a workload thus share one seed: common random numbers (Law, "Simulation
 * Modeling and Analysis", §11.2), so two runs that differ in one varied parameter draw the same requests, ECMP hashes
 * and failures, and their difference is the parameter's effect, not sampling noise. A seed depends only on the
 * study's seed and the workload's position, never on scheduling; 53 bits keep it exact in JSON readers that hold
 * numbers as doubles (JavaScript, jq).
 *
 * <p>One exception keeps the calibrated figures: a training in a study of the default seed ({@link
 * StudySpec#DEFAULT_SEED}, a study that states none) draws with {@link TrainingSimulator#SEED}, the seed every
 * training figure of the project was measured with (its ECMP hashes and reliability Monte Carlo). A stated seed moves
 * a training's draws as it moves every other workload's.
 */
public final class RunSeeds {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    /** 64 − 53: seeds fit a double's mantissa. */
    private static final int JSON_SAFE_SHIFT = 11;

    private RunSeeds() {
    }

    /** The seed of workload {@code index} of a study seeded {@code studySeed}: SplitMix64's output, top 53 bits. */
    public static long seed(long studySeed, int index) {
        long z = studySeed + (index + 1L) * GOLDEN_GAMMA;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) >>> JSON_SAFE_SHIFT;
    }

    /**
     * The seed the runs of {@code workload}, workload {@code index} of a study seeded {@code studySeed}, draw with:
     * {@link #seed(long, int)}, or {@link TrainingSimulator#SEED} for a training in a study of the default seed.
     */
    public static long seed(long studySeed, int index, WorkloadSpec workload) {
        return workload instanceof TrainingSpec && studySeed == StudySpec.DEFAULT_SEED ? TrainingSimulator.SEED
                : seed(studySeed, index);
    }
}
