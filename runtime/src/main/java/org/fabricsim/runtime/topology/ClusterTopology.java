package org.fabricsim.runtime.topology;

/**
 * A built cluster: the {@link Graph}, the scale-up domains and the scale-out fabric, with routing
 * by arithmetic.
 *
 * <p>Building lays the graph down ({@link ClusterLayout}, which states the link layout); this class
 * answers queries on it and gives the same cluster with parts failed, slowed ({@link DegradedTopologies}) or
 * seen through another network.
 *
 * <p>Routing ({@link ClusterRoutes}) between accelerators of one domain stays in the domain's built links; any other
 * pair goes NIC → scale-out fabric → NIC, or on a direct fabric (a torus) from accelerator to accelerator.
 *
 * <p>Several networks: a data-centre network beside the scale-out fabric ({@link DataCentreParameters})
 * is built in the same graph; {@link #onDataCentre} is the same cluster routed across scale-up domains
 * over it, so a collective placed on it runs on it and its traffic lands on its links.
 * A failed part keeps its links in the graph (they carry nothing), so link handles stay valid.
 */
public final class ClusterTopology {
    private final ClusterLayout layout;
    private final Graph graph;
    private final int accelerators;
    private final ScaleUpParameters scaleUp;
    private final int domainSize;
    private final int nicFirst;
    private final ScaleOutFabric scaleOut;
    private final AggregationResources aggregation;
    /** Per node, the shared buffer its switch states, bytes; 0 where none is stated ({@link StatedSwitches}). */
    private final double[] switchBufferBytes;
    private final ClusterRoutes routes;

    /** The cluster {@code layout} built, with {@code graph}'s rates, routed across domains over {@code scaleOut}. */
    private ClusterTopology(ClusterLayout layout, Graph graph, ScaleOutFabric scaleOut, int nicFirst,
            AggregationResources aggregation, double[] switchBufferBytes) {
        this.layout = layout;
        this.graph = graph;
        this.accelerators = layout.accelerators();
        this.scaleUp = layout.scaleUp();
        this.domainSize = scaleUp.domainSize();
        this.nicFirst = nicFirst;
        this.scaleOut = scaleOut;
        this.aggregation = aggregation;
        this.switchBufferBytes = switchBufferBytes;
        this.routes = new ClusterRoutes(this, layout, scaleOut);
    }

    /** This cluster with {@code graph} (its links at other rates) routed over {@code scaleOut}. */
    ClusterTopology with(Graph graph, ScaleOutFabric scaleOut) {
        return new ClusterTopology(layout, graph, scaleOut, nicFirst, aggregation, switchBufferBytes);
    }

    /** Builds the cluster. Cost O(nodes + links). */
    public static ClusterTopology build(ClusterParameters parameters) {
        return build(parameters, new GraphBuilder());
    }

