package org.fabricsim.runtime.picture;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterDomains;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.TorusShape;
import org.fabricsim.runtime.training.Placement;

/**
 * Where a training job's TP, CP, PP and DP groups land on its cluster, as one SVG document. A table
 * gives per axis its size, its stride (accelerators between neighbours, {@link Placement}'s), and
 * what the first group spans: nodes, scale-up domains, pods, and the network its collectives run
 * on (scale-up, the scale-out fabric, a torus's dimensions, or the data-centre network across
 * pods). A grid draws the first {@value #DRAWN_NODES} nodes' first {@value #DRAWN_ACCELERATORS}
 * accelerators, coloured by pipeline stage, each TP group (its part on a node's row) framed when TP is
 * innermost, every cell
 * carrying its coordinates ({@code data-tp} …). A group of size n spans the distinct ⌊i·s ÷ u⌋ for
 * i &lt; n (stride s, unit u accelerators per node, domain or pod), counted in O(n); the document
 * is O(1) in the cluster's size, so a 16K-accelerator job is a table of counts and eight rows.
 */
public final class ParallelGroupsPicture {
    static final int DRAWN_NODES = 8;
    static final int DRAWN_ACCELERATORS = 16;
    private static final String[] STAGES = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
        "#b07aa1", "#ff9da7"};
    private static final double WIDTH = 1100;
    private static final double ROW = 22;
    private static final double CELL = 40;
    private static final double GRID_LEFT = 110;

    private ParallelGroupsPicture() {
    }

    /** The SVG document of where {@code job}'s groups of {@code parallel} land on {@code cluster}. */
    public static String render(String job, ClusterSpec cluster, ParallelismSpec parallel) {
        Placement placement = Placement.of(parallel);
        List<Axis> order = parallel.order().isEmpty() ? Placement.defaultOrder(parallel) : parallel.order();
        int perNode = cluster.acceleratorsPerNode();
        int drawnNodes = Math.min(DRAWN_NODES, cluster.nodes());
        int drawnAccelerators = Math.min(DRAWN_ACCELERATORS, perNode);
        double gridTop = 60 + (Axis.values().length + 1) * ROW + 30;
        double height = gridTop + drawnNodes * (CELL + 8) + 70;
        Svg svg = new Svg();
        svg.open("svg", String.format(Locale.ROOT, "xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
                + " viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\"", WIDTH, height, WIDTH, height));
        svg.raw("<style>.title{font-size:16px;font-weight:bold}.header{font-weight:bold}"
                + ".tp-group{fill:none;stroke:#222;stroke-width:2}.rank-label{font-size:10px;fill:#fff}</style>");
        svg.rect("background", 0, 0, WIDTH, height, "#ffffff", "");
        svg.text("title", 10, 24, name(job) + " on " + name(cluster.name()) + ": TP " + parallel.tensor() + " × CP "
                + parallel.context() + " × PP " + parallel.pipeline() + " × DP " + parallel.data()
                + (parallel.expert() > 1 ? " (EP " + parallel.expert() + ")" : "") + " = " + placement.accelerators()
                + " of " + cluster.accelerators() + " accelerators");
        svg.text("order", 10, 44, "laid out " + order.stream().map(ParallelGroupsPicture::label)
                .collect(Collectors.joining(", ")) + ", innermost first; one group of each axis:");
        String[] header = {"axis", "size", "stride", "nodes", "scale-up domains", "pods", "its collectives run on"};
        double[] columns = {10, 70, 130, 200, 270, 400, 470};
        for (int c = 0; c < header.length; c++) {
            svg.text("header", columns[c], 60 + ROW, header[c]);
        }
        int row = 2;
        for (Axis axis : order) {
            svg.open("g", "class=\"axis\" data-axis=\"" + label(axis) + "\"");
            String[] cells = cells(axis, cluster, parallel, placement);
            for (int c = 0; c < cells.length; c++) {
                svg.text("axis-cell", columns[c], 60 + row * ROW, cells[c]);
            }
            svg.close("g");
            row++;
        }
        grid(svg, cluster, placement, drawnNodes, drawnAccelerators, gridTop);
        legend(svg, parallel.pipeline(), height - 30);
        return svg.close("svg").toString();
    }

    /** The row of {@code axis}: what its first group, accelerators i·stride for i below its size, spans. */
    private static String[] cells(Axis axis, ClusterSpec cluster, ParallelismSpec parallel, Placement placement) {
        int size = placement.size(axis);
        int stride = placement.stride(axis);
        int perNode = cluster.acceleratorsPerNode();
        int domain = ClusterDomains.size(cluster);
        int pods = parallel.pods() > 1 ? parallel.pods() : podsOf(cluster);
        int nodes = spanned(size, stride, perNode);
        int domains = spanned(size, stride, domain);
        String podCell = pods > 1 ? spanned(size, stride, cluster.accelerators() / pods) + " of " + pods : "-";
        return new String[] {label(axis), String.valueOf(size), String.valueOf(stride), String.valueOf(nodes),
            String.valueOf(domains), podCell, network(axis, size, stride, domains, cluster, parallel)};
    }

    /** The network a group's collectives use, in words. */
    private static String network(Axis axis, int size, int stride, int domains, ClusterSpec cluster,
            ParallelismSpec parallel) {
        if (size == 1) {
            return "none (one rank)";
        }
        if (domains == 1 && cluster.node().scaleUp() != null) {
            return "scale-up: " + name(cluster.node().scaleUp().fabric().name());
        }
        if (cluster.scaleOut() == null) {
            return "none: the cluster has no scale-out network";
        }
        String fabric = name(cluster.scaleOut().fabric().name());
        if (axis == Axis.DATA && parallel.pods() > 1) {
            String centre = cluster.dataCentre() == null ? "" : " " + name(cluster.dataCentre().network().fabric().name());
            return fabric + " inside a pod (" + size / parallel.pods() + " ways), data-centre network" + centre
                    + " across " + parallel.pods() + " pods";
        }
        if (cluster.scaleOut().topology() instanceof TopologySpec.Torus torus) {
            return fabric + " torus " + torusDimensions(torus, size, stride);
        }
        boolean sameRail = stride % cluster.acceleratorsPerNode() == 0 && cluster.node().railAligned();
        return fabric + " scale-out" + (sameRail ? ", every member on the same rail" : "");
    }

    /** Which dimensions a group of {@code size} at {@code stride} fills, or that it fills none. */
    private static String torusDimensions(TopologySpec.Torus torus, int size, int stride) {
        TorusShape shape = new TorusShape(torus.dimensions().stream().mapToInt(Integer::intValue).toArray());
        for (int first = 0; first < shape.dimensionCount(); first++) {
            if (shape.stride(first) != stride) {
                continue;
            }
            long filled = 1;
            for (int last = first; last < shape.dimensionCount(); last++) {
                filled *= shape.size(last);
                if (filled == size) {
                    return first == last ? "dimension " + first + " (its rings)"
                            : "dimensions " + first + "-" + last + " (rings per dimension)";
                }
            }
        }
        return "(no whole dimensions: one flat ring)";
    }

    /** The distinct units ⌊i·stride ÷ unit⌋, i &lt; size: how many units a group spans. O(size). */
    static int spanned(int size, int stride, int unit) {
        int count = 0;
        long previous = -1;
        for (int i = 0; i < size; i++) {
            long at = (long) i * stride / unit;
            if (at != previous) {
                count++;
                previous = at;
            }
        }
        return count;
    }

    /** The scale-out fabric's pods (a fat-tree's or rail-optimized network's), 1 when none. */
    private static int podsOf(ClusterSpec cluster) {
        TopologySpec topology = cluster.scaleOut() == null ? null : cluster.scaleOut().topology();
        boolean tree = cluster.node().nic() != null && (topology instanceof TopologySpec.FatTree fat && fat.tiers() > 1
                || topology instanceof TopologySpec.RailOptimized);
        return tree ? ClusterTopologies.layout(cluster, cluster.node()).pods() : 1;
    }

    /**
     * The first nodes, a row each: every accelerator a cell in its pipeline stage's colour, labelled
     * with its DP rank, its coordinates in data attributes; each TP group framed when TP is innermost.
     */
    private static void grid(Svg svg, ClusterSpec cluster, Placement placement, int nodes, int accelerators,
            double top) {
        int perNode = cluster.acceleratorsPerNode();
        boolean tpInnermost = placement.stride(Axis.TENSOR) == 1 && placement.size(Axis.TENSOR) > 1;
        for (int n = 0; n < nodes; n++) {
            double y = top + n * (CELL + 8);
            svg.text("node-label", 10, y + CELL / 2 + 4, "node " + (n + 1));
            List<double[]> frames = new ArrayList<>();
            for (int a = 0; a < accelerators; a++) {
                int accelerator = n * perNode + a;
                double x = GRID_LEFT + a * (CELL + 4);
                if (accelerator >= placement.accelerators()) {
                    svg.rect("idle", x, y, CELL, CELL, "#e2e8f0", "accelerator " + accelerator + ": no rank");
                    continue;
                }
                int tp = placement.coordinate(accelerator, Axis.TENSOR);
                int cp = placement.coordinate(accelerator, Axis.CONTEXT);
                int pp = placement.coordinate(accelerator, Axis.PIPELINE);
                int dp = placement.coordinate(accelerator, Axis.DATA);
                svg.dataRect("rank", x, y, CELL, CELL, STAGES[pp % STAGES.length], String.format(Locale.ROOT,
                        "accelerator %d: TP %d, CP %d, PP stage %d, DP rank %d", accelerator, tp, cp, pp, dp),
                        String.format(Locale.ROOT, "data-tp=\"%d\" data-cp=\"%d\" data-pp=\"%d\" data-dp=\"%d\"", tp, cp,
                                pp, dp));
                svg.text("rank-label", x + 3, y + 14, "tp" + tp);
                svg.text("rank-label", x + 3, y + 30, "dp" + dp);
                if (tpInnermost && (tp == 0 || a == 0)) { // a group, or its part on this row
                    int members = Math.min(placement.size(Axis.TENSOR) - tp, accelerators - a);
                    frames.add(new double[] {x - 1.5, y - 1.5, members * (CELL + 4) - 1, CELL + 3});
                }
            }
            for (double[] frame : frames) {
                svg.rect("tp-group", frame[0], frame[1], frame[2], frame[3], "none", "");
            }
        }
        if (cluster.nodes() > nodes || perNode > accelerators) {
            svg.text("count", GRID_LEFT, top + nodes * (CELL + 8) + 12, "first " + nodes + " of " + cluster.nodes()
                    + " nodes and " + accelerators + " of " + perNode + " accelerators each drawn");
        }
    }

    private static void legend(Svg svg, int stages, double y) {
        svg.text("legend", 10, y + 10, "pipeline stages:");
        int shown = Math.min(stages, STAGES.length);
        for (int s = 0; s < shown; s++) {
            svg.rect("stage", GRID_LEFT + s * 80, y, 12, 12, STAGES[s], "stage " + s);
            svg.text("stage-label", GRID_LEFT + s * 80 + 16, y + 10, "stage " + s);
        }
        if (stages > shown) {
            svg.text("more", GRID_LEFT + shown * 80, y + 10, "colours repeat every " + STAGES.length + " of "
                    + stages + " stages");
        }
    }

    private static String label(Axis axis) {
        return switch (axis) {
            case TENSOR -> "TP";
            case CONTEXT -> "CP";
            case PIPELINE -> "PP";
            case DATA -> "DP";
        };
    }

    private static String name(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
