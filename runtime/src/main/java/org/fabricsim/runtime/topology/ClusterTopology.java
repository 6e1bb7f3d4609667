package org.fabricsim.runtime.topology;

import java.util.Arrays;

import org.fabricsim.runtime.sim.Keywords;

/**
 * A built cluster: the {@link Graph}, the scale-up domains and the scale-out fabric, with routing
 * by arithmetic.
 *
 * <p>Link layout: for a switched domain, accelerator e's link to its domain switch is {@code
 * scaleUpFirst + 2e} and the way back {@code + 1}; for a full mesh, i → j in domain D is {@code
 * scaleUpFirst + (D·k + i)·(k − 1) + (j &lt; i ? j : j − 1)}; accelerator e's NIC uplink is {@code
 * nicFirst + 2e}, its NIC downlink {@code + 1}.
 *
 * <p>Routing between accelerators of one domain stays in the domain's built links; any other pair
 * (and any pair of a domain found in a whole-graph fabric, {@link ScaleUpParameters.Kind#IN_GRAPH}) goes NIC →
 * scale-out fabric → NIC, or on a direct torus from accelerator to accelerator over torus links. Cost O(hops) per route, O(1) memory per route.
 *
 * <p>Several networks: a cluster may have a data-centre network beside its scale-out fabric ({@link
 * DataCentreParameters}), with its own switches and a NIC link per accelerator at {@code
 * dataCentreNicFirst + 2e} (and {@code + 1} back), built after the scale-out fabric in the same
 * graph. {@link #onDataCentre} is the same cluster seen through that network: the same graph and
 * link handles, routes across scale-up domains over the data-centre network instead, so a collective
 * placed on it runs on it and its traffic lands on its links.
 *
 * <p>Failures: {@link #withoutCable} and {@link #withoutSwitch} give the same cluster with one
 * re-routable part of the scale-out fabric failed ({@link ScaleOutFabric#reroutableLinks}); the
 * graph keeps every link (a failed one carries nothing) so link handles stay valid.
 */
public final class ClusterTopology {
    private final Graph graph;
    private final int accelerators;
    private final ScaleUpParameters scaleUp;
    private final int domainSize;
    private final int firstDomainSwitch;
    private final int scaleUpFirst;
    private final int nicFirst;
    private final ScaleOutFabric scaleOut;
    private final ScaleOutFabric dataCentre;
    private final int dataCentreNicFirst;
    private final String description;
    private final AggregationResources aggregation;

    private ClusterTopology(ClusterParameters parameters) {
        GraphBuilder builder = new GraphBuilder();
        this.accelerators = parameters.accelerators();
        this.scaleUp = parameters.scaleUp();
        this.domainSize = scaleUp.domainSize();
        builder.addNodes(Graph.ACCELERATOR, accelerators, false);
        int domains = accelerators / domainSize;
        if (scaleUp.kind() == ScaleUpParameters.Kind.SWITCHED) {
            firstDomainSwitch = builder.addNodes(Graph.SWITCH, domains, scaleUp.inSwitchReduction());
            scaleUpFirst = builder.linkCount();
            for (int e = 0; e < accelerators; e++) {
                builder.addLink(e, firstDomainSwitch + e / domainSize, scaleUp.link());
                builder.addLink(firstDomainSwitch + e / domainSize, e, scaleUp.link());
            }
        } else if (scaleUp.kind() == ScaleUpParameters.Kind.FULL_MESH) {
            firstDomainSwitch = -1;
            scaleUpFirst = builder.linkCount();
            for (int e = 0; e < accelerators; e++) {
                int base = e - e % domainSize;
                for (int j = 0; j < domainSize; j++) {
                    if (base + j != e) {
                        builder.addLink(e, base + j, scaleUp.link());
                    }
                }
            }
        } else {
            firstDomainSwitch = -1;
            scaleUpFirst = -1;
        }
        if (parameters.scaleOut() != null && parameters.scaleOut().direct()) {
            scaleOut = parameters.scaleOut().build(builder, accelerators, 0);
            nicFirst = -1;
        } else if (parameters.scaleOut() != null) {
            LinkClass nic = parameters.nicLink();
            scaleOut = parameters.scaleOut().build(builder, accelerators, nic.bytesPerSecond());
            nicFirst = builder.linkCount();
            for (int e = 0; e < accelerators; e++) {
                builder.addLink(e, scaleOut.attachNode(e), nic);
                builder.addLink(scaleOut.attachNode(e), e, nic);
            }
        } else {
            scaleOut = null;
            nicFirst = -1;
        }
        if (parameters.dataCentre() != null) {
            LinkClass nic = parameters.dataCentre().nicLink();
            dataCentre = parameters.dataCentre().fabric().build(builder, accelerators, nic.bytesPerSecond());
            dataCentreNicFirst = builder.linkCount();
            for (int e = 0; e < accelerators; e++) {
                builder.addLink(e, dataCentre.attachNode(e), nic);
                builder.addLink(dataCentre.attachNode(e), e, nic);
            }
        } else {
            dataCentre = null;
            dataCentreNicFirst = -1;
        }
        this.graph = builder.build();
        this.aggregation = null;
        this.description = accelerators + " accelerators, scale-up " + Keywords.of(scaleUp.kind())
                + (domainSize > 1 ? " x" + domainSize : "") + (scaleOut == null ? "" : ", " + scaleOut.describe())
                + (dataCentre == null ? "" : ", data-centre network " + dataCentre.describe());
    }

