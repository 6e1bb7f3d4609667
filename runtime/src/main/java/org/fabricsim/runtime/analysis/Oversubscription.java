package org.fabricsim.runtime.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.NicCable;
import org.fabricsim.runtime.topology.TierLayout;

/**
 * Oversubscription of a cluster's network: downlink bandwidth ÷ uplink bandwidth at each point
 * where traffic concentrates. A ratio of 1 is non-blocking; 7 means seven bytes may arrive for
 * every byte that can leave.
 *
 * <p>Tier ratios are the built network's: the counts and rates the topology builder wires
 * ({@link TierLayout}, which {@code ClusterTopologies} builds from), so the editor and the simulation
 * cannot disagree on a tier:
 * <ul>
 * <li><b>Tier i</b> of a fat-tree or rail-optimized fat-tree (leaf first) with uplinks: its
 * switch's d downlinks at rate r_d over its u uplinks at rate r_u, d·r_d ÷ (u·r_u). The builder puts
 * d = ⌊k·o₁ ÷ (1 + o₁)⌋ NIC ports under a leaf of radix k (64 when the model names no switch), or
 * the stated count's share; the leaf's downlink rate is each accelerator's NIC share, and uplinks
 * run at the stated {@code uplinks R}, else the fabric's link rate (not the switch's port rate), u =
 * ⌈d·r_d ÷ (o·r_u)⌉ unless the next tier's count is stated. The declared ratio is the one the
 * builder applies to those links (the top tier's, when larger, for the links into the top tier,
 * which then carry the top tier's number); a realized ratio more than {@link #PORT_TOLERANCE} from
 * it is one a named switch's ports cannot realize. Where the model names no switch, or states the
 * tiers' counts, pods or planes (which set the counts the ratios would), nothing is declared for the
 * ports to contradict.</li>
 * <li><b>Top tier</b> (no uplinks), a tier beyond those built, a single switch, or a node without a
 * NIC (no network is built): the declared ratio stands.</li>
 * <li><b>Injection</b>: a node's accelerators × the rate one of them can inject, e = min(c, the NIC's PCIe host
 * rate when stated), ÷ its NIC ports × the rate each port's cable carries, c. The cable runs at the NIC port's
 * rate whatever the fabric's link rate ({@link NicCable}, the rule the engine builds the NIC links by): one port
 * per accelerator is 1:1, a 400 Gb/s NIC on an 800 Gb/s fabric (8·400 ÷ (8·400), not 8·800 ÷ (8·400) = 2:1) as an
 * 800 Gb/s NIC on a 400 Gb/s one; 8 accelerators on 4 NICs are 2:1. A PCIe link narrower than the port lowers e
 * below the ports' rate (the host ratio names that bottleneck).</li>
 * <li><b>Host</b>: the NIC's cables ({@link NicCable#networkBytesPerSecond}) ÷ its PCIe host bandwidth, when the
 * NIC states its PCIe.</li>
 * </ul>
 * Cost: O(tiers).
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
     * @param declared            the ratio the model declares, or NaN when it declares none the ports could contradict
     * @param ratio               the ratio the hardware realizes (downlink ÷ uplink bandwidth)
     * @param downlinks           downlink ports per switch (tiers with a named switch), else 0
     * @param uplinks             uplink ports per switch (tiers with a named switch), else 0
     * @param downBytesPerSecond  downlink bandwidth of one unit (switch, node or NIC)
     * @param upBytesPerSecond    uplink bandwidth of the same unit
     * @param group               in a mixed cluster whose groups' ratios differ here, the node type whose ratio
     *                            it is; empty otherwise
     */
    public record Ratio(Point point, int tier, double declared, double ratio, int downlinks, int uplinks,
            double downBytesPerSecond, double upBytesPerSecond, String group) {

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

        /** Where it is, for messages: "tier 2", "injection", "host (PCIe)", "tier 1 (DGX_B200 nodes)". */
        public String where() {
            String where = switch (point) {
                case TIER -> "tier " + tier;
                case INJECTION -> "injection";
                case HOST -> "host (PCIe)";
            };
            return group.isEmpty() ? where : where + " (" + group + " nodes)";
        }

        private Ratio of(String type) {
            return new Ratio(point, tier, declared, ratio, downlinks, uplinks, downBytesPerSecond, upBytesPerSecond,
                    type);
        }
    }

    /** {@code x:1} with at most two decimals. */
    public static String format(double ratio) {
        double rounded = Math.round(ratio * 100) / 100.0;
        return (rounded == Math.rint(rounded) ? String.valueOf((long) rounded) : String.valueOf(rounded)) + ":1";
    }

    /**
     * Every ratio of the cluster: tiers leaf first, then injection, then host. Empty for a cluster without scale-out.
     * A mixed cluster's groups each have their own leaves ({@link ClusterTopologies#groupLeaf}), NICs and PCIe: a
     * ratio the same (declared and realized) for every node type is listed once (the first type's ports and
     * bandwidths), others once per node type, named ({@link Ratio#group}), in placement order. O(groups · tiers).
     */
    public static List<Ratio> of(ClusterSpec cluster) {
        Map<String, List<Ratio>> byPlace = new LinkedHashMap<>();
        List<NodeSpec> types = cluster.nodeGroups().stream().map(NodeGroupSpec::node).distinct().toList();
        for (NodeSpec node : types) {
            for (Ratio ratio : of(cluster, node)) {
                byPlace.computeIfAbsent(ratio.point() + " " + ratio.tier(), place -> new ArrayList<>())
                        .add(ratio.of(simpleName(node.name())));
            }
        }
        List<Ratio> ratios = new ArrayList<>();
        for (List<Ratio> place : byPlace.values()) {
            if (place.size() == types.size()
                    && place.stream().map(ratio -> List.of(ratio.declared(), ratio.ratio())).distinct().count() == 1) {
                ratios.add(place.get(0).of(""));
            } else {
                ratios.addAll(place);
            }
        }
        return ratios;
    }

    /** A node type's name without its package: {@code DGX_B200}. */
    private static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }

    /**
     * The ratios of {@code node}'s NICs and leaves on the cluster's network (the class comment), its leaf as a mixed
     * cluster builds it ({@link ClusterTopologies#groupLeaf}).
     */
    private static List<Ratio> of(ClusterSpec cluster, NodeSpec node) {
        List<Ratio> ratios = new ArrayList<>();
        ScaleOutSpec scaleOut = cluster.scaleOut();
        if (scaleOut == null) {
            return ratios;
        }
        NicSpec nic = node.nic();
        tiers(cluster, node, ratios);
        if (nic != null && node.nics() > 0) {
            NicCable cable = NicCable.of(nic, scaleOut);
            double ports = (double) node.nics() * nic.ports();
            double host = nic.hostBytesPerSecond();
            double injects = host > 0 ? Math.min(cable.bytesPerSecond(), host) : cable.bytesPerSecond();
            double demand = node.accelerators() * injects;
            double supply = ports * cable.bytesPerSecond();
            ratios.add(new Ratio(Point.INJECTION, 0, Double.NaN, demand / supply, node.accelerators(),
                    (int) ports, demand, supply, ""));
            if (host > 0) {
                ratios.add(new Ratio(Point.HOST, 0, Double.NaN, cable.networkBytesPerSecond() / host, 0, 0,
                        cable.networkBytesPerSecond(), host, ""));
            }
        }
        return ratios;
    }

    /**
     * The tier ratios as built (the class comment); a tier's declared ratio is NaN, nothing for the ports to
     * contradict, where the model names no switch or states its tiers' counts, pods or planes.
     */
    private static void tiers(ClusterSpec cluster, NodeSpec node, List<Ratio> out) {
        ScaleOutSpec scaleOut = cluster.scaleOut();
        TopologySpec topology = scaleOut.topology();
        if (!(topology instanceof TopologySpec.FatTree || topology instanceof TopologySpec.RailOptimized)) {
            return;
        }
        List<Double> declared = ClusterTopologies.statedRatios(topology);
        int levels = ClusterTopologies.builtTiers(topology);
        List<TierLayout.Tier> built = node.nic() == null || levels < 2 ? List.of()
                : ClusterTopologies.layout(cluster, node).tiers();
        double[] applied = ClusterTopologies.appliedRatios(topology);
        boolean statesCounts = !ClusterTopologies.structure(topology).equals(TierStructure.NONE);
        boolean topWins = !built.isEmpty() && declared.size() >= levels
                && declared.get(levels - 1) > declared.get(levels - 2);
        // Tiers beyond the deepest the engine builds are refused by the editor; listing them would
        // take one ratio per tier (two billion for 'tiers 2147483647').
        int tiers = topology instanceof TopologySpec.FatTree fatTree ? fatTree.tiers()
                : ((TopologySpec.RailOptimized) topology).tiers();
        int listed = Math.max(Math.max(Math.min(tiers, ClusterTopologies.MAX_TIERS), built.size()), declared.size());
        for (int tier = 1; tier <= listed; tier++) {
            if (tier < built.size()) {
                TierLayout.Tier switches = tier == 1 ? ClusterTopologies.groupLeaf(cluster, node)
                        : built.get(tier - 1);
                double stated = switches.switchSpec() == null || statesCounts ? Double.NaN : applied[tier - 1];
                out.add(new Ratio(Point.TIER, topWins && tier == levels - 1 ? levels : tier, stated,
                        switches.oversubscription(), switches.downlinks(), switches.uplinks(),
                        switches.downlinks() * switches.downBytesPerSecond(),
                        switches.uplinks() * switches.upBytesPerSecond(), ""));
            } else if (!(topWins && tier == levels)) {
                double ratio = tier - 1 < declared.size() ? declared.get(tier - 1) : 1.0;
                out.add(new Ratio(Point.TIER, tier, ratio, ratio, 0, 0, 0, 0, ""));
            }
        }
    }
}
