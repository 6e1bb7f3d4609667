package org.fabricsim.runtime.reliability;

import org.fabricsim.runtime.spec.ReliabilitySpec;

/**
 * The checkpoint/restart renewal model both {@link Goodput} and {@link MonteCarlo} evaluate.
 * Training runs in segments of {@code intervalSeconds} of work followed by a checkpoint that stalls
 * it for {@code checkpointSeconds}. Interruptions arrive as a Poisson process of rate
 * {@code ratePerSecond} while the job runs (computing or checkpointing); each one loses everything
 * since the last completed checkpoint and costs {@code restartSeconds}, plus {@code repairSeconds}
 * with probability {@code repairShare} (a node-replacing failure with no spare node). No failure
 * arrives during a restart.
 *
 * @param ratePerSecond      λ, interruptions per second of running time
 * @param intervalSeconds    τ, work between checkpoints, positive
 * @param checkpointSeconds  C, stall of one checkpoint
 * @param restartSeconds     R, restart after every interruption
 * @param repairSeconds      the extra wait of an interruption that needs a repair
 * @param repairShare        the probability an interruption needs a repair, in [0, 1]
 */
public record Scenario(double ratePerSecond, double intervalSeconds, double checkpointSeconds, double restartSeconds,
        double repairSeconds, double repairShare) {

    public Scenario {
        if (!(ratePerSecond >= 0) || !(intervalSeconds > 0) || !(checkpointSeconds >= 0) || !(restartSeconds >= 0)
                || !(repairSeconds >= 0) || !(repairShare >= 0 && repairShare <= 1)) {
            throw new IllegalArgumentException("invalid reliability scenario: " + this);
        }
    }

    /**
     * The scenario of a checkpointing job ({@link ReliabilitySpec#checkpoints()}) with failure
     * model {@code failures} ({@link FailureModel#repairShare}).
     */
    public static Scenario of(ReliabilitySpec spec, FailureModel failures) {
        return new Scenario(failures.ratePerSecond(), spec.checkpointIntervalSeconds(), spec.checkpointSeconds(),
                spec.restartSeconds(), spec.repairSeconds(), failures.repairShare(spec));
    }

    /** This scenario with another checkpoint interval. */
    public Scenario withIntervalSeconds(double seconds) {
        return new Scenario(ratePerSecond, seconds, checkpointSeconds, restartSeconds, repairSeconds, repairShare);
    }

    /** R̄ = R + p × repair: the mean time from an interruption to running again. */
    public double meanRestartSeconds() {
        return restartSeconds + repairShare * repairSeconds;
    }

    /** s = τ + C: the running time of one segment of work and its checkpoint. */
    public double segmentSeconds() {
        return intervalSeconds + checkpointSeconds;
    }
}
