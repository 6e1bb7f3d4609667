package org.fabricsim.runtime.topology;

import java.util.List;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.routing.RoutingMode;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * The engine topology of a {@link ClusterSpec}, with links derated by a {@link Calibration} (the
 * default profile's unless given; {@link CalibratedLinks}): scale-up per accelerator at the part's measured {@code
 * scaleUpEfficiency}, or the NVLink efficiency when it has none; NICs and fabric links at the NIC
 * efficiency (the scale-out fabric's own {@code efficiency} when it states one); in-switch reduction
 * at the NVLS efficiency.
 *
 * <p>Fat-trees and rail-optimized fabrics ({@link TreeSpecs}): a switch of radix R with leaf ratio o₁ serves
 * ⌊R·o₁/((1+o₁)·c)⌋ NIC ports, c the switch ports the fastest group's NIC port takes by breakout (R/2 when
 * non-blocking and matched; {@link TierLayout}); a pod has R/2 leaves. Ratios are per switch
 * tier, leaf first; the top tier has no uplinks, so a ratio stated for it applies to the links
 * into it (the largest of the two top ratios is used). Dragonflies attach ⌈accelerators ÷
 * routers⌉ NIC ports to each router, in order; every fabric link runs at the fabric's rate; a
 * dragonfly routes minimally, or through a random intermediate group with {@code routing valiant}.
 * A torus is direct: the accelerators are its routers, each dimension's links at its stated rate
 * (the fabric's when not stated), routed in dimension order; its nodes need no NIC. Cost O(1) plus
 * the topology build.
 */
public final class ClusterTopologies {
    /** Radix assumed when the fabric names no switch: 64 ports, as the catalog's 400G switches (QM9700). */
    static final int DEFAULT_RADIX = 64;
    /** An HDR InfiniBand port, 200 Gb/s: the fastest whose switches (Quantum) run SHARPv2. */
    private static final double HDR_PORT_BYTES_PER_SECOND = 25e9;
    /** The deepest fat-tree (and rail-optimized fabric) built: three switch tiers. */
    public static final int MAX_TIERS = 3;
    /** The longest array the JVM allocates (HotSpot's limit, a few words short of 2³¹ − 1). */
    private static final long MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private ClusterTopologies() {
    }

    /** The topology of the whole cluster with the default profile's calibration. */
    public static ClusterTopology build(ClusterSpec cluster) {
        return build(cluster, Calibration.DEFAULT);
    }

    /**
     * The topology of the whole cluster, its links derated by {@code calibration}; the accelerators
     * of a mixed cluster's node groups with their own scale-up and NIC rates ({@link MixedNodeGroups});
     * its switches with the buffers and latencies they state ({@link StatedSwitches}).
     */
    public static ClusterTopology build(ClusterSpec cluster, Calibration calibration) {
        ClusterTopology topology = uniform(cluster, calibration);
        return StatedSwitches.stated(cluster,
                cluster.mixed() ? MixedNodeGroups.build(topology, cluster, calibration) : topology);
    }

    /**
     * The topology with every node of the cluster's first type, and its data-centre network when it has one, built
     * into a builder sized from its exact {@link GraphEstimate}, which hands its arrays to the graph uncopied.
     */
    private static ClusterTopology uniform(ClusterSpec cluster, Calibration calibration) {
        GraphBuilder builder = sizedBuilder(GraphEstimate.of(cluster));
        NodeSpec node = cluster.node();
        ScaleUpParameters scaleUp = CalibratedLinks.scaleUp(node, ClusterDomains.size(cluster), calibration);
        ScaleOutSpec scaleOut = cluster.scaleOut();
        int accelerators = cluster.accelerators();
        if (scaleOut != null && scaleOut.topology() instanceof TopologySpec.Torus torus) {
            return ClusterTopology.build(withDataCentre(new ClusterParameters(accelerators, scaleUp, null,
                    torus(torus, scaleOut.fabric(), CalibratedLinks.efficiency(scaleOut, calibration))), cluster,
                    calibration), builder);
        }
        if (!ClusterDomains.joined(cluster)) {
            return ClusterTopology.build(new ClusterParameters(accelerators, scaleUp, null, null), builder);
        }
        ClusterTopology topology = ClusterTopology.build(withDataCentre(new ClusterParameters(accelerators, scaleUp,
                CalibratedLinks.nicLink(node, scaleOut, calibration), switched(scaleOut, node, accelerators,
                        calibration, NicCable.bytesPerAccelerator(node, scaleOut),
                        NicCable.fastestBytesPerAccelerator(cluster))), cluster, calibration), builder);
        AggregationResources aggregation = aggregation(scaleOut);
        return aggregation == null ? topology : topology.withAggregation(aggregation);
    }

    /**
     * A builder sized for the graph {@code estimate} counts, or a growing one when a count exceeds an array's length
     * (a graph that large fails in the build, as it did).
     */
    private static GraphBuilder sizedBuilder(GraphEstimate estimate) {
        long slots = estimate.links() + estimate.groups();
        return Math.max(Math.max(slots, estimate.nodes()), estimate.groupMembers()) > MAX_ARRAY_LENGTH
                ? new GraphBuilder() : new GraphBuilder((int) estimate.nodes(), (int) estimate.links(),
                        (int) estimate.groups(), (int) estimate.groupMembers());
    }

    /**
     * A switched network's parameters, its links at the fabric's rate derated by its {@link
     * CalibratedLinks#efficiency}; a tree's leaves wired for {@code nicBytesPerAccelerator} of NIC port rate per
     * accelerator and holding as many as {@code sizingBytesPerAccelerator} leaves room for ({@link #layout}).
     */
    private static FabricParameters switched(ScaleOutSpec network, NodeSpec node, int accelerators,
            Calibration calibration, double nicBytesPerAccelerator, double sizingBytesPerAccelerator) {
        double efficiency = CalibratedLinks.efficiency(network, calibration);
        LinkClass fabric = new LinkClass(network.fabric().linkBytesPerSecond(), network.fabric().latencyPs())
                .derated(efficiency);
        return fabric(network, fabric, node, accelerators, efficiency, nicBytesPerAccelerator,
                sizingBytesPerAccelerator);
    }

    /**
     * {@code parameters} with the cluster's data-centre network when it states one ({@link
     * DataCentreParameters}): its switched topology built like a scale-out fabric, each accelerator's NIC
     * share into it at the fabric's latency, both derated by its {@link CalibratedLinks#efficiency}.
     */
    private static ClusterParameters withDataCentre(ClusterParameters parameters, ClusterSpec cluster,
            Calibration calibration) {
        DataCentreSpec dataCentre = cluster.dataCentre();
        if (dataCentre == null) {
            return parameters;
        }
        ScaleOutSpec network = dataCentre.network();
        LinkClass nic = new LinkClass(dataCentre.nicBytesPerSecond(), network.fabric().latencyPs())
                .derated(CalibratedLinks.efficiency(network, calibration));
        return parameters.withDataCentre(new DataCentreParameters(switched(network, cluster.node(),
                cluster.accelerators(), calibration, dataCentre.nicBytesPerSecond(), dataCentre.nicBytesPerSecond()),
                nic));
    }

    /**
     * The aggregation resources of a scale-out fabric that reduces in the network (the fabric and
     * its switch, when it names one, both {@code in-network-reduction}), else null. The SHARP
     * generation follows the InfiniBand generation of the switch's ports: up to HDR (200 Gb/s, 25
     * GB/s) SHARPv2 with one streaming tree per switch, from NDR on one per port ({@link
     * AggregationResources}).
     */
    public static AggregationResources aggregation(ScaleOutSpec scaleOut) {
        FabricSpec fabric = scaleOut.fabric();
        TopologySpec topology = scaleOut.topology();
        SwitchSpec switchSpec = topology instanceof TopologySpec.SingleSwitch single ? single.switchSpec()
                : topology instanceof TopologySpec.FatTree || topology instanceof TopologySpec.RailOptimized
                        ? TreeSpecs.switchOf(topology) : null;
        if (!fabric.inNetworkReduction() || switchSpec != null && !switchSpec.inNetworkReduction()) {
            return null;
        }
        double portBytesPerSecond = switchSpec != null ? switchSpec.portBytesPerSecond()
                : fabric.linkBytesPerSecond();
        return portBytesPerSecond <= HDR_PORT_BYTES_PER_SECOND ? AggregationResources.SHARP_V2
                : AggregationResources.SHARP_V3;
    }

    /**
     * The routing mode of the engine for the spec's routing; for {@link ScaleOutSpec.Routing#FABRIC} the
     * fabric's: spraying if it sprays packets, adaptive if it routes adaptively, ECMP otherwise.
     */
    public static RoutingMode routing(ClusterSpec cluster) {
        return cluster.scaleOut() == null ? RoutingMode.ECMP : routing(cluster.scaleOut());
    }

    static RoutingMode routing(ScaleOutSpec network) {
        FabricSpec fabric = network.fabric();
        return switch (network.routing()) {
            case ADAPTIVE -> RoutingMode.ADAPTIVE;
            case SPRAYING -> RoutingMode.SPRAY;
            case FABRIC -> fabric.packetSpraying() ? RoutingMode.SPRAY
                    : fabric.adaptiveRouting() ? RoutingMode.ADAPTIVE : RoutingMode.ECMP;
            default -> RoutingMode.ECMP;
        };
    }

    /** Flows per network peer of the cluster's scale-out fabric; NCCL's default without a scale-out network. */
    public static int flowsPerPeer(ClusterSpec cluster) {
        return cluster.scaleOut() == null ? FabricSpec.DEFAULT_FLOWS_PER_PEER
                : cluster.scaleOut().fabric().flowsPerPeer();
    }

    private static FabricParameters fabric(ScaleOutSpec scaleOut, LinkClass fabric, NodeSpec node, int accelerators,
            double efficiency, double nicBytesPerAccelerator, double sizingBytesPerAccelerator) {
        TopologySpec topology = scaleOut.topology();
        if (topology instanceof TopologySpec.SingleSwitch) {
            return FatTreeParameters.singleSwitch(fabric);
        }
        if (topology instanceof TopologySpec.FatTree || topology instanceof TopologySpec.RailOptimized) {
            if (builtTiers(topology) == 1) {
                return FatTreeParameters.singleSwitch(fabric);
            }
            TierLayout layout = layout(scaleOut, node, accelerators, nicBytesPerAccelerator,
                    sizingBytesPerAccelerator);
            FatTreeParameters plane = layout.parameters(appliedRatios(topology), fabric, efficiency);
            int planes = structure(topology).planes();
            return planes > 1 ? new MultiPlaneParameters(planes, plane) : plane;
        }
        if (topology instanceof TopologySpec.Dragonfly fly) {
            return new DragonflyParameters(fly.groups(), fly.routersPerGroup(), fly.portsPerRouter(accelerators),
                    fly.globalLinksPerRouter(), fabric, fabric, scaleOut.routing() == ScaleOutSpec.Routing.VALIANT);
        }
        throw new IllegalArgumentException("a torus is built by torus(): " + topology);
    }

    /**
     * A direct torus: each dimension's links at its stated rate, else the fabric's, derated by
     * {@code efficiency} (the fabric's own when stated, else the profile's NIC efficiency: an
     * assumption, as no ICI measurement is in the reference set), at the fabric's latency per hop; an open
     * dimension (a mesh) without its wrap-around link; links that leave an optical cube with the OCS's latency.
     */
    private static TorusParameters torus(TopologySpec.Torus torus, FabricSpec fabric, double efficiency) {
        int[] dimensions = torus.dimensions().stream().mapToInt(Integer::intValue).toArray();
        LinkClass[] links = new LinkClass[dimensions.length];
        for (int d = 0; d < links.length; d++) {
            double rate = d < torus.linkBytesPerSecond().size() ? torus.linkBytesPerSecond().get(d)
                    : fabric.linkBytesPerSecond();
            links[d] = new LinkClass(rate, fabric.latencyPs()).derated(efficiency);
        }
        boolean[] open = new boolean[dimensions.length];
        for (int d = 0; d < open.length; d++) {
            open[d] = torus.open().get(d);
        }
        int[] cube = torus.cube().stream().mapToInt(Integer::intValue).toArray();
        return new TorusParameters(dimensions, links, open, cube, torus.ocsLatencyPs());
    }

    /**
     * The per-tier layout of {@code node}'s NIC ports on a fat-tree or rail-optimized cluster's scale-out fabric,
     * from the rates before derating (the builder derates every link alike): the one the builder wires, with tiers
     * stated or not, its derived leaves holding as many NIC ports as the fastest group's leaves have room for
     * ({@link NicCable#fastestBytesPerAccelerator}).
     */
    public static TierLayout layout(ClusterSpec cluster, NodeSpec node) {
        return layout(cluster, node, cluster.accelerators());
    }

    /** The same for {@code accelerators} of the cluster's (its count, or a job's part of it). */
    static TierLayout layout(ClusterSpec cluster, NodeSpec node, int accelerators) {
        ScaleOutSpec scaleOut = cluster.scaleOut();
        return layout(scaleOut, node, accelerators, NicCable.bytesPerAccelerator(node, scaleOut),
                NicCable.fastestBytesPerAccelerator(cluster));
    }

    /**
     * The leaf of {@code node}'s NIC ports as built on a mixed cluster's tree (a fat-tree or rail-optimized one of at
     * least two tiers, both nodes with NICs): the leaf of its own {@link #layout}, h NIC ports at its NIC rate and
     * u_g = ⌈h·r_g ÷ (o₁·r₁)⌉ uplinks, but never fewer uplinks than the first group's leaf, u₁: the spine tier is
     * shared, sized from the first group's leaves, and every leaf has a link to each of its spines (u_g ÷ u₁ of
     * them where it needs more). A slower group's leaf thus runs below the ratio; it fits its switch whenever the
     * first group's does (fewer NIC ports' worth, the same uplinks). O(1).
     */
    public static TierLayout.Tier groupLeaf(ClusterSpec cluster, NodeSpec node) {
        TierLayout.Tier own = layout(cluster, node).tiers().get(0);
        int firstUplinks = layout(cluster, cluster.node()).tiers().get(0).uplinks();
        return own.uplinks() >= firstUplinks ? own : new TierLayout.Tier(own.role(), own.switches(), own.switchSpec(),
                own.downlinks(), own.downBytesPerSecond(), firstUplinks, own.upBytesPerSecond());
    }

    /** The same for a data-centre network's tree, each accelerator's NIC share at the network's {@code nic} rate. */
    public static TierLayout layout(DataCentreSpec dataCentre, NodeSpec node, int accelerators) {
        return layout(dataCentre.network(), node, accelerators, dataCentre.nicBytesPerSecond(),
                dataCentre.nicBytesPerSecond());
    }

    private static TierLayout layout(ScaleOutSpec network, NodeSpec node, int accelerators,
            double nicBytesPerAccelerator, double sizingBytesPerAccelerator) {
        TopologySpec topology = network.topology();
        int tiers = Math.max(2, builtTiers(topology));
        return new TierLayout(structure(topology), TreeSpecs.switchOf(topology), tiers,
                TreeSpecs.ratios(tiers, TreeSpecs.statedRatios(topology)), TreeSpecs.rails(topology, node), accelerators,
                nicBytesPerAccelerator, sizingBytesPerAccelerator, network.fabric().linkBytesPerSecond());
    }

    /** Switch tiers the builder wires for a fat-tree or rail-optimized topology: 1 (one switch) to {@link #MAX_TIERS}. */
    public static int builtTiers(TopologySpec topology) {
        return Math.max(1, Math.min(MAX_TIERS, TreeSpecs.treeTiers(topology)));
    }

    /** The tier ratios a fat-tree or rail-optimized topology states, leaf first, as written. */
    public static List<Double> statedRatios(TopologySpec topology) {
        return TreeSpecs.statedRatios(topology);
    }

    /**
     * The ratios the builder applies to a fat-tree's or rail-optimized topology's uplink levels, leaf first (length
     * {@link #builtTiers} − 1): the stated ones, 1:1 where none is stated, the top tier's applying to the links into
     * it when larger.
     */
    public static double[] appliedRatios(TopologySpec topology) {
        return TreeSpecs.ratios(TreeSpecs.treeTiers(topology), TreeSpecs.statedRatios(topology));
    }

    /** The stated structure of a fat-tree or rail-optimized topology, {@link TierStructure#NONE} for others. */
    public static TierStructure structure(TopologySpec topology) {
        return topology instanceof TopologySpec.FatTree tree ? tree.structure()
                : topology instanceof TopologySpec.RailOptimized rail ? rail.structure() : TierStructure.NONE;
    }
}
