package org.fabricsim.benchmarks;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.reliability.MonteCarlo;
import org.fabricsim.runtime.reliability.Scenario;

/**
 * Wall time of the reliability Monte Carlo, one thread. Usage:
 *
 * <pre>  java -cp benchmarks.jar org.fabricsim.benchmarks.ReliabilityHarness RUNS</pre>
 *
 * The job: Llama 3 405B on 16,384 GPUs as examples/llama3-405b states it: 466 interruptions in
 * 1,296 h (arXiv 2407.21783 §3.3.4, λ = 466 / 1,296 h), checkpoints every 30 min taking 2.835 s
 * (5.67 TB at 2 TB/s), 600 s restarts; 1,000 replications of a 54-day window with seed 1. One
 * warm-up run, then RUNS measured runs; prints each run's wall and CPU time and the medians.
 */
public final class ReliabilityHarness {
    private static final double HOUR = 3600;
    private static final Scenario LLAMA3_16K = new Scenario(466 / (1296 * HOUR), 1800, 2.835, 600, 0, 0);
    private static final double WINDOW_SECONDS = 54 * 24 * HOUR;
    private static final int REPLICATIONS = 1000;

    private ReliabilityHarness() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        MonteCarlo.run(LLAMA3_16K, WINDOW_SECONDS, REPLICATIONS, 1);
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            long cpuStart = ProcessCpu.nanos();
            long start = System.nanoTime();
            MonteCarlo.Result result = MonteCarlo.run(LLAMA3_16K, WINDOW_SECONDS, REPLICATIONS, 1);
            wall[i] = (System.nanoTime() - start) / 1e9;
            cpu[i] = (ProcessCpu.nanos() - cpuStart) / 1e9;
            System.out.printf(Locale.ROOT,
                    "run %d: %.4f s wall, %.3f s CPU; ETTR %.4f ± %.4f, %.2f interruptions/day%n", i, wall[i], cpu[i],
                    result.ettrMean(), result.ettrHalfWidth95(), result.interruptionsPerDayMean());
        }
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "median of %d: %.4f s wall, %.3f s CPU (process)%n", runs, wall[runs / 2],
                cpu[runs / 2]);
    }
}
