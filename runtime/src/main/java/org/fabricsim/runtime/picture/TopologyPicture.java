package org.fabricsim.runtime.picture;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.TierLayout;

/**
 * A cluster's network as one SVG document: per plane, its switch tiers top to bottom (count,
 * switch, links down and up, downlink:uplink ratio), its pods as dashed boxes, leaves coloured by
 * rail, and the nodes with their accelerators. Counts are {@link TierLayout}'s, the builder's own.
 * A large cluster is summarized: at most {@value #DRAWN} switches of a tier per pod, {@value #PODS}
 * pods, {@value #PLANES} planes and {@value #DRAWN} nodes (evenly spaced, so that every group of a mixed
 * cluster shows) are drawn, each row with its full count,
 * so the document stays small (O(1) in the cluster's size). Fabrics other than fat-trees are one box
 * with their shape. A data-centre network beside the scale-out fabric is one more labelled tier, a
 * band below the planes.
 */
public final class TopologyPicture {
    static final int DRAWN = 8;
    static final int PODS = 4;
    static final int PLANES = 2;
    private static final String[] RAILS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
        "#e377c2", "#17becf"};
    private static final double WIDTH = 1200;
    private static final double LEFT = 330;
    private static final double ROW = 80;
    private static final double BOX = 16;
    /** The height of the data-centre network's band, with its gap. */
    private static final double BAND = 70;
    /** How far a pod's frame reaches above its spine row. */
    private static final double POD_TOP = 28;

    private TopologyPicture() {
    }

    /** The SVG document of {@code cluster}'s network. */
    public static String render(ClusterSpec cluster) {
        Svg svg = new Svg();
        ScaleOutSpec scaleOut = cluster.scaleOut();
        TopologySpec topology = scaleOut == null ? null : scaleOut.topology();
        boolean tree = cluster.node().nic() != null && (topology instanceof TopologySpec.FatTree fat && fat.tiers() > 1
                || topology instanceof TopologySpec.RailOptimized);
        TierLayout layout = tree ? ClusterTopologies.layout(cluster, cluster.node()) : null;
        int planes = tree ? ClusterTopologies.structure(topology).planes() : 1;
        double panel = tree ? 50 + layout.tiers().size() * ROW + 70 : 80;
        int shownPlanes = Math.min(planes, PLANES);
        double bandTop = 50 + shownPlanes * (panel + 20) + (planes > shownPlanes ? 20 : 0);
        double height = 60 + shownPlanes * (panel + 20) + 50
                + (cluster.dataCentre() == null ? 0 : (planes > shownPlanes ? 20 : 0) + BAND);
        svg.open("svg", String.format(Locale.ROOT, "xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
                + " viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\"", WIDTH, height, WIDTH, height));
        svg.raw("<style>.link{stroke:#9aa5b1;stroke-width:1}.pod-frame{fill:none;stroke:#555;stroke-dasharray:4 3}"
                + ".plane-frame{fill:#fafbfc;stroke:#ccd}.title{font-size:16px;font-weight:bold}"
                + ".oversubscription{font-weight:bold;fill:#b03030}</style>");
        svg.rect("background", 0, 0, WIDTH, height, "#ffffff", "");
        svg.text("title", 10, 24, name(cluster.name()) + ": " + cluster.accelerators() + " accelerators, "
                + cluster.nodes() + " nodes of " + cluster.acceleratorsPerNode()
                + (scaleOut == null ? "" : ", " + name(scaleOut.fabric().name()) + " " + kind(topology)));
        if (!tree) {
            svg.rect("fabric-summary", 10, 50, WIDTH - 20, 60, "#eef3f8", "");
            svg.text("fabric-summary-text", 20, 85, scaleOut == null ? "one scale-up domain, no scale-out network"
                    : kind(topology) + " (drawn as a summary: only fat-trees and rail-optimized networks are drawn"
                            + " tier by tier)");
        } else {
            for (int p = 0; p < shownPlanes; p++) {
                plane(svg, cluster, layout, p, planes, 50 + p * (panel + 20), panel);
            }
            if (planes > shownPlanes) {
                svg.text("more", 10, 50 + shownPlanes * (panel + 20), "+" + (planes - shownPlanes)
                        + " more planes, each the same");
            }
            legend(svg, layout.rails(), height - 25);
        }
        if (cluster.dataCentre() != null) {
            dataCentre(svg, cluster, bandTop);
        }
        return svg.close("svg").toString();
    }

    /**
     * The data-centre network as one more tier below the scale-out planes, labelled like the others:
     * its fabric and shape, and every accelerator's NIC into it.
     */
    private static void dataCentre(Svg svg, ClusterSpec cluster, double top) {
        ScaleOutSpec network = cluster.dataCentre().network();
        svg.open("g", "class=\"tier\" data-role=\"data-centre\"");
        svg.rect("data-centre", 5, top, WIDTH - 10, BAND - 20, "#f3f0fa", "");
        svg.text("tier-label", 12, top + 22, "data-centre network: " + name(network.fabric().name()) + " "
                + kind(network.topology()));
        svg.text("tier-links", 12, top + 38, cluster.accelerators() + " × "
                + gbps(cluster.dataCentre().nicBytesPerSecond()) + " NICs, one per accelerator, joining the pods");
        svg.close("g");
    }

    private static void plane(Svg svg, ClusterSpec cluster, TierLayout layout, int plane, int planes, double top,
            double height) {
        svg.open("g", "class=\"plane\" data-plane=\"" + (plane + 1) + "\"");
        svg.rect("plane-frame", 5, top, WIDTH - 10, height, "#fafbfc", "");
        svg.text("plane-label", 12, top + 18, planes > 1 ? "plane " + (plane + 1) + " of " + planes
                + ": one port of every NIC" : "scale-out network");
        List<TierLayout.Tier> tiers = layout.tiers();
        int pods = layout.pods();
        int shownPods = Math.min(pods, PODS);
        double right = WIDTH - (pods > shownPods ? 120 : 20);
        double podWidth = (right - LEFT) / shownPods;
        double[][] above = null;
        for (int t = tiers.size() - 1; t >= 0; t--) {
            TierLayout.Tier tier = tiers.get(t);
            double y = top + 40 + (tiers.size() - 1 - t) * ROW;
            svg.open("g", "class=\"tier\" data-role=\"" + tier.role() + "\" data-switches=\"" + tier.switches() + "\"");
            label(svg, cluster, tier, 12, y);
            boolean inPods = pods > 1 && t < 2;
            int groups = inPods ? shownPods : 1;
            int perGroup = inPods ? tier.switches() / pods : tier.switches();
            double[][] centres = new double[groups][];
            for (int g = 0; g < groups; g++) {
                double x0 = inPods ? LEFT + g * podWidth + 10 : LEFT;
                double x1 = inPods ? x0 + podWidth - 20 : right;
                centres[g] = row(svg, tier.role(), perGroup, x0, x1, y, t == 0 ? layout.rails() : 1);
            }
            svg.close("g");
            if (above != null) {
                links(svg, above, centres, y);
            }
            above = centres;
        }
        if (pods > 1) {
            for (int q = 0; q < shownPods; q++) {
                svg.open("g", "class=\"pod\" data-pod=\"" + (q + 1) + "\"");
                double y = top + 40 + (tiers.size() - 2) * ROW - POD_TOP;
                svg.rect("pod-frame", LEFT + q * podWidth + 4, y, podWidth - 8, ROW + POD_TOP + 26, "none", "");
                svg.text("pod-label", LEFT + q * podWidth + 8, y + 12, "pod " + (q + 1) + " of " + pods + ": "
                        + cluster.accelerators() / pods + " accelerators");
                svg.close("g");
            }
            if (pods > shownPods) {
                svg.text("more", right + 10, top + 40 + (tiers.size() - 1) * ROW, "+" + (pods - shownPods) + " pods");
            }
        }
        nodes(svg, cluster, layout.rails(), top + 40 + tiers.size() * ROW, right);
        svg.close("g");
    }

    /**
     * Draws up to {@value #DRAWN} switches evenly in [x0, x1], returns their centres; a larger row's count goes under
     * it, ending at x1, as the node row's ends at its last node (until session 72 both began near the right edge and
     * ran past the plane's frame, the node row's past the picture's: ×48 spines and ×32 nodes at 1400 px).
     */
    private static double[] row(Svg svg, String role, int count, double x0, double x1, double y, int rails) {
        int shown = Math.min(count, DRAWN);
        double step = (x1 - x0) / Math.max(1, shown);
        double[] centres = new double[shown];
        for (int i = 0; i < shown; i++) {
            int index = (int) ((long) i * count / shown);
            int rail = rails > 1 ? index / Math.max(1, count / rails) : 0;
            centres[i] = x0 + step * (i + 0.5);
            svg.rect("switch " + role, centres[i] - BOX / 2, y - BOX / 2, BOX, BOX,
                    rails > 1 ? RAILS[rail % RAILS.length] : "#4a5568", role + " " + (index + 1)
                            + (rails > 1 ? ", rail " + (rail + 1) : ""));
        }
        if (count > shown) {
            svg.textEndingAt("count", x1, y + BOX + 10, "×" + count);
        }
        return centres;
    }

    /**
     * Lines from every drawn switch of a group in the row at {@code lowerY} to every drawn switch of
     * the same group in the row above; above pods, one line from each drawn core to each pod (a core
     * has one link to each pod, to the spine of its plane).
     */
    private static void links(Svg svg, double[][] upper, double[][] lower, double lowerY) {
        boolean overPods = upper.length == 1 && lower.length > 1;
        for (int g = 0; g < lower.length; g++) {
            double[] up = upper[Math.min(g, upper.length - 1)];
            double[] froms = overPods ? new double[] {(lower[g][0] + lower[g][lower[g].length - 1]) / 2} : lower[g];
            double fromY = overPods ? lowerY - POD_TOP : lowerY - BOX / 2;
            for (double from : froms) {
                for (double to : up) {
                    svg.line(from, fromY, to, lowerY - ROW + BOX / 2);
                }
            }
        }
    }

    /**
     * A tier's count and switch, then its links down and up with their ratio. A mixed cluster's leaves are built per
     * node type ({@link ClusterTopologies#groupLeaf}: each group's NIC rate, and the uplinks its NICs need at the leaf
     * ratio), so its leaf tier has one such line per node type, named, in placement order (until session 69 only the
     * first group's leaf was drawn: a B200 group's 800G leaves beside H100s' read as 400G ones).
     */
    private static void label(Svg svg, ClusterSpec cluster, TierLayout.Tier tier, double x, double y) {
        String switchName = tier.switchSpec() == null ? "switches" : name(tier.switchSpec().name());
        svg.text("tier-label", x, y - 4, tier.role() + ": " + tier.switches() + " × " + switchName);
        if (!cluster.mixed() || !"leaf".equals(tier.role())) {
            links(svg, "", tier, x, y + 12);
            return;
        }
        List<NodeSpec> types = cluster.nodeGroups().stream().map(NodeGroupSpec::node).distinct().toList();
        for (int i = 0; i < types.size(); i++) {
            NodeSpec type = types.get(i);
            links(svg, name(type.name()) + ": ", ClusterTopologies.groupLeaf(cluster, type), x, y + 12 + 14 * i);
        }
    }

    /** One line of a tier's links down and up, after {@code prefix}, and its downlink:uplink ratio. */
    private static void links(Svg svg, String prefix, TierLayout.Tier tier, double x, double y) {
        svg.text("tier-links", x, y, prefix + tier.downlinks() + " × " + gbps(tier.downBytesPerSecond()) + " down"
                + (tier.uplinks() > 0 ? ", " + tier.uplinks() + " × " + gbps(tier.upBytesPerSecond()) + " up" : ""));
        if (tier.uplinks() > 0) {
            svg.text("oversubscription", x + 250, y, ratio(tier.oversubscription()));
        }
    }

    private static void nodes(Svg svg, ClusterSpec cluster, int rails, double y, double right) {
        int shown = Math.min(cluster.nodes(), DRAWN);
        double step = (right - LEFT) / shown;
        int perNode = cluster.acceleratorsPerNode();
        int drawnAccelerators = Math.min(perNode, DRAWN);
        svg.text("tier-label", 12, y, "nodes: " + cluster.nodeGroups().stream()
                .map(g -> g.nodes() + " × " + name(g.node().name())).collect(Collectors.joining(" + ")));
        svg.text("tier-links", 12, y + 16, perNode + " accelerators each");
        for (int n = 0; n < shown; n++) {
            double x = LEFT + n * step + 4;
            int index = (int) ((long) n * cluster.nodes() / shown);
            svg.rect("node", x, y - 14, step - 8, 30, "#edf2f7", "node " + (index + 1)
                    + (cluster.mixed() ? ": " + name(nodeType(cluster, index).name()) : ""));
            double cell = Math.min(12, (step - 16) / drawnAccelerators);
            for (int a = 0; a < drawnAccelerators; a++) {
                svg.rect("accelerator", x + 4 + a * cell, y - 8, cell - 2, 12,
                        rails > 1 ? RAILS[a % rails % RAILS.length] : "#2d3748", "accelerator " + (a + 1));
            }
        }
        if (cluster.nodes() > shown) {
            svg.textEndingAt("count", right - 4, y + 30, "×" + cluster.nodes());
        }
    }

    /** The node type of node {@code index}, the groups placed in written order. O(groups). */
    private static NodeSpec nodeType(ClusterSpec cluster, int index) {
        int first = 0;
        for (NodeGroupSpec group : cluster.nodeGroups()) {
            first += group.nodes();
            if (index < first) {
                return group.node();
            }
        }
        return cluster.node();
    }

    private static void legend(Svg svg, int rails, double y) {
        if (rails < 2) {
            return;
        }
        svg.text("legend", 12, y + 10, "rails (leaf and accelerator colours):");
        for (int r = 0; r < Math.min(rails, RAILS.length); r++) {
            svg.rect("rail", LEFT + r * 70, y, 12, 12, RAILS[r], "rail " + (r + 1));
            svg.text("rail-label", LEFT + r * 70 + 16, y + 10, "rail " + (r + 1));
        }
        if (rails > RAILS.length) {
            svg.text("more", LEFT + RAILS.length * 70, y + 10, "+" + (rails - RAILS.length) + " rails");
        }
    }

    private static String kind(TopologySpec topology) {
        return topology instanceof TopologySpec.FatTree tree ? tree.tiers() + "-tier fat-tree"
                : topology instanceof TopologySpec.RailOptimized rail ? rail.rails() + "-rail rail-optimized"
                : topology instanceof TopologySpec.Dragonfly fly ? "dragonfly of " + fly.groups() + " groups x "
                        + fly.routersPerGroup() + " routers"
                : topology instanceof TopologySpec.Torus torus ? (torus.open().contains(false) ? "direct torus " : "direct mesh ") + torus.dimensions().stream()
                        .map(String::valueOf).collect(Collectors.joining(" x ")) + " (routers in the accelerators, no switch)"
                : "single switch";
    }

    /** Downlink:uplink as {@code 7:1}, or {@code 1:2} below one, to three significant digits. */
    static String ratio(double ratio) {
        String value = new BigDecimal(ratio >= 1 ? ratio : 1 / ratio).round(new MathContext(3)).stripTrailingZeros()
                .toPlainString();
        return ratio >= 1 ? value + ":1" : "1:" + value;
    }

    private static String gbps(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.0fG", bytesPerSecond * 8 / 1e9);
    }

    private static String name(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
