package org.fabricsim.runtime.spec;

import java.util.List;

/**
 * How often parts fail and what a failure costs a training job. Every figure is the user's input
 * (a model states each with its source); {@code org.fabricsim.runtime.reliability} turns it into
 * interruptions, job MTTF and effective training time.
 *
 * @param name                       qualified name
 * @param rates                      failure rate of each component class, in any order; a class may repeat
 * @param checkpointIntervalSeconds  training time between checkpoints; 0 for none
 * @param checkpointSeconds          time one checkpoint stalls training
 * @param restartSeconds             time from an interruption to training again, before lost work
 * @param repairSeconds              extra wait of a hardware interruption when there is no spare node, and
 *                                   how long a failed part the fabric routes around stays down; 0 for none
 * @param spareNodes                 hot spare nodes, outside the job, that replace a failed node at once
 * @param stragglerFraction          share of productive time one part straggles, in [0, 1]
 * @param stragglerSpeed             the straggling part's speed, a fraction of its rate, in (0, 1]
 * @param windowSeconds              wall time of the Monte Carlo run; 0 for the engine's default
 * @param stragglerIsLink            whether the straggler is a link (a NIC cable) rather than an accelerator
 */
public record ReliabilitySpec(String name, List<Rate> rates, double checkpointIntervalSeconds,
        double checkpointSeconds, double restartSeconds, double repairSeconds, int spareNodes,
        double stragglerFraction, double stragglerSpeed, double windowSeconds, boolean stragglerIsLink) {

    public ReliabilitySpec {
        Specs.requireName(name);
        rates = List.copyOf(rates);
        Specs.requireNonNegative("checkpointIntervalSeconds", checkpointIntervalSeconds);
        Specs.requireNonNegative("checkpointSeconds", checkpointSeconds);
        Specs.requireNonNegative("restartSeconds", restartSeconds);
        Specs.requireNonNegative("repairSeconds", repairSeconds);
        Specs.requireNonNegative("spareNodes", spareNodes);
        Specs.requireNonNegative("windowSeconds", windowSeconds);
        if (!(stragglerFraction >= 0 && stragglerFraction <= 1)) {
            throw new IllegalArgumentException("stragglerFraction must be in [0, 1]: " + stragglerFraction);
        }
        if (!(stragglerSpeed > 0 && stragglerSpeed <= 1)) {
            throw new IllegalArgumentException("stragglerSpeed must be in (0, 1]: " + stragglerSpeed);
        }
    }

    /** A reliability whose straggler, if any, is an accelerator. */
    public ReliabilitySpec(String name, List<Rate> rates, double checkpointIntervalSeconds, double checkpointSeconds,
            double restartSeconds, double repairSeconds, int spareNodes, double stragglerFraction,
            double stragglerSpeed, double windowSeconds) {
        this(name, rates, checkpointIntervalSeconds, checkpointSeconds, restartSeconds, repairSeconds, spareNodes,
                stragglerFraction, stragglerSpeed, windowSeconds, false);
    }

    /** Whether one part straggles some of the time. */
    public boolean straggles() {
        return stragglerFraction > 0 && stragglerSpeed < 1;
    }

    /** Whether the job checkpoints, so that an interruption loses only the work since the last one. */
    public boolean checkpoints() {
        return checkpointIntervalSeconds > 0;
    }

    /**
     * The failure rate of one component class.
     *
     * @param component      what fails
     * @param ratePerSecond  failures per second of one part ({@link Basis#PART}, 1 ÷ MTBF), of one
     *                       node of the job ({@link Basis#NODE}, a rate per node-day ÷ 86,400 s) or of
     *                       one failure domain ({@link Basis#DOMAIN}, 1 ÷ the domain's MTBF)
     * @param basis          what the rate is counted per
     * @param domainNodes    nodes of one failure domain ({@link Basis#DOMAIN}); 0 otherwise
     */
    public record Rate(Component component, double ratePerSecond, Basis basis, int domainNodes) {

        public Rate {
            Specs.requirePositive("ratePerSecond", ratePerSecond);
            if ((basis == Basis.DOMAIN) != (domainNodes > 0)) {
                throw new IllegalArgumentException("a domain rate, and only it, needs its nodes: " + domainNodes);
            }
        }

        /** A rate per part or per node. */
        public Rate(Component component, double ratePerSecond, Basis basis) {
            this(component, ratePerSecond, basis, 0);
        }

        /** The rate of a part with mean time between failures {@code mtbfSeconds}. */
        public static Rate ofMtbf(Component component, double mtbfSeconds) {
            Specs.requirePositive("mtbfSeconds", mtbfSeconds);
            return new Rate(component, 1 / mtbfSeconds, Basis.PART);
        }

        /**
         * A correlated failure domain of {@code nodes} nodes (a rack, a power feed) that fails as a
         * whole once per {@code mtbfSeconds}, taking down every node in it at once.
         */
        public static Rate ofDomain(int nodes, double mtbfSeconds) {
            Specs.requirePositive("domain nodes", nodes);
            Specs.requirePositive("mtbfSeconds", mtbfSeconds);
            return new Rate(Component.DOMAIN, 1 / mtbfSeconds, Basis.DOMAIN, nodes);
        }

        /** A rate published as failures per 1,000 node-days. */
        public static Rate perThousandNodeDays(Component component, double failures) {
            return new Rate(component, failures / 1000 / 86_400, Basis.NODE);
        }
    }

    /** What a rate is counted per. */
    public enum Basis {
        /** Each part of the class the job depends on (an MTBF). */
        PART,
        /** Each node of the job, whatever the class (rates per 1,000 node-days). */
        NODE,
        /** Each failure domain the job's nodes touch: ⌈nodes ÷ domain nodes⌉ (a domain MTBF). */
        DOMAIN
    }

    /** Classes of things that interrupt a job. */
    public enum Component {
        /** An accelerator (GPU die, its SRAM, system processor, thermal interface); one per accelerator. */
        ACCELERATOR(true),
        /** An accelerator's high-bandwidth memory; counted one per accelerator. */
        HBM(true),
        /** A scale-out NIC. */
        NIC(true),
        /** A switch of the scale-up or scale-out fabric, as the topology builds it. */
        SWITCH(false),
        /** A link or cable, one per bidirectional link of the topology. */
        LINK(false),
        /** A host: CPU, DRAM, SSD, power supply, chassis, unplanned maintenance. */
        NODE(true),
        /** The software stack of one node: framework, driver and library bugs, watchdog timeouts. */
        SOFTWARE(false),
        /** The job as a whole (planned interruptions: upgrades, configuration changes); counted once. */
        JOB(false),
        /**
         * A correlated failure domain (a rack, a power feed): one failure takes all its nodes down at
         * once and interrupts the job once; the domain is assumed back (power restored) by the restart.
         */
        DOMAIN(false);

        private final boolean replacesNode;

        Component(boolean replacesNode) {
            this.replacesNode = replacesNode;
        }

        /** Whether a failure takes a node out until it is repaired or replaced by a spare. */
        public boolean replacesNode() {
            return replacesNode;
        }
    }
}