    private ClusterTopology(ClusterTopology intact, Graph graph, ScaleOutFabric scaleOut) {
        this(intact, graph, scaleOut, intact.aggregation);
    }

    private ClusterTopology(ClusterTopology intact, Graph graph, ScaleOutFabric scaleOut,
            AggregationResources aggregation) {
        this(intact, graph, scaleOut, intact.nicFirst, aggregation);
    }

    private ClusterTopology(ClusterTopology intact, Graph graph, ScaleOutFabric scaleOut, int nicFirst,
            AggregationResources aggregation) {
        this.graph = graph;
        this.accelerators = intact.accelerators;
        this.scaleUp = intact.scaleUp;
        this.domainSize = intact.domainSize;
        this.firstDomainSwitch = intact.firstDomainSwitch;
        this.scaleUpFirst = intact.scaleUpFirst;
        this.nicFirst = nicFirst;
        this.scaleOut = scaleOut;
        this.dataCentre = intact.dataCentre;
        this.dataCentreNicFirst = intact.dataCentreNicFirst;
        this.description = intact.description;
        this.aggregation = aggregation;
    }

    /** Builds the cluster. Cost O(nodes + links). */
    public static ClusterTopology build(ClusterParameters parameters) {
        return new ClusterTopology(parameters);
    }

    public Graph graph() {
        return graph;
    }

    public int accelerators() {
        return accelerators;
    }

    public int domainSize() {
        return domainSize;
    }

    /** Share of the scale-up link rate in-switch reduction traffic achieves. */
    public double inSwitchEfficiency() {
        return scaleUp.inSwitchEfficiency();
    }

    public ScaleUpParameters.Kind scaleUpKind() {
        return scaleUp.kind();
    }

    public boolean hasScaleOut() {
        return scaleOut != null;
    }

    /** Whether accelerators reach the scale-out fabric through NIC links (false on a direct torus). */
    public boolean hasNics() {
        return nicFirst >= 0;
    }

    /** The shape of the direct torus the accelerators form; null on any other cluster. */
    public TorusShape torusShape() {
        return scaleOut == null ? null : scaleOut.torusShape();
    }

    public boolean sameDomain(int a, int b) {
        return a / domainSize == b / domainSize;
    }

    /**
     * This cluster with switches of its scale-out fabric that reduce in the network (SHARP) with
     * {@code resources} ({@link AggregationTrees}). O(1).
     */
    public ClusterTopology withAggregation(AggregationResources resources) {
        if (scaleOut == null) {
            throw new IllegalArgumentException("in-network reduction across nodes needs a scale-out fabric");
        }
        return new ClusterTopology(this, graph, scaleOut, resources);
    }

    /** This cluster with scale-out switches that do not reduce in the network. O(1). */
    public ClusterTopology withoutAggregation() {
        return new ClusterTopology(this, graph, scaleOut, null);
    }

    /** Whether the scale-out fabric's switches reduce in the network (SHARP). */
    public boolean scaleOutReduces() {
        return aggregation != null;
    }

    /** The scale-out switches' aggregation resources, or null when they do not reduce. */
    public AggregationResources aggregationResources() {
        return aggregation;
    }

    /** Whether the cluster has a data-centre network beside its scale-out fabric. */
    public boolean hasDataCentre() {
        return dataCentre != null;
    }

