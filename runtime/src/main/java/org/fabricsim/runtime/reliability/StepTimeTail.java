package org.fabricsim.runtime.reliability;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;

/**
 * The distribution of a training job's step times over its steps, from the reliability model's mechanisms; the
 * step itself is deterministic in the engine (one ECMP hash draw per job, as NCCL keeps its connections and their
 * source ports for the job's life, and an MoE step's expected busiest rank), so every spread here is a failure's,
 * a straggler's, a checkpoint's or a restart's, none invented.
 *
 * <p>Running states, as shares of running time: the fabric intact (1 − q<sub>c</sub> − q<sub>s</sub>), a cable
 * down (q<sub>c</sub>) or a switch down (q<sub>s</sub>), each q = 1 − e<sup>−λ<sub>d</sub> D</sup> ({@link
 * DegradedFabric}, whose assumptions it keeps: the classes' degraded times do not overlap), crossed with a straggler
 * (share f, {@link Straggler}) or none, independent. A state's step takes t = T × (T<sub>f</sub> ÷ T) ×
 * (T<sub>s</sub> ÷ T): its fabric's step and the straggler's slowdown multiplied, which is the product form of the
 * throughput factors goodput carries. Steps are counted, not seconds: a state holding a share x of running time
 * runs x ÷ t steps per second, so its share of steps is w = (x ÷ t) ÷ Σ (x ÷ t), and the steps' mean running
 * time is T ÷ (s<sub>fabric</sub> × s<sub>straggler</sub>), the goodput factors' (each is Σ x T ÷ t).
 *
 * <p>Stalls charged to a step, as a step log shows them (the time from one step's end to the next's): a
 * checkpoint, every τ of running time, falls in a step of t with probability a = min(1, t ÷ τ) and adds its stall
 * C; an interruption (rate λ per second of running time, {@link FailureModel}) falls in it with probability
 * b = 1 − e<sup>−λ t</sup> and adds the restart R, and with the repair share p ({@link
 * FailureModel#repairShare}) the repair too. The work it loses is replayed as ordinary steps, counted as steps.
 * Checkpoint and interruption are independent: each running state splits into up to six atoms (none, C, R,
 * R + repair, C + R, C + R + repair). A job without {@code checkpoint} has no checkpoint stall.
 *
 * <p>A percentile p is the smallest atom's time whose cumulative step share reaches p (step-weighted: "1% of steps
 * take longer than the p99"). O(1): at most 36 atoms, sorted by insertion.
 */
public final class StepTimeTail {
    /** The percentiles reported, and their keys in the JSON result. */
    private static final double[] PERCENTILES = {0.5, 0.99, 0.999};
    private static final String[] KEYS = {"p50Seconds", "p99Seconds", "p999Seconds"};
    /** Cumulative shares within this of a percentile reach it: sums of a few shares round in the last bits. */
    private static final double ROUNDING = 1e-12;
    /** Three fabric states × two straggler states × six stalls. */
    private static final int MAX_ATOMS = 36;
    private final double[] stepSeconds;
    private final double[] stepShares;
    private final int atoms;

    private StepTimeTail(double[] stepSeconds, double[] stepShares, int atoms) {
        this.stepSeconds = stepSeconds;
        this.stepShares = stepShares;
        this.atoms = atoms;
    }

    /**
     * The step times of a job whose intact step takes {@code stepSeconds}, with its degraded fabric (null when no
     * failure degrades it) and straggler (null without one), under {@code failures} and {@code spec}.
     */
    public static StepTimeTail of(double stepSeconds, DegradedFabric degraded, Straggler straggler,
            FailureModel failures, ReliabilitySpec spec) {
        double[] fabricSeconds = {stepSeconds, Double.NaN, Double.NaN};
        double[] fabricShares = {1, 0, 0};
        if (degraded != null) {
            fabricState(fabricSeconds, fabricShares, 1, degraded.cableStepSeconds(),
                    failures.degradationsPerSecond(Component.LINK), spec);
            fabricState(fabricSeconds, fabricShares, 2, degraded.switchStepSeconds(),
                    failures.degradationsPerSecond(Component.SWITCH), spec);
        }
        double straggledShare = straggler == null ? 0 : spec.stragglerFraction();
        double slowdown = straggler == null ? 1 : straggler.straggledStepSeconds() / straggler.stepSeconds();
        double[] seconds = new double[MAX_ATOMS];
        double[] shares = new double[MAX_ATOMS];
        int count = 0;
        double stepsPerSecond = 0;
        for (int f = 0; f < fabricSeconds.length; f++) {
            for (int s = 0; s < 2; s++) {
                double share = fabricShares[f] * (s == 0 ? 1 - straggledShare : straggledShare);
                if (!(share > 0)) {
                    continue;
                }
                double running = fabricSeconds[f] * (s == 0 ? 1 : slowdown);
                double steps = share / running;
                stepsPerSecond += steps;
                count = stalls(seconds, shares, count, running, steps, failures, spec);
            }
        }
        for (int i = 0; i < count; i++) {
            shares[i] /= stepsPerSecond;
        }
        sort(seconds, shares, count);
        return new StepTimeTail(seconds, shares, count);
    }

