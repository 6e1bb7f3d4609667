package org.fabricsim.dsl.mapping;

import static org.fabricsim.dsl.mapping.SpecNames.GENERIC_VENDOR;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.util.IResourceScopeCache;
import org.eclipse.xtext.util.Tuples;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.DataCentreNetwork;
import org.fabricsim.dsl.fabric.DragonflyTopology;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FatTreeTopology;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.fabric.PodStructure;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.RailOptimizedTopology;
import org.fabricsim.dsl.fabric.Ratio;
import org.fabricsim.dsl.fabric.RoutingPolicy;
import org.fabricsim.dsl.fabric.SingleSwitchTopology;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.fabric.TierLevel;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.model.Topologies;
import org.fabricsim.dsl.model.TorusAxes;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.DataCentreSpec;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.DragonflyParameters;
import org.fabricsim.runtime.topology.ScheduledSwitches;

import com.google.inject.Inject;

/**
 * The cluster part of {@link SpecMapper}: a cluster with its nodes, scale-out fabric and topology,
 * or a sketched one; its cost and reliability.
 */
final class ClusterMapper {
    @Inject
    private SpecNames names;
    @Inject
    private HardwareMapper hardware;
    @Inject
    private CostMapper costs;

    @Inject
    private IResourceScopeCache cache;

    /**
     * The cluster's spec, mapped once while its resource is unchanged ({@link IResourceScopeCache}: the checks,
     * every workload on the cluster and hover ask for it; mapping a cluster again for each of them was 9 % of a
     * keystroke's build on a 10,000-line model, issue 19). The spec is an immutable record, so sharing it is
     * safe; a resource set that sees another file change is rebuilt, and so forgets it.
     */
    ClusterSpec toCluster(Cluster cluster) {
        Resource resource = cluster.eResource();
        return resource == null ? map(cluster)
                : cache.get(Tuples.pair(ClusterSpec.class, cluster), resource, () -> map(cluster));
    }

    private ClusterSpec map(Cluster cluster) {
        NodeGroup group = cluster.getGroups().get(0);
        double maxOversubscription = cluster.getMaxOversubscription() == null ? 0
                : Units.ratio(cluster.getMaxOversubscription());
        int perNode = group.getNode() == null ? group.getAcceleratorsPerNode() : group.getNode().getAccelerators();
        CostSpec cost = cluster.getCost() == null ? null : costs.toCost(cluster.getCost(), perNode);
        ReliabilitySpec reliability = cluster.getReliability() == null ? null
                : costs.toReliability(cluster.getReliability());
        if (group.getNode() == null) {
            return sketch(cluster, group, maxOversubscription, cost, reliability);
        }
        NodeSpec node = hardware.toNode(group.getNode());
        ScaleOutSpec scaleOut = cluster.getScaleOut() == null ? null
                : network(cluster.getScaleOut().getFabric(), toTopology(cluster.getScaleOut().getTopology(),
                        nodes(cluster) * node.nics(),
                        (int) Math.min(Integer.MAX_VALUE, (long) nodes(cluster) * node.accelerators())),
                        cluster.getScaleOut().getTopology());
        return new ClusterSpec(names.qualifiedName(cluster), node, nodes(cluster), scaleOut, maxOversubscription,
                cost, reliability, groups(cluster, node), dataCentre(cluster, node));
    }

    /**
     * The data-centre network as written, its switched topology for one port per accelerator; null when
     * none is written or it is a torus (an error).
     */
    private DataCentreSpec dataCentre(Cluster cluster, NodeSpec node) {
        DataCentreNetwork written = cluster.getDataCentre();
        if (written == null || written.getTopology() instanceof TorusTopology || written.getNicRate() == null) {
            return null;
        }
        int accelerators = (int) Math.min(Integer.MAX_VALUE, (long) nodes(cluster) * node.accelerators());
        return new DataCentreSpec(network(written.getFabric(), toTopology(written.getTopology(), accelerators,
                accelerators), written.getTopology()), Units.bytesPerSecond(written.getNicRate()));
    }

    /** A network of {@code fabric} on {@code topology}, scheduled where its switches are ({@link ScheduledSwitches}). */
    private ScaleOutSpec network(Fabric fabric, TopologySpec topology, Topology written) {
        return new ScaleOutSpec(ScheduledSwitches.fabricOn(hardware.toFabric(fabric), topology), topology,
                routing(written));
    }