    /**
     * This cluster seen through its data-centre network: traffic between scale-up domains leaves by
     * the accelerators' data-centre NICs and crosses that network; the graph, its link handles and the
     * scale-up domains are the same, without in-network reduction. O(1).
     *
     * @throws IllegalStateException when the cluster has no data-centre network
     */
    public ClusterTopology onDataCentre() {
        if (dataCentre == null) {
            throw new IllegalStateException("the cluster has no data-centre network");
        }
        return new ClusterTopology(this, graph, dataCentre, dataCentreNicFirst, null);
    }

    /** Whether {@code node} is a scale-up domain switch. */
    public boolean isDomainSwitch(int node) {
        return firstDomainSwitch >= 0 && node >= firstDomainSwitch
                && node < firstDomainSwitch + accelerators / domainSize;
    }

    /**
     * This cluster with every link's rate multiplied by its factor in {@code factorPerLink} (the
     * capacity another job leaves; {@code org.fabricsim.runtime.sharing}). O(links).
     */
    public ClusterTopology withLinkRateFactors(double[] factorPerLink) {
        return new ClusterTopology(this, graph.withScaledRates(factorPerLink), scaleOut);
    }

    /** Whether the domain switch of {@code accelerator} reduces in the switch. */
    public boolean domainReduces(int accelerator) {
        return firstDomainSwitch >= 0 && graph.reducesInSwitch(firstDomainSwitch + accelerator / domainSize);
    }

    /** The link from a switched-domain accelerator to its domain switch. */
    public int scaleUpUplink(int accelerator) {
        return scaleUpFirst + 2 * accelerator;
    }

    /** The link from the domain switch to a switched-domain accelerator. */
    public int scaleUpDownlink(int accelerator) {
        return scaleUpFirst + 2 * accelerator + 1;
    }

    /** The NIC uplink of an accelerator (only when {@link #hasNics}). */
    public int nicUplink(int accelerator) {
        return nicFirst + 2 * accelerator;
    }

    /** The NIC downlink of an accelerator. */
    public int nicDownlink(int accelerator) {
        return nicFirst + 2 * accelerator + 1;
    }

    /** The most links {@link #route} writes. */
    public int maxRouteLinks() {
        return Math.max(2, scaleOut == null ? 2 : scaleOut.maxRouteLinks() + 2);
    }

    /**
     * Writes the links of a route from accelerator {@code src} to {@code dst} into {@code out} from
     * index 0 and returns how many were written (0 when src = dst).
     */
    public int route(int src, int dst, PathChoice choice, int[] out) {
        if (src == dst) {
            return 0;
        }
        if (sameDomain(src, dst) && scaleUp.buildsLinks()) {
            if (scaleUp.kind() == ScaleUpParameters.Kind.SWITCHED) {
                out[0] = scaleUpUplink(src);
                out[1] = scaleUpDownlink(dst);
                return 2;
            }
            int i = src % domainSize;
            int j = dst % domainSize;
            out[0] = scaleUpFirst + src * (domainSize - 1) + (j < i ? j : j - 1);
            return 1;
        }
        if (scaleOut == null) {
            throw new IllegalStateException("no scale-out fabric between " + src + " and " + dst);
        }
        if (!hasNics()) {
            return scaleOut.route(src, dst, choice, out, 0);
        }
        out[0] = nicUplink(src);
        int at = scaleOut.route(src, dst, choice, out, 1);
        out[at++] = nicDownlink(dst);
        return at;
    }

    /** The number of distinct minimal routes from {@code src} to {@code dst}. */
    public int minimalRouteCount(int src, int dst) {
        if (src == dst || sameDomain(src, dst) && scaleUp.buildsLinks()) {
            return 1;
        }
        return scaleOut.minimalRouteCount(src, dst);
    }

    /**
     * Whether a flow sprayed evenly over all its minimal routes is one path of link groups ({@link
     * #sprayRoute}): true without a scale-out fabric or on one whose groups spraying loads evenly.
     */
    public boolean spraysOverGroups() {
        return scaleOut == null || scaleOut.spraysOverGroups();
    }

    /**
     * Writes the sprayed route from {@code src} to {@code dst}: inside a domain the one route; across
     * the fabric NIC uplink, one link group per fabric hop ({@link Graph}), NIC downlink. Needs
     * {@link #spraysOverGroups}. O(hops).
     *
     * @return the number of links written
     */
    public int sprayRoute(int src, int dst, int[] out) {
        if (src == dst || sameDomain(src, dst) && scaleUp.buildsLinks()) {
            return route(src, dst, (hop, firstLink, stride, candidates) -> 0, out);
        }
        out[0] = nicUplink(src);
        int at = scaleOut.sprayRoute(src, dst, graph.linkCount(), out, 1);
        out[at++] = nicDownlink(dst);
        return at;
    }

