package org.fabricsim.runtime.analysis;

import java.util.List;

import org.fabricsim.runtime.topology.ClusterTopologies;

/**
 * How many endpoints a folded Clos (fat-tree) of radix-k switches can hold.
 *
 * <p>Every tier but the top splits each switch's k ports into d down and k − d up; the top tier
 * points all k ports down. A pod of tier i is then d_i pods of tier i − 1, and the top switches,
 * with k ports, join k pods of the tier below, so
 * <pre>  capacity(k, tiers) = k · d_1 · d_2 · … · d_(tiers−1).</pre>
 * Non-blocking (d = k/2 at every tier but the top) this is the textbook k (1 tier), k²/2 (2 tiers)
 * and k³/4 (3 tiers) (Al-Fares et al., "A Scalable, Commodity Data Center Network Architecture",
 * SIGCOMM 2008, §3: a 3-tier fat-tree of k-port switches supports k³/4 hosts). An oversubscribed
 * tier with ratio o = d : (k − d) puts d = ⌊k·o/(1 + o)⌋ ports down and holds more endpoints.
 *
 * <p>All methods are O(tiers) except {@link #radixNeeded}, O(tiers · log k).
 */
public final class SwitchRadix {
    /**
     * The most tiers {@link #tiersNeeded} considers, the deepest fat-tree the engine builds
     * ({@link ClusterTopologies#MAX_TIERS}); beyond this the answer is "no fat-tree fits".
     */
    public static final int MAX_TIERS = ClusterTopologies.MAX_TIERS;

    private SwitchRadix() {
    }

    /** Endpoints a non-blocking fat-tree of {@code tiers} tiers of radix {@code radix} holds: 2·(k/2)^tiers. */
    public static long capacity(int radix, int tiers) {
        return capacity(radix, tiers, List.of());
    }

    /**
     * Endpoints a fat-tree holds when tier i (leaf first, 1-based) has downlink:uplink ratio
     * {@code ratios.get(i − 1)}; a missing ratio is 1:1; the top tier's ratio does not change the
     * count. Saturates at {@link Long#MAX_VALUE}. Tiers beyond {@link #MAX_TIERS} count as that many,
     * as the engine builds them.
     */
    public static long capacity(int radix, int tiers, List<Double> ratios) {
        if (radix < 1 || tiers < 1) {
            return 0;
        }
        long endpoints = radix;
        for (int tier = 1; tier < Math.min(tiers, MAX_TIERS) && endpoints < Long.MAX_VALUE; tier++) {
            double ratio = tier - 1 < ratios.size() ? ratios.get(tier - 1) : 1.0;
            long down = downPorts(radix, ratio);
            if (down == 0) {
                return 0;
            }
            endpoints = endpoints > Long.MAX_VALUE / down ? Long.MAX_VALUE : endpoints * down;
        }
        return endpoints;
    }

    /** Down ports of a non-top switch with downlink:uplink ratio {@code ratio}: ⌊k·o/(1 + o)⌋, at least one port left up. */
    public static long downPorts(int radix, double ratio) {
        if (radix < 2) {
            return 0;
        }
        long down = (long) Math.floor(radix * ratio / (1 + ratio) + 1e-9);
        return Math.max(1, Math.min(radix - 1, down));
    }

    /** The fewest non-blocking tiers of radix {@code radix} that hold {@code endpoints}, or 0 when even {@link #MAX_TIERS} do not. */
    public static int tiersNeeded(int radix, long endpoints) {
        for (int tiers = 1; tiers <= MAX_TIERS; tiers++) {
            if (capacity(radix, tiers) >= endpoints) {
                return tiers;
            }
        }
        return 0;
    }

    /** The smallest even radix whose non-blocking fat-tree of {@code tiers} tiers holds {@code endpoints}. */
    public static int radixNeeded(int tiers, long endpoints) {
        int low = 2;
        int high = 2;
        while (capacity(high, tiers) < endpoints) {
            high *= 2;
            if (high > (1 << 24)) {
                return high;
            }
        }
        while (low < high) {
            int middle = (low + high) / 2 & ~1;
            if (middle <= low) {
                middle = low;
            }
            if (capacity(middle, tiers) >= endpoints) {
                high = middle;
            } else {
                low = middle + 2;
            }
        }
        return high;
    }
}
