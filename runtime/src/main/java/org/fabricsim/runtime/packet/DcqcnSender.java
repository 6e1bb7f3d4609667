package org.fabricsim.runtime.packet;

import java.util.Arrays;

/**
 * The reaction point of DCQCN for every flow, in primitive arrays indexed by flow handle: current
 * rate R_C, target rate R_T, α, the increase stage and the two CNP-arrived bits. The rules are those
 * of {@link Dcqcn}; each timer is one event per flow and period while the flow is throttled, so an
 * unthrottled flow costs nothing. O(1) per CNP and per timer event.
 */
final class DcqcnSender {
    private final Dcqcn parameters;
    double[] targetBytesPerSecond = new double[256];
    private double[] alpha = new double[256];
    private int[] stage = new int[256];
    private boolean[] throttled = new boolean[256];
    private boolean[] alphaCnp = new boolean[256];
    private boolean[] decreaseCnp = new boolean[256];
    /** When the current increase timer is due: a restarted timer makes older events stale. */
    long[] increaseAtPs = new long[256];

    DcqcnSender(Dcqcn parameters) {
        this.parameters = parameters;
    }

    void grow(int capacity) {
        targetBytesPerSecond = Arrays.copyOf(targetBytesPerSecond, capacity);
        alpha = Arrays.copyOf(alpha, capacity);
        stage = Arrays.copyOf(stage, capacity);
        throttled = Arrays.copyOf(throttled, capacity);
        alphaCnp = Arrays.copyOf(alphaCnp, capacity);
        decreaseCnp = Arrays.copyOf(decreaseCnp, capacity);
        increaseAtPs = Arrays.copyOf(increaseAtPs, capacity);
    }

    void reset(int flow, double lineBytesPerSecond) {
        targetBytesPerSecond[flow] = lineBytesPerSecond;
        alpha[flow] = 1;
        stage[flow] = 0;
        throttled[flow] = false;
        alphaCnp[flow] = false;
        decreaseCnp[flow] = false;
    }

    /**
     * A CNP arrived. Returns true on the first one, when the caller must start the α and decrease
     * timers (with the rate on the first CNP equal to the current rate, as ns-3's default).
     */
    boolean onCnp(int flow) {
        alphaCnp[flow] = true;
        decreaseCnp[flow] = true;
        if (!throttled[flow]) {
            throttled[flow] = true;
            alpha[flow] = 1;
            alphaCnp[flow] = false;
            return true;
        }
        return false;
    }

    boolean throttled(int flow) {
        return throttled[flow];
    }

    /** Back at line rate with the target at line rate: the timers stop until the next CNP. */
    void release(int flow) {
        throttled[flow] = false;
    }

    void updateAlpha(int flow) {
        double g = parameters.g();
        alpha[flow] = alphaCnp[flow] ? (1 - g) * alpha[flow] + g : (1 - g) * alpha[flow];
        alphaCnp[flow] = false;
    }

    /**
     * The decrease check: returns the new current rate, or a negative value when no CNP arrived
     * in the period (no change). A decrease restarts the increase timer (the caller schedules it).
     */
    double decrease(int flow, double currentBytesPerSecond) {
        if (!decreaseCnp[flow]) {
            return -1;
        }
        if (stage[flow] != 0) {
            targetBytesPerSecond[flow] = currentBytesPerSecond;
        }
        stage[flow] = 0;
        decreaseCnp[flow] = false;
        return Math.max(parameters.minBytesPerSecond(), currentBytesPerSecond * (1 - alpha[flow] / 2));
    }

    /** The increase timer fired: the new current rate (fast recovery, additive or hyper increase). */
    double increase(int flow, double currentBytesPerSecond, double lineBytesPerSecond) {
        int k = stage[flow]++;
        int f = parameters.fastRecoverySteps();
        if (k == f) {
            targetBytesPerSecond[flow] = Math.min(lineBytesPerSecond,
                    targetBytesPerSecond[flow] + parameters.additiveBytesPerSecond());
        } else if (k > f) {
            targetBytesPerSecond[flow] = Math.min(lineBytesPerSecond,
                    targetBytesPerSecond[flow] + parameters.hyperBytesPerSecond());
        }
        return (currentBytesPerSecond + targetBytesPerSecond[flow]) / 2;
    }
}
