package org.fabricsim.runtime.analysis;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;

/**
 * Oversubscription of a cluster's network: downlink bandwidth ÷ uplink bandwidth at each point
 * where traffic concentrates. A ratio of 1 is non-blocking; 7 means seven bytes may arrive for
 * every byte that can leave.
 *
 * <p>Computed in closed form from the specs, because the topology builder's parameters are not
 * derived from specs in one place yet; the construction is the one
 * {@code runtime.topology.FatTreeParameters} documents (u = ⌈d · down rate ÷ (o · up rate)⌉
 * uplinks for d downlinks at requested ratio o):
 * <ul>
 * <li><b>Tier i</b> of a fat-tree or rail-optimized fat-tree (leaf first). With a named switch
 * of radix k and port rate R, a non-top tier takes the most downlinks d with
 * d + ⌈d·r/(o·R)⌉ ≤ k, where r is the downlink rate (the NIC port rate at the leaf, capped at R;
 * R above) and o the declared ratio. Its ratio is then d·r ÷ (u·R): what the ports can realize.
 * The top tier has no uplinks; its declared ratio (a taper, such as fewer core switches) stands.
 * Without a named switch the declared ratios stand.</li>
 * <li><b>Injection</b>: a node's accelerators × the fabric's link rate ÷ its NIC ports × the rate
 * each port runs at (the lower of port and fabric rate). One full-rate port per accelerator is 1.</li>
 * <li><b>Host</b>: NIC network bandwidth ÷ its PCIe host bandwidth, when the NIC states its PCIe.</li>
 * </ul>
 * Cost: O(tiers · k).
 */
public final class Oversubscription {
    /** A realized ratio within this relative distance of the declared one agrees with it. */
    public static final double PORT_TOLERANCE = 0.10;
    /** Ratios within this of 1 count as 1:1 (floating point, PCIe encoding). */
    private static final double EPSILON = 1e-6;

    private Oversubscription() {
    }

    /** Where a ratio is measured. */
    public enum Point {
        /** Between one switch tier and the next. */
        TIER,
        /** Between a node's accelerators and its NICs. */
        INJECTION,
        /** Between a NIC and its PCIe host link. */
        HOST
    }

    /**
     * One ratio.
     *
     * @param point               where it is measured
     * @param tier                tier number, leaf = 1, for {@link Point#TIER}; 0 otherwise
     * @param declared            the ratio the model declares, or NaN when it declares none
     * @param ratio               the ratio the hardware realizes (downlink ÷ uplink bandwidth)
     * @param downlinks           downlink ports per switch (tiers with a named switch), else 0
     * @param uplinks             uplink ports per switch (tiers with a named switch), else 0
     * @param downBytesPerSecond  downlink bandwidth of one unit (switch, node or NIC)
     * @param upBytesPerSecond    uplink bandwidth of the same unit
     */
    public record Ratio(Point point, int tier, double declared, double ratio, int downlinks, int uplinks,
            double downBytesPerSecond, double upBytesPerSecond) {

        /** Whether more can arrive than leave (ratio above 1:1). */
        public boolean oversubscribed() {
            return ratio > 1 + EPSILON;
        }

        /** Whether the ports realize the declared ratio (within {@link #PORT_TOLERANCE}); true when nothing is declared. */
        public boolean matchesPorts() {
            return Double.isNaN(declared) || Math.abs(ratio - declared) <= PORT_TOLERANCE * declared;
        }

        /** The ratio as {@code 7:1}, or {@code 2.5:1}. */
        public String label() {
            return format(ratio);
        }

        /** Where it is, for messages: "tier 2", "injection", "host (PCIe)". */
        public String where() {
            return switch (point) {
                case TIER -> "tier " + tier;
                case INJECTION -> "injection";
                case HOST -> "host (PCIe)";
            };
        }
    }

    /** {@code x:1} with at most two decimals. */
    public static String format(double ratio) {
        double rounded = Math.round(ratio * 100) / 100.0;
        return (rounded == Math.rint(rounded) ? String.valueOf((long) rounded) : String.valueOf(rounded)) + ":1";
    }

    /** Every ratio of the cluster: tiers leaf first, then injection, then host. Empty for a cluster without scale-out. */
    public static List<Ratio> of(ClusterSpec cluster) {
        List<Ratio> ratios = new ArrayList<>();
        ScaleOutSpec scaleOut = cluster.scaleOut();
        NodeSpec node = cluster.node();
        if (scaleOut == null) {
            return ratios;
        }
        NicSpec nic = node.nic();
        double fabricRate = scaleOut.fabric().linkBytesPerSecond();
        double nicPortRate = nic == null ? fabricRate : nic.portBytesPerSecond();
        tiers(scaleOut.topology(), nicPortRate, ratios);
        if (nic != null && node.nics() > 0) {
            double ports = (double) node.nics() * nic.ports();
            double demand = node.accelerators() * fabricRate;
            double supply = ports * Math.min(nicPortRate, fabricRate);
            ratios.add(new Ratio(Point.INJECTION, 0, Double.NaN, demand / supply, node.accelerators(),
                    (int) ports, demand, supply));
            if (nic.hostBytesPerSecond() > 0) {
                ratios.add(new Ratio(Point.HOST, 0, Double.NaN, nic.bytesPerSecond() / nic.hostBytesPerSecond(), 0, 0,
                        nic.bytesPerSecond(), nic.hostBytesPerSecond()));
            }
        }
        return ratios;
    }

    private static void tiers(TopologySpec topology, double nicPortRate, List<Ratio> out) {
        SwitchSpec switchSpec;
        int tiers;
        List<Double> declared;
        if (topology instanceof TopologySpec.FatTree fatTree) {
            switchSpec = fatTree.switchSpec();
            tiers = fatTree.tiers();
            declared = fatTree.oversubscription();
        } else if (topology instanceof TopologySpec.RailOptimized rail) {
            switchSpec = rail.switchSpec();
            tiers = rail.tiers();
            declared = rail.oversubscription();
        } else {
            return;
        }
        // Tiers beyond the deepest the engine builds are refused by the editor; listing them would
        // take one ratio per tier (two billion for 'tiers 2147483647').
        int listed = Math.max(Math.min(tiers, ClusterTopologies.MAX_TIERS), declared.size());
        for (int tier = 1; tier <= listed; tier++) {
            double ratio = tier - 1 < declared.size() ? declared.get(tier - 1) : 1.0;
            if (switchSpec == null || tier >= tiers) {
                out.add(new Ratio(Point.TIER, tier, ratio, ratio, 0, 0, 0, 0));
                continue;
            }
            double upRate = switchSpec.portBytesPerSecond();
            double downRate = tier == 1 ? Math.min(nicPortRate, upRate) : upRate;
            out.add(realize(tier, switchSpec.radix(), downRate, upRate, ratio));
        }
    }

    /** The most downlinks d with d + ⌈d·down/(o·up)⌉ ≤ k, and the ratio they give. O(k). */
    static Ratio realize(int tier, int radix, double downRate, double upRate, double declared) {
        for (int down = radix - 1; down >= 1; down--) {
            int up = (int) Math.ceil(down * downRate / (declared * upRate) - EPSILON);
            if (up >= 1 && down + up <= radix) {
                return new Ratio(Point.TIER, tier, declared, down * downRate / (up * upRate), down, up,
                        down * downRate, up * upRate);
            }
        }
        int down = 1;
        int up = Math.max(1, radix - 1);
        return new Ratio(Point.TIER, tier, declared, downRate / (up * upRate), down, up, downRate, up * upRate);
    }
}