    /**
     * The node groups in written order; none (one type) when any group is not a catalog node or has
     * another count of accelerators per node, which validation refuses ({@code ClusterValidator}).
     */
    private List<NodeGroupSpec> groups(Cluster cluster, NodeSpec first) {
        List<NodeGroupSpec> groups = new ArrayList<>();
        for (NodeGroup group : cluster.getGroups()) {
            if (group.getNode() == null || group.getNode().getAccelerators() != first.accelerators()
                    || group.getCount() < 1) {
                return List.of();
            }
            groups.add(new NodeGroupSpec(group.getNode() == cluster.getGroups().get(0).getNode() ? first
                    : hardware.toNode(group.getNode()), group.getCount()));
        }
        return groups.stream().mapToLong(NodeGroupSpec::nodes).sum() == nodes(cluster) ? groups : List.of();
    }

    /**
     * A sketched cluster: generic accelerators, each with its own NIC port at the link rate, all on
     * one switch; the link latency is per hop and the switch adds none. The two hops of every path
     * are the accelerator's NIC cable up to the switch and the peer's down from it, which carry the
     * link's latency as every NIC cable carries its fabric's (the sketch's NIC adds none): a transfer
     * pays it twice. {@code efficiency} sets the share of the link
     * rate transfers achieve (the profile's NIC efficiency when absent; 100 % for an ideal link).
     */
    private ClusterSpec sketch(Cluster cluster, NodeGroup group, double maxOversubscription, CostSpec cost,
            ReliabilitySpec reliability) {
        String name = names.qualifiedName(cluster);
        double bytesPerSecond = Units.bytesPerSecond(cluster.getLinkRate());
        long hopLatencyPs = Units.picoseconds(cluster.getHopLatency());
        int perNode = group.getAcceleratorsPerNode();
        AcceleratorSpec accelerator = new AcceleratorSpec(name + ".accelerator", GENERIC_VENDOR, 0, 0, 0, 0, 0, 0);
        NicSpec nic = new NicSpec(name + ".nic", GENERIC_VENDOR, 1, bytesPerSecond, 0, 0);
        NodeSpec node = new NodeSpec(name + ".node", accelerator, perNode, null, nic, perNode, true);
        FabricSpec fabric = new FabricSpec(name + ".link", GENERIC_VENDOR, FabricSpec.FabricScope.SCALE_OUT, true, "",
                bytesPerSecond, hopLatencyPs, true, FabricSpec.CongestionControl.NONE, false, false, false,
                FabricSpec.DEFAULT_FLOWS_PER_PEER,
                Units.fractionOrZero(cluster.getLinkEfficiency()));
        SwitchSpec switchSpec = new SwitchSpec(name + ".switch", GENERIC_VENDOR, nodes(cluster) * perNode,
                bytesPerSecond, 0, 0, false, false);
        ScaleOutSpec scaleOut = new ScaleOutSpec(fabric, new TopologySpec.SingleSwitch(switchSpec),
                ScaleOutSpec.Routing.ECMP);
        return new ClusterSpec(name, node, nodes(cluster), scaleOut, maxOversubscription, cost, reliability);
    }

    /**
     * The nodes of every group, added up; at most {@link Integer#MAX_VALUE}.
     */
    private static int nodes(Cluster cluster) {
        long nodes = cluster.getGroups().stream().mapToLong(NodeGroup::getCount).sum();
        return (int) Math.min(Integer.MAX_VALUE, nodes);
    }

    /** The named switch, or null when the topology names none (its ports are then unknown). */
    private SwitchSpec toSwitchOrNull(Switch switchType) {
        return switchType == null ? null : hardware.toSwitch(switchType);
    }

