package org.fabricsim.runtime.training;

/**
 * The flat ring over a job's expert data-parallel groups ({@link Placement#expertDataShift}) on the flow model: one
 * step {@code bytesPerRank = S/k} solved once and scaled like an axis's ({@link SolvedPatterns#scaled}), so a ring of k
 * ranks over S bytes takes (k − 1)·t_step(S/k). Shared by the job's runs through {@link #nextRun}.
 */
final class ExpertDataRing {
    private final FabricPatterns patterns;
    private final SolvedPatterns solved;
    /** The share of rank 0's expert data-parallel ring hops that leave a scale-up domain. */
    private final double crossingShare;

    ExpertDataRing(FabricPatterns patterns, SolvedPatterns solved) {
        this.patterns = patterns;
        this.solved = solved;
        this.crossingShare = patterns.crossings().expertDataCrossingShare();
    }

    /** The same ring for the job's next run, on that run's {@code solved} patterns. O(1). */
    ExpertDataRing nextRun(SolvedPatterns next) {
        return new ExpertDataRing(patterns, next);
    }

    double crossingShare() {
        return crossingShare;
    }

    /** (k − 1)·t_step(S/k) for {@code ranks} = k ≥ 2 and S > 0, else 0. */
    double ringSeconds(int ranks, double bufferBytes, double pipelineBytes) {
        if (ranks < 2 || !(bufferBytes > 0)) {
            return 0;
        }
        return (ranks - 1) * stepSeconds(bufferBytes / ranks, pipelineBytes);
    }

    /** Adds {@code times} rings of {@code ranks} over {@code bufferBytes} to the link traffic. */
    void count(int ranks, double bufferBytes, double pipelineBytes, double times) {
        if (ranks >= 2 && bufferBytes > 0 && times > 0) {
            double bytesPerRank = bufferBytes / ranks;
            stepSeconds(bytesPerRank, pipelineBytes);
            String key = key(pipelineBytes);
            solved.count(key, (ranks - 1) * times * bytesPerRank / solved.referenceBytes(key));
        }
    }

    private double stepSeconds(double bytesPerRank, double pipelineBytes) {
        return solved.scaled(key(pipelineBytes), bytesPerRank, crossingShare,
                () -> patterns.expertDataRingStep(bytesPerRank, pipelineBytes));
    }

    private static String key(double pipelineBytes) {
        return "ring expert-data" + (pipelineBytes > 0);
    }
}
