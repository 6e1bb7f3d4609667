package org.fabricsim.runtime.spec;

import java.util.Collections;
import java.util.List;

/**
 * A scale-out topology, given by a named constructor and its parameters. A {@code switchSpec} is
 * null when the model names no switch type; consumers then assume the catalog's common 64-port
 * radix and say so.
 */
public sealed interface TopologySpec permits TopologySpec.SingleSwitch, TopologySpec.FatTree,
        TopologySpec.RailOptimized, TopologySpec.Dragonfly, TopologySpec.Torus {

    /** The switch type it names; null where it names none, and for a torus, which has no switches. */
    default SwitchSpec switchSpec() {
        return null;
    }

    /** Every NIC on one switch. */
    record SingleSwitch(SwitchSpec switchSpec) implements TopologySpec {
    }

    /**
     * A folded Clos.
     *
     * @param switchSpec        its switches
     * @param tiers             2 or 3
     * @param oversubscription  downlink:uplink bandwidth per tier, leaf first (1.0 is non-blocking)
     * @param structure         the tiers, pods and planes as stated ({@link TierStructure#NONE} when not)
     */
    record FatTree(SwitchSpec switchSpec, int tiers, List<Double> oversubscription, TierStructure structure)
            implements TopologySpec {
        public FatTree {
            oversubscription = List.copyOf(oversubscription);
            structure = structure == null ? TierStructure.NONE : structure;
        }

        /** A fat-tree whose tiers the builder derives from the radix and the ratios. */
        public FatTree(SwitchSpec switchSpec, int tiers, List<Double> oversubscription) {
            this(switchSpec, tiers, oversubscription, TierStructure.NONE);
        }
    }

    /**
     * One leaf group per rail; NIC k of every node on rail k.
     *
     * @param switchSpec        its switches
     * @param rails             rails
     * @param tiers             tiers above the NICs
     * @param oversubscription  per tier, leaf first
     * @param structure         the tiers, pods and planes as stated ({@link TierStructure#NONE} when not)
     */
    record RailOptimized(SwitchSpec switchSpec, int rails, int tiers, List<Double> oversubscription,
            TierStructure structure) implements TopologySpec {
        public RailOptimized {
            oversubscription = List.copyOf(oversubscription);
            structure = structure == null ? TierStructure.NONE : structure;
        }

        /** A rail-optimized fabric whose tiers the builder derives from the radix and the ratios. */
        public RailOptimized(SwitchSpec switchSpec, int rails, int tiers, List<Double> oversubscription) {
            this(switchSpec, rails, tiers, oversubscription, TierStructure.NONE);
        }
    }

    /**
     * Groups of routers, all-to-all inside a group, global links between groups.
     *
     * @param switchSpec            its routers
     * @param groups                groups
     * @param routersPerGroup       routers per group
     * @param globalLinksPerRouter  global links per router (routersPerGroup × this a multiple of groups − 1,
     *                              so that every pair of groups is joined by as many links)
     * @param endpointsPerRouter    NIC ports per router; 0: ⌈ports ÷ routers⌉ of the cluster it is built for.
     *                              A job on the first nodes of a dragonfly keeps the whole cluster's count
     *                              ({@link ClusterSpec#withNodes}), so its nodes sit on the routers they sit on
     */
    record Dragonfly(SwitchSpec switchSpec, int groups, int routersPerGroup, int globalLinksPerRouter,
            int endpointsPerRouter) implements TopologySpec {
        public Dragonfly {
            Specs.requireNonNegative("endpointsPerRouter", endpointsPerRouter);
        }

        /** A dragonfly whose ports spread over its routers, ⌈ports ÷ routers⌉ each. */
        public Dragonfly(SwitchSpec switchSpec, int groups, int routersPerGroup, int globalLinksPerRouter) {
            this(switchSpec, groups, routersPerGroup, globalLinksPerRouter, 0);
        }

        /** Its routers. */
        public int routers() {
            return groups * routersPerGroup;
        }

        /** NIC ports per router for a cluster of {@code ports}: the stated count, else ⌈ports ÷ routers⌉. O(1). */
        public int portsPerRouter(int ports) {
            return endpointsPerRouter > 0 ? endpointsPerRouter : (ports + routers() - 1) / routers();
        }

        /** This dragonfly with {@code count} ports per router, stated. */
        public Dragonfly withEndpointsPerRouter(int count) {
            return new Dragonfly(switchSpec, groups, routersPerGroup, globalLinksPerRouter, count);
        }
    }

    /**
     * A direct torus of accelerators, each its own router (TPU ICI): no switches, no NICs. An open dimension is
     * a mesh line, without the wrap-around link between its ends. A torus of optical cubes (TPU v4: 4 × 4 × 4
     * chips per cube, faces joined through optical circuit switches) has a {@code cube} shape: a link that leaves
     * a cube, wrap-around included, passes an OCS and pays {@code ocsLatencyPs} on top of the link's own latency.
     *
     * @param dimensions          extent of each dimension; they multiply to the cluster's accelerators
     * @param linkBytesPerSecond  the link rate per direction of each dimension, one per dimension; empty
     *                            when every dimension runs at the fabric's link rate
     * @param open                whether each dimension is open, one per dimension (an empty list: none is)
     * @param cube                the cube's extent along each dimension, one per dimension; empty: no cubes
     * @param ocsLatencyPs        the latency an optical circuit switch adds to a link through it, picoseconds
     */
    record Torus(List<Integer> dimensions, List<Double> linkBytesPerSecond, List<Boolean> open, List<Integer> cube,
            long ocsLatencyPs) implements TopologySpec {
        public Torus {
            dimensions = List.copyOf(dimensions);
            linkBytesPerSecond = List.copyOf(linkBytesPerSecond);
            open = open.isEmpty() ? Collections.nCopies(dimensions.size(), false) : List.copyOf(open);
            cube = List.copyOf(cube);
            if (open.size() != dimensions.size()) {
                throw new IllegalArgumentException(open.size() + " open flags for " + dimensions.size() + " dimensions");
            }
            if (!cube.isEmpty() && cube.size() != dimensions.size()) {
                throw new IllegalArgumentException("a cube of " + cube.size() + " dimensions in a torus of "
                        + dimensions.size());
            }
            if (ocsLatencyPs < 0) {
                throw new IllegalArgumentException("ocsLatencyPs must be non-negative: " + ocsLatencyPs);
            }
        }

        /** A torus without cubes, its dimensions open as {@code open} says, at the given rates. */
        public Torus(List<Integer> dimensions, List<Double> linkBytesPerSecond, List<Boolean> open) {
            this(dimensions, linkBytesPerSecond, open, List.of(), 0);
        }

        /** A torus, every dimension wrapping round, at the given rates. */
        public Torus(List<Integer> dimensions, List<Double> linkBytesPerSecond) {
            this(dimensions, linkBytesPerSecond, List.of());
        }

        /** A torus whose every dimension wraps round and runs at the fabric's link rate. */
        public Torus(List<Integer> dimensions) {
            this(dimensions, List.of());
        }

        /**
         * The torus that the first {@code accelerators} positions of this one form, or null when they form none:
         * positions run through dimension 0 first, so the first k₀·…·k_{j−1} of them are exactly the torus of the
         * leading j dimensions, every wrap-around link included and every open dimension still open; any other
         * count is a torus cut open.
         */
        public Torus leading(int accelerators) {
            long filled = 1;
            for (int j = 0; j < dimensions.size(); j++) {
                filled *= dimensions.get(j);
                if (filled == accelerators) {
                    List<Double> rates = linkBytesPerSecond.size() == dimensions.size()
                            ? linkBytesPerSecond.subList(0, j + 1) : linkBytesPerSecond;
                    return new Torus(dimensions.subList(0, j + 1), rates, open.subList(0, j + 1),
                            cube.isEmpty() ? cube : cube.subList(0, j + 1), ocsLatencyPs);
                }
            }
            return null;
        }

        /** This torus with other dimensions (as many), its rates, open dimensions, cubes and OCS kept. */
        public Torus reshaped(List<Integer> shape) {
            return new Torus(shape, linkBytesPerSecond, open, cube, ocsLatencyPs);
        }

        /**
         * The slice of this torus's cubes that the optical circuit switches wire as a torus of {@code shape} (as
         * many dimensions, each a multiple of the cube's): every dimension closed, its wrap-around links through
         * the OCS, as TPU v4 configures a slice of whole cubes (Jouppi et al., ISCA 2023, §2).
         */
        public Torus slice(List<Integer> shape) {
            if (cube.isEmpty() || shape.size() != cube.size()) {
                throw new IllegalArgumentException("a slice " + shape + " needs a torus of cubes of as many dimensions: "
                        + this);
            }
            for (int d = 0; d < shape.size(); d++) {
                if (shape.get(d) % cube.get(d) != 0) {
                    throw new IllegalArgumentException("a slice " + shape + " is not whole cubes of " + cube);
                }
            }
            return new Torus(shape, linkBytesPerSecond, List.of(), cube, ocsLatencyPs);
        }
    }
}
