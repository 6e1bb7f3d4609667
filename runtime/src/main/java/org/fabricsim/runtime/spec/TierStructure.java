package org.fabricsim.runtime.spec;

/**
 * How a fat-tree or rail-optimized network is really built, where the model states it: per switch
 * tier its switch, count and uplink rate, pods and planes. Counts are per plane.
 *
 * @param leaf            the leaf (top-of-rack) tier, or null when not stated
 * @param spine           the tier above the leaves (aggregation in three tiers), or null
 * @param core            the third tier, or null
 * @param podAccelerators accelerators per pod (the leaves and spines of a pod are wired to each
 *                        other only, the core joins the pods), 0 without pods
 * @param planes          independent copies of the fabric, each NIC port on its own plane; 1 for one
 * @param accelerators    the accelerators the counts are stated for (the whole cluster), 0 for
 *                        those built: a job on part of the cluster gets the same switches, fewer of them
 */
public record TierStructure(Level leaf, Level spine, Level core, int podAccelerators, int planes,
        int accelerators) {
    /** Nothing stated: the builder derives the tiers from the switch radix and the ratios. */
    public static final TierStructure NONE = new TierStructure(null, null, null, 0, 1, 0);

    public TierStructure {
        Specs.requireNonNegative("podAccelerators", podAccelerators);
        Specs.requirePositive("planes", planes);
        Specs.requireNonNegative("accelerators", accelerators);
    }

    /**
     * One switch tier.
     *
     * @param switchSpec            its switch
     * @param count                 switches in the tier, per plane
     * @param uplinkBytesPerSecond  rate of its links up to the next tier, bytes per second; 0 for the
     *                              fabric's link rate
     */
    public record Level(SwitchSpec switchSpec, int count, double uplinkBytesPerSecond) {
        public Level {
            Specs.requirePositive("count", count);
            Specs.requireNonNegative("uplinkBytesPerSecond", uplinkBytesPerSecond);
        }
    }

    /** Whether any tier states its switches. */
    public boolean statesLevels() {
        return leaf != null || spine != null || core != null;
    }
}
