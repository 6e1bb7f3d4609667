package org.fabricsim.runtime.reliability;

import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ReliabilitySpec.Basis;
import org.fabricsim.runtime.spec.ReliabilitySpec.Component;

/**
 * The interruption rate of a job: every part the job needs fails independently at a constant
 * rate, so interruptions form a Poisson process whose rate is the sum
 * λ = Σ<sub>rates</sub> n × r, with n the count of the class's parts ({@link PartCounts#count}) for
 * a per-part rate (r = 1 ÷ MTBF) and the job's nodes for a per-node rate (r = published
 * failures per 1,000 node-days ÷ 1,000 ÷ 86,400 s). A correlated failure domain of d nodes (a rack, a
 * power feed; r = 1 ÷ its MTBF) takes all its nodes down at once, one interruption, so it counts
 * once per domain the job's nodes touch, n = ⌈nodes ÷ d⌉ (the job's nodes taken as consecutive and
 * aligned to the domains). O(rates) to build, O(1) to query.
 *
 * <p>Degradations: of a per-part switch or link rate, the parts the fabric routes around ({@link
 * PartCounts#reroutable}) degrade the job instead of interrupting it, at rate
 * λ<sub>d</sub> = n<sub>reroutable</sub> × r, and only the others count in λ. A per-node rate is a
 * published count of interruptions, so all of it interrupts.
 */
public final class FailureModel {
    private static final Component[] COMPONENTS = Component.values();
    private final double[] ratePerSecondByComponent = new double[COMPONENTS.length];
    private final double[] degradationsPerSecondByComponent = new double[COMPONENTS.length];
    private final double ratePerSecond;

    private FailureModel(ReliabilitySpec spec, PartCounts parts) {
        double total = 0;
        for (ReliabilitySpec.Rate rate : spec.rates()) {
            boolean perPart = rate.basis() == Basis.PART;
            int reroutable = perPart ? parts.reroutable(rate.component()) : 0;
            int count = switch (rate.basis()) {
                case PART -> parts.count(rate.component()) - reroutable;
                case NODE -> parts.nodes();
                case DOMAIN -> Math.floorDiv(parts.nodes() + rate.domainNodes() - 1, rate.domainNodes());
            };
            double classRate = count * rate.ratePerSecond();
            degradationsPerSecondByComponent[rate.component().ordinal()] += reroutable * rate.ratePerSecond();
            ratePerSecondByComponent[rate.component().ordinal()] += classRate;
            total += classRate;
        }
        ratePerSecond = total;
    }

    /** The failure model of a job on {@code parts} under {@code spec}. */
    public static FailureModel of(ReliabilitySpec spec, PartCounts parts) {
        return new FailureModel(spec, parts);
    }

    /** λ: interruptions per second of running time, all classes. */
    public double ratePerSecond() {
        return ratePerSecond;
    }

    /** The part of λ from {@code component}, per second of running time. */
    public double ratePerSecond(Component component) {
        return ratePerSecondByComponent[component.ordinal()];
    }

    /** λ<sub>d</sub> of {@code component}: failures per second of running time the fabric routes around. */
    public double degradationsPerSecond(Component component) {
        return degradationsPerSecondByComponent[component.ordinal()];
    }

    /** The share of interruptions that take a node out ({@link Component#replacesNode}); 0 when λ = 0. */
    public double nodeReplacingShare() {
        double replacing = 0;
        for (Component component : COMPONENTS) {
            if (component.replacesNode()) {
                replacing += ratePerSecondByComponent[component.ordinal()];
            }
        }
        return ratePerSecond > 0 ? replacing / ratePerSecond : 0;
    }

    /**
     * The probability that an interruption waits for a repair under {@code spec}: the
     * node-replacing share when the spec has no spare node, else 0 (the spare pool is assumed
     * never to run dry).
     */
    public double repairShare(ReliabilitySpec spec) {
        return spec.spareNodes() > 0 ? 0 : nodeReplacingShare();
    }

    /** R̄ = R + p × repair under {@code spec}: the mean time from an interruption to running again. */
    public double meanRestartSeconds(ReliabilitySpec spec) {
        return spec.restartSeconds() + repairShare(spec) * spec.repairSeconds();
    }

    /**
     * Interruptions per second of wall time, 1 ÷ (1/λ + R̄): the job alternates a run of mean 1/λ
     * with a restart of mean R̄; 0 when λ = 0.
     */
    public double interruptionsPerWallSecond(ReliabilitySpec spec) {
        return interruptionsPerWallSecond(ratePerSecond, meanRestartSeconds(spec));
    }

    /** 1 ÷ (1/λ + R̄) for λ = {@code ratePerSecond} and R̄ = {@code meanRestartSeconds}; 0 when λ = 0. */
    static double interruptionsPerWallSecond(double ratePerSecond, double meanRestartSeconds) {
        return ratePerSecond > 0 ? 1 / (1 / ratePerSecond + meanRestartSeconds) : 0;
    }
}
