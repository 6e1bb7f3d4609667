package org.fabricsim.runtime.compute;

/**
 * Compute time of one micro-batch through some layers on one accelerator.
 *
 * @param forwardSeconds         the forward pass
 * @param backwardInputSeconds   the backward pass up to the input gradient (activation gradients,
 *                               recomputation included)
 * @param backwardWeightSeconds  the weight-gradient GEMMs (separable in zero-bubble schedules)
 * @param forwardFlops           FLOPs of the forward pass
 * @param hardwareFlops          FLOPs executed forward and backward, recomputation included
 */
public record PassTime(double forwardSeconds, double backwardInputSeconds, double backwardWeightSeconds,
        double forwardFlops, double hardwareFlops) {

    /** Nothing. */
    public static final PassTime ZERO = new PassTime(0, 0, 0, 0, 0);

    /** The sum of two. */
    public PassTime plus(PassTime other) {
        return new PassTime(forwardSeconds + other.forwardSeconds, backwardInputSeconds + other.backwardInputSeconds,
                backwardWeightSeconds + other.backwardWeightSeconds, forwardFlops + other.forwardFlops,
                hardwareFlops + other.hardwareFlops);
    }

    /** {@code count} times this. */
    public PassTime times(double count) {
        return new PassTime(forwardSeconds * count, backwardInputSeconds * count, backwardWeightSeconds * count,
                forwardFlops * count, hardwareFlops * count);
    }

    /** The whole backward pass. */
    public double backwardSeconds() {
        return backwardInputSeconds + backwardWeightSeconds;
    }
}
