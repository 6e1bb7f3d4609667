package org.fabricsim.runtime.reliability;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;

/**
 * What failures the fabric routes around cost a job: for each class c (a cable, a switch) the
 * step re-simulated on the fabric with one such part failed takes T<sub>c</sub> instead of T
 * (slowdown T<sub>c</sub> ÷ T − 1). Failures of the class arrive at λ<sub>d</sub> ({@link
 * FailureModel#degradationsPerSecond}) and each lasts the repair time D of the reliability block,
 * so the number down at once is Poisson with mean λ<sub>d</sub> D (an M/G/∞ queue) and the share of
 * running time with at least one down is q<sub>c</sub> = 1 − e<sup>−λ<sub>d</sub> D</sup>.
 * Assumptions: every part of a class slows the step as the one simulated does (the fabric's
 * symmetry), two parts of a class down at once cost as one (their step is not re-simulated),
 * and the classes' degraded times do not overlap (q<sub>cable</sub> q<sub>switch</sub> ≪ 1). The
 * job then delivers, per second of running time, the work of s = 1 − Σ<sub>c</sub> q<sub>c</sub>
 * (1 − T ÷ T<sub>c</sub>) seconds of the intact fabric: the throughput factor goodput carries.
 * O(1).
 *
 * @param stepSeconds         T, the step on the intact fabric
 * @param cableStepSeconds    T with one re-routable cable failed; NaN when cables do not degrade the job
 * @param switchStepSeconds   T with one re-routable switch failed; NaN when switches do not degrade the job
 */
public record DegradedFabric(double stepSeconds, double cableStepSeconds, double switchStepSeconds) {
    private static final double SECONDS_PER_DAY = 86_400;

    /** The share of running time a class failing at {@code perSecond} and repaired in {@code repairSeconds} is down. */
    static double degradedShare(double perSecond, double repairSeconds) {
        return -Math.expm1(-perSecond * repairSeconds);
    }

    /** s: the intact fabric's work delivered per second of running time under {@code failures} and {@code spec}. */
    public double throughputFactor(FailureModel failures, ReliabilitySpec spec) {
        return 1 - loss(failures, spec, Component.LINK, cableStepSeconds)
                - loss(failures, spec, Component.SWITCH, switchStepSeconds);
    }

    private double loss(FailureModel failures, ReliabilitySpec spec, Component component, double degradedSeconds) {
        if (Double.isNaN(degradedSeconds)) {
            return 0;
        }
        double share = degradedShare(failures.degradationsPerSecond(component), spec.repairSeconds());
        return share * (1 - stepSeconds / degradedSeconds);
    }

    /** The {@code degradedFabric} object of a training result (docs/results-schema.md). */
    public Map<String, Object> toJson(FailureModel failures, ReliabilitySpec spec) {
        Map<String, Object> json = new LinkedHashMap<>();
        put(json, failures, spec, Component.LINK, cableStepSeconds);
        put(json, failures, spec, Component.SWITCH, switchStepSeconds);
        json.put("throughputFactor", throughputFactor(failures, spec));
        return json;
    }

    private void put(Map<String, Object> json, FailureModel failures, ReliabilitySpec spec, Component component,
            double degradedSeconds) {
        if (Double.isNaN(degradedSeconds)) {
            return;
        }
        double perSecond = failures.degradationsPerSecond(component);
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("failuresPerDay", perSecond * SECONDS_PER_DAY);
        entry.put("stepTimeSeconds", degradedSeconds);
        entry.put("slowdown", degradedSeconds / stepSeconds - 1);
        entry.put("degradedShare", degradedShare(perSecond, spec.repairSeconds()));
        json.put(component.name().toLowerCase(Locale.ROOT), entry);
    }
}