    /**
     * The topology; a single switch without a named type is an ideal switch with one port per
     * endpoint; stated tier counts are for the cluster's {@code accelerators}.
     */
    private TopologySpec toTopology(Topology topology, int endpoints, int accelerators) {
        if (topology instanceof SingleSwitchTopology single) {
            SwitchSpec switchSpec = single.getSwitchType() == null
                    ? new SwitchSpec(names.qualifiedName(topology.eContainer().eContainer()) + ".switch",
                            GENERIC_VENDOR, Math.max(1, endpoints), 1, 0, 0, false, false)
                    : hardware.toSwitch(single.getSwitchType());
            return new TopologySpec.SingleSwitch(switchSpec);
        }
        if (topology instanceof FatTreeTopology fatTree) {
            return new TopologySpec.FatTree(toSwitchOrNull(fatTree.getSwitchType()), fatTree.getTiers(),
                    ratios(fatTree.getOversubscription(), fatTree.getPods(), fatTree.getTiers()),
                    structure(fatTree.getLeaf(), fatTree.getSpine(), fatTree.getCore(), fatTree.getPods(),
                            fatTree.getPlanes(), accelerators));
        }
        if (topology instanceof RailOptimizedTopology rail) {
            int tiers = Math.max(1, rail.getTiers());
            return new TopologySpec.RailOptimized(toSwitchOrNull(rail.getSwitchType()), rail.getRails(), tiers,
                    ratios(rail.getOversubscription(), rail.getPods(), tiers),
                    structure(rail.getLeaf(), rail.getSpine(), rail.getCore(), rail.getPods(), rail.getPlanes(),
                            accelerators));
        }
        if (topology instanceof DragonflyTopology dragonfly) {
            int globalLinks = Written.written(dragonfly, Literals.DRAGONFLY_TOPOLOGY__GLOBAL_LINKS_PER_ROUTER)
                    ? dragonfly.getGlobalLinksPerRouter()
                    : DragonflyParameters.fewestBalancedGlobalLinksPerRouter(dragonfly.getGroups(),
                            dragonfly.getRoutersPerGroup());
            return new TopologySpec.Dragonfly(toSwitchOrNull(dragonfly.getSwitchType()), dragonfly.getGroups(),
                    dragonfly.getRoutersPerGroup(), globalLinks);
        }
        return torus((TorusTopology) topology);
    }

    /**
     * A torus's dimensions and per-dimension link rates: one rate written serves every dimension; none, the fabric's.
     * A {@code mesh} opens every dimension (no wrap-around links), {@code wrap x, y} all but those named; {@code cubes}
     * gives the optical cubes and the latency their circuit switches add (none written: no cubes).
     */
    private static TopologySpec.Torus torus(TorusTopology torus) {
        List<Double> rates = new ArrayList<>();
        List<Quantity> written = torus.getLinkRates();
        for (int d = 0; d < torus.getDimensions().size() && !written.isEmpty(); d++) {
            rates.add(Units.bytesPerSecond(written.get(written.size() == 1 ? 0 : Math.min(d, written.size() - 1))));
        }
        return new TopologySpec.Torus(List.copyOf(torus.getDimensions()), rates, TorusAxes.open(torus),
                List.copyOf(torus.getCube()),
                torus.getOcsLatency() == null ? 0 : Units.picoseconds(torus.getOcsLatency()));
    }

    /**
     * The tiers, pods and planes as written: pods come with their two ratios (inside the pod, and
     * where the top tier joins the pods); no planes written is one plane.
     */
    private TierStructure structure(TierLevel leaf, TierLevel spine, TierLevel core, PodStructure pods, int planes,
            int accelerators) {
        if (leaf == null && spine == null && core == null && pods == null && planes <= 1) {
            return TierStructure.NONE;
        }
        return new TierStructure(level(leaf), level(spine), level(core), pods == null ? 0 : pods.getSize(),
                Math.max(1, planes), accelerators);
    }

    private TierStructure.Level level(TierLevel level) {
        return level == null ? null : new TierStructure.Level(hardware.toSwitch(level.getSwitchType()),
                level.getCount(), level.getUplinkRate() == null ? 0 : Units.bytesPerSecond(level.getUplinkRate()));
    }

    /**
     * The routing a topology states, else the fabric's ({@link ScaleOutSpec.Routing#FABRIC}: spraying if it
     * sprays, adaptive if it routes adaptively, ECMP otherwise), which follows the fabric a study varies.
     */
    private static ScaleOutSpec.Routing routing(Topology topology) {
        RoutingPolicy written = Topologies.writtenRouting(topology);
        return written != null ? ScaleOutSpec.Routing.valueOf(written.getName()) : ScaleOutSpec.Routing.FABRIC;
    }

    /**
     * The downlink:uplink ratio of each tier, leaf first, 1:1 where none is written; no more tiers
     * than the engine builds unless more ratios are written (a model of two billion tiers, which
     * validation refuses, must not build a list of two billion ratios on the way).
     */
    private static List<Double> ratios(List<Ratio> written, PodStructure pods, int tiers) {
        if (pods != null) {
            return List.of(pods.getInside() == null ? 1.0 : Units.ratio(pods.getInside()),
                    pods.getJoined() == null ? 1.0 : Units.ratio(pods.getJoined()));
        }
        List<Double> ratios = new ArrayList<>();
        int listed = Math.min(tiers, Math.max(written.size(), ClusterTopologies.MAX_TIERS));
        for (int tier = 0; tier < listed; tier++) {
            ratios.add(tier < written.size() ? Units.ratio(written.get(tier)) : 1.0);
        }
        return ratios;
    }
}