    /** Sets fabric state {@code index} to a step of {@code seconds} for the share of time one part is down. */
    private static void fabricState(double[] seconds, double[] shares, int index, double stepSeconds,
            double degradationsPerSecond, ReliabilitySpec spec) {
        if (Double.isNaN(stepSeconds)) {
            return;
        }
        double share = DegradedFabric.degradedShare(degradationsPerSecond, spec.repairSeconds());
        seconds[index] = stepSeconds;
        shares[index] = share;
        shares[0] -= share;
    }

    /** Adds the atoms of a running state of {@code running} seconds and {@code steps} per second; returns the count. */
    private static int stalls(double[] seconds, double[] shares, int count, double running, double steps,
            FailureModel failures, ReliabilitySpec spec) {
        double checkpoint = spec.checkpoints() ? Math.min(1, running / spec.checkpointIntervalSeconds()) : 0;
        double interrupted = -Math.expm1(-failures.ratePerSecond() * running);
        double repaired = failures.repairShare(spec);
        double[] restartSeconds = {0, spec.restartSeconds(), spec.restartSeconds() + spec.repairSeconds()};
        double[] restartChances = {1 - interrupted, interrupted * (1 - repaired), interrupted * repaired};
        int added = count;
        for (int c = 0; c < 2; c++) {
            double checkpointChance = c == 0 ? 1 - checkpoint : checkpoint;
            for (int r = 0; r < restartSeconds.length; r++) {
                double chance = checkpointChance * restartChances[r];
                if (chance > 0) {
                    seconds[added] = running + (c == 0 ? 0 : spec.checkpointSeconds()) + restartSeconds[r];
                    shares[added++] = steps * chance;
                }
            }
        }
        return added;
    }

    /** Insertion sort of the atoms by time, shares alongside: at most 36 of them. */
    private static void sort(double[] seconds, double[] shares, int count) {
        for (int i = 1; i < count; i++) {
            double time = seconds[i];
            double share = shares[i];
            int j = i - 1;
            while (j >= 0 && seconds[j] > time) {
                seconds[j + 1] = seconds[j];
                shares[j + 1] = shares[j];
                j--;
            }
            seconds[j + 1] = time;
            shares[j + 1] = share;
        }
    }

    /** The smallest step time whose cumulative share of steps reaches {@code percentile} (in (0, 1]). */
    public double percentileSeconds(double percentile) {
        double cumulative = 0;
        for (int i = 0; i < atoms; i++) {
            cumulative += stepShares[i];
            if (cumulative >= percentile - ROUNDING) {
                return stepSeconds[i];
            }
        }
        return stepSeconds[atoms - 1];
    }

    /** The mean step time, stalls included: Σ w × t over the atoms. */
    public double meanSeconds() {
        double mean = 0;
        for (int i = 0; i < atoms; i++) {
            mean += stepShares[i] * stepSeconds[i];
        }
        return mean;
    }

    /** The share of steps that take longer than {@code seconds}. */
    public double shareAbove(double seconds) {
        double share = 0;
        for (int i = 0; i < atoms; i++) {
            if (stepSeconds[i] > seconds) {
                share += stepShares[i];
            }
        }
        return share;
    }

    /** The {@code stepTimeTail} object of a training result (docs/results-schema.md). */
    public Map<String, Object> toJson(double intactStepSeconds) {
        Map<String, Object> json = new LinkedHashMap<>();
        for (int i = 0; i < PERCENTILES.length; i++) {
            json.put(KEYS[i], percentileSeconds(PERCENTILES[i]));
        }
        json.put("meanSeconds", meanSeconds());
        json.put("slowStepShare", shareAbove(intactStepSeconds));
        return json;
    }
}