    /** Sum of the latencies of {@code count} links of {@code path}. */
    public long pathLatencyPs(int[] path, int count) {
        long latencyPs = 0;
        for (int i = 0; i < count; i++) {
            latencyPs += graph.linkLatencyPs(path[i]);
        }
        return latencyPs;
    }

    /** Cables of the scale-out fabric whose failure it routes around (0 without a scale-out fabric). */
    public int reroutableLinks() {
        return scaleOut == null ? 0 : scaleOut.reroutableLinks();
    }

    /** Switches of the scale-out fabric whose failure it routes around (0 without a scale-out fabric). */
    public int reroutableSwitches() {
        return scaleOut == null ? 0 : scaleOut.reroutableSwitches();
    }

    /**
     * This cluster with one re-routable cable failed, both its directions: the one the traffic
     * of accelerator 0 can take ({@link ScaleOutFabric#reroutableCable}). Needs {@link
     * #reroutableLinks} &gt; 0. O(links).
     */
    public ClusterTopology withoutCable() {
        boolean[] down = new boolean[graph.linkCount()];
        for (int link : scaleOut.reroutableCable(0)) {
            down[link] = true;
        }
        return new ClusterTopology(this, graph, scaleOut.without(down));
    }

    /**
     * This cluster with one re-routable switch failed, every link into and out of it: one that
     * carries the traffic of accelerator 0 ({@link ScaleOutFabric#reroutableSwitch}). Needs
     * {@link #reroutableSwitches} &gt; 0. O(links).
     */
    public ClusterTopology withoutSwitch() {
        int failed = scaleOut.reroutableSwitch(0);
        boolean[] down = new boolean[graph.linkCount()];
        for (int link = 0; link < down.length; link++) {
            down[link] = graph.linkFrom(link) == failed || graph.linkTo(link) == failed;
        }
        return new ClusterTopology(this, graph, scaleOut.without(down));
    }

    /**
     * This cluster with the cable of {@code accelerator} running at {@code speed} of its rate, both
     * directions: its NIC cable, or without NICs its scale-up and torus links (a straggling
     * link: a cable trained down to a lower rate, a flapping port). O(links).
     */
    public ClusterTopology withSlowLink(int accelerator, double speed) {
        int[] links = hasNics() ? new int[] {nicUplink(accelerator), nicDownlink(accelerator)}
                : linksOf(accelerator);
        return new ClusterTopology(this, graph.withScaledRates(links, speed), scaleOut);
    }

    /**
     * This cluster with the scale-up links out of and into accelerator e, and its NIC cable, at
     * {@code scaleUpFactor[e]} and {@code nicFactor[e]} of their built rates: accelerators of another
     * node type than the one built (a mixed cluster). O(accelerators · domain size).
     */
    public ClusterTopology withAcceleratorLinkFactors(double[] scaleUpFactor, double[] nicFactor) {
        double[] factors = new double[graph.linkCount()];
        Arrays.fill(factors, 1.0);
        for (int e = 0; e < accelerators; e++) {
            if (scaleUp.kind() == ScaleUpParameters.Kind.SWITCHED) {
                factors[scaleUpUplink(e)] = scaleUpFactor[e];
                factors[scaleUpDownlink(e)] = scaleUpFactor[e];
            } else if (scaleUp.kind() == ScaleUpParameters.Kind.FULL_MESH) {
                for (int j = 0; j < domainSize - 1; j++) {
                    factors[scaleUpFirst + e * (domainSize - 1) + j] = scaleUpFactor[e];
                }
            }
            if (hasNics()) {
                factors[nicUplink(e)] = nicFactor[e];
                factors[nicDownlink(e)] = nicFactor[e];
            }
        }
        return new ClusterTopology(this, graph.withScaledRates(factors), scaleOut);
    }

    /** The links out of and into {@code accelerator}. */
    private int[] linksOf(int accelerator) {
        int[] links = new int[graph.linkCount()];
        int count = 0;
        for (int link = 0; link < links.length; link++) {
            if (graph.linkFrom(link) == accelerator || graph.linkTo(link) == accelerator) {
                links[count++] = link;
            }
        }
        return Arrays.copyOf(links, count);
    }

    /** A one-line description of the shape. */
    public String describe() {
        return description;
    }
}