    /** Builds the cluster into {@code builder}, a new one (sized for its graph: {@link ClusterTopologies}). */
    static ClusterTopology build(ClusterParameters parameters, GraphBuilder builder) {
        ClusterLayout layout = ClusterLayout.build(parameters, builder);
        return new ClusterTopology(layout, layout.graph(), layout.scaleOut(), layout.nicFirst(), null, null);
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

    /**
     * The scale-up link class at its derated rate ({@link ScaleUpParameters#link}: per ordered pair on a full mesh,
     * per accelerator and direction on a switched domain); null without a scale-up domain.
     */
    public LinkClass scaleUpLink() {
        return scaleUp.link();
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
        return new ClusterTopology(layout, graph, scaleOut, nicFirst, resources, switchBufferBytes);
    }

    /** This cluster with scale-out switches that do not reduce in the network. O(1). */
    public ClusterTopology withoutAggregation() {
        return new ClusterTopology(layout, graph, scaleOut, nicFirst, null, switchBufferBytes);
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
        return layout.dataCentre() != null;
    }

    /**
     * This cluster seen through its data-centre network: traffic between scale-up domains leaves by
     * the accelerators' data-centre NICs and crosses that network; the graph, its link handles and the
     * scale-up domains are the same, without in-network reduction. O(1).
     *
     * @throws IllegalStateException when the cluster has no data-centre network
     */
    public ClusterTopology onDataCentre() {
        if (layout.dataCentre() == null) {
            throw new IllegalStateException("the cluster has no data-centre network");
        }
        return new ClusterTopology(layout, graph, layout.dataCentre(), layout.dataCentreNicFirst(), null,
                switchBufferBytes);
    }

    /** This cluster with {@code addedPerNodePs[node]} on every link {@code node} sends on ({@link StatedSwitches}). */
    ClusterTopology withSenderLatencies(long[] addedPerNodePs) {
        return with(graph.withSenderLatencies(addedPerNodePs), scaleOut);
    }

    /** This cluster with {@code bytesPerNode} the shared buffer each switch states (0: none stated). O(1). */
    public ClusterTopology withSwitchBuffers(double[] bytesPerNode) {
        return new ClusterTopology(layout, graph, scaleOut, nicFirst, aggregation, bytesPerNode);
    }

    /** The shared buffer {@code node}'s switch states, bytes; 0 where it states none (or is no switch). */
    public double switchBufferBytes(int node) {
        return switchBufferBytes == null ? 0 : switchBufferBytes[node];
    }

    /** Whether {@code node} is a scale-up domain switch. */
    public boolean isDomainSwitch(int node) {
        int first = layout.firstDomainSwitch();
        return first >= 0 && node >= first && node < first + accelerators / domainSize;
    }

    /**
     * This cluster with every link's rate multiplied by its factor in {@code factorPerLink} (the
     * capacity another job leaves; {@code org.fabricsim.runtime.sharing}). O(links).
     */
    public ClusterTopology withLinkRateFactors(double[] factorPerLink) {
        return with(graph.withScaledRates(factorPerLink), scaleOut);
    }

    /** Whether the domain switch of {@code accelerator} reduces in the switch. */
    public boolean domainReduces(int accelerator) {
        int first = layout.firstDomainSwitch();
        return first >= 0 && graph.reducesInSwitch(first + accelerator / domainSize);
    }

    /** The link from a switched-domain accelerator to its domain switch. */
    public int scaleUpUplink(int accelerator) {
        return layout.scaleUpFirst() + 2 * accelerator;
    }

    /** The link from the domain switch to a switched-domain accelerator. */
    public int scaleUpDownlink(int accelerator) {
        return layout.scaleUpFirst() + 2 * accelerator + 1;
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
        return routes.maxRouteLinks();
    }

    /** Writes the links of a route from {@code src} to {@code dst} into {@code out}: {@link ClusterRoutes#route}. */
    public int route(int src, int dst, PathChoice choice, int[] out) {
        return routes.route(src, dst, choice, out);
    }

    /** The number of distinct minimal routes from {@code src} to {@code dst}. */
    public int minimalRouteCount(int src, int dst) {
        return routes.minimalRouteCount(src, dst);
    }

    /** NIC ports a flow src → dst spreads over evenly ({@link #groupRoute}): a multi-plane fabric's P, else 1. */
    public int nicPorts(int src, int dst) {
        return routes.nicPorts(src, dst);
    }

    /** Whether a flow sprayed over all its minimal routes is one path of link groups ({@link #groupRoute}). */
    public boolean spraysOverGroups() {
        return routes.spraysOverGroups();
    }

    /** Writes the route of a flow spread evenly over parallel links: {@link ClusterRoutes#groupRoute}. */
    public int groupRoute(int src, int dst, PathChoice choice, boolean sprayed, int[] out) {
        return routes.groupRoute(src, dst, choice, sprayed, out);
    }

    /** Sum of the latencies of {@code count} links of {@code path}. */
    public long pathLatencyPs(int[] path, int count) {
        return graph.pathLatencyPs(path, count);
    }

    /** The scale-out fabric, or null without one. */
    ScaleOutFabric scaleOutFabric() {
        return scaleOut;
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
     * This cluster with accelerator e's scale-up links, NIC cable and leaf uplinks at {@code scaleUpFactor[e]}, {@code
     * nicFactor[e]} and {@code leafUplinkFactor[e]} of their built rates, its NIC cable {@code nicAddedPs[e]} slower:
     * another node type than built (a mixed cluster). Cost: {@link PartLinks#acceleratorFactors}'s.
     */
    public ClusterTopology withAcceleratorLinks(double[] scaleUpFactor, double[] nicFactor, double[] leafUplinkFactor,
            long[] nicAddedPs) {
        double[] factors = PartLinks.acceleratorFactors(this, layout, scaleUpFactor, nicFactor, leafUplinkFactor);
        return with(graph.withScaledRates(factors).withAddedLatencies(PartLinks.nicLatencies(this, nicAddedPs)),
                scaleOut);
    }

    /** A one-line description of the shape. */
    public String describe() {
        return layout.description();
    }
}
