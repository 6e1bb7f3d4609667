package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Topologies.switchOf;
import static org.fabricsim.dsl.validation.References.resolved;

import java.util.List;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.DragonflyTopology;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.Pcie;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.runtime.analysis.SwitchRadix;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.DragonflyParameters;
import org.fabricsim.runtime.topology.NicCable;

import com.google.inject.Inject;

/**
 * Physical consistency: the switches have the ports for the endpoints and tiers (per
 * {@link SwitchRadix}), a rail-optimized network has a NIC port for every rail, a dragonfly joins every pair of groups by
 * as many global links, and the NICs fit the node's PCIe lanes.
 */
public class PhysicalValidator extends FabricCheck {
    @Inject
    private SpecMapper mapper;

    @Check
    public void checkClusterRadixHoldsEndpoints(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null || spec.scaleOut() == null || spec.node().nic() == null || cluster.getScaleOut() == null) {
            return;
        }
        long endpoints = spec.nodeGroups().stream().filter(group -> group.node().nic() != null)
                .mapToLong(group -> (long) group.nodes() * group.node().nics() * group.node().nic().ports()).sum();
        TopologySpec topology = spec.scaleOut().topology();
        Topology written = cluster.getScaleOut().getTopology();
        if (topology instanceof TopologySpec.SingleSwitch single && named(written)) {
            int radix = single.switchSpec().radix();
            long ports = switchPorts(spec);
            if (radix < ports) {
                int tiers = SwitchRadix.tiersNeeded(radix, ports);
                String taken = ports == endpoints ? "" : ", which take " + ports + " of its "
                        + SpokenFabricValidator.rate(single.switchSpec().portBytesPerSecond()) + " ports by breakout";
                error(name(single.switchSpec()) + " has " + radix + " ports but the cluster has " + endpoints
                        + " NIC ports" + taken + ": use 'fat-tree { tiers " + tiers + " }' ("
                        + capacityText(radix, tiers) + "), or a switch with at least " + ports + " ports.", written,
                        null, IssueCodes.RADIX_TOO_SMALL, String.valueOf(tiers), String.valueOf(ports));
            }
        } else if (ClusterTopologies.structure(topology).statesLevels()) {
            return; // stated tiers are checked switch by switch (TierStructureValidator)
        } else if (topology instanceof TopologySpec.FatTree fatTree && fatTree.switchSpec() != null) {
            long ports = leafPorts(spec, fatTree.switchSpec());
            tiered(written, fatTree.switchSpec(), fatTree.tiers(), fatTree.oversubscription(), ports,
                    breakout(endpoints / planes(spec), ports, fatTree.switchSpec()));
        } else if (topology instanceof TopologySpec.RailOptimized rail && rail.switchSpec() != null && rail.rails() > 0) {
            long ports = leafPorts(spec, rail.switchSpec());
            tiered(written, rail.switchSpec(), rail.tiers(), rail.oversubscription(), (ports + rail.rails() - 1)
                    / rail.rails(), breakout(endpoints / planes(spec), ports, rail.switchSpec()) + " per rail (" + ports
                    + " over " + rail.rails() + " rails)");
        } else if (topology instanceof TopologySpec.Dragonfly dragonfly && dragonfly.switchSpec() != null) {
            long routers = (long) dragonfly.groups() * dragonfly.routersPerGroup();
            long hosts = routers == 0 ? 0 : (endpoints + routers - 1) / routers;
            long ports = hosts + dragonfly.routersPerGroup() - 1 + dragonfly.globalLinksPerRouter();
            if (routers > 0 && ports > dragonfly.switchSpec().radix()) {
                error("Each router needs " + ports + " ports (" + hosts + " endpoints, " + (dragonfly.routersPerGroup() - 1)
                        + " local, " + dragonfly.globalLinksPerRouter() + " global) but " + name(dragonfly.switchSpec())
                        + " has " + dragonfly.switchSpec().radix() + ": add groups or routers per group, or use a"
                        + " switch with at least " + ports + " ports.", written, null, IssueCodes.RADIX_TOO_SMALL,
                        "", String.valueOf(ports));
            }
        }
    }

    /**
     * The single switch's ports the cluster's NIC ports take: ⌈Σ over node groups of nodes × NICs × ports × r ÷ R⌉,
     * each NIC port's cable on r ÷ R of the switch's R-rate ports ({@link NicCable#leafPorts}, as {@code TierLayout}
     * counts a leaf's). O(groups).
     */
    private static long switchPorts(ClusterSpec spec) {
        double ports = 0;
        for (NodeGroupSpec group : spec.nodeGroups()) {
            if (group.node().nic() != null) {
                ports += (double) group.nodes() * group.node().nics() * group.node().nic().ports()
                        * NicCable.of(group.node().nic(), spec.scaleOut()).leafPorts();
            }
        }
        return (long) Math.ceil(ports - 1e-9);
    }

    /**
     * The leaf ports a derived tree of {@code switchSpec} gives the cluster's N accelerators in one plane: ⌈N·c⌉ for
     * c = r_s ÷ R_p, the per-plane NIC rate per accelerator of the fastest node group ({@link
     * NicCable#fastestBytesPerAccelerator} ÷ planes) over the switch's port rate, as {@code TierLayout} sizes every
     * group's leaves for the fastest group's ports (129 nodes of 8 ConnectX-8 on 400 Gb/s ports: 1,032 × 2 = 2,064;
     * a mixed cluster's slower accelerators take the faster ones' room). O(groups).
     */
    private static long leafPorts(ClusterSpec spec, SwitchSpec switchSpec) {
        double perPlane = NicCable.fastestBytesPerAccelerator(spec) / planes(spec);
        return (long) Math.ceil((double) spec.accelerators() * perPlane / switchSpec.portBytesPerSecond() - 1e-9);
    }

    private static int planes(ClusterSpec spec) {
        return ClusterTopologies.structure(spec.scaleOut().topology()).planes();
    }

    /**
     * Where the cluster's {@code endpoints} NIC ports take another number, {@code ports}, of the switch's ports
     * ({@link #switchPorts}): the clause that says so, else nothing.
     */
    private static String breakout(long endpoints, long ports, SwitchSpec switchSpec) {
        return ports == endpoints ? "" : " ports' worth (" + endpoints + " NIC ports on " + SpokenFabricValidator.rate(
                switchSpec.portBytesPerSecond()) + " switch ports by breakout)";
    }

    /**
     * Refuses {@code tiers} tiers of {@code switchSpec} that hold fewer than {@code endpoints} switch ports for the
     * NICs: {@link SwitchRadix#capacity}, which counts a leaf's down ports, against the ports the NIC ports take
     * ({@link #leafPorts}, r ÷ R each by breakout), as {@code TierLayout} counts them.
     */
    private void tiered(Topology written, SwitchSpec switchSpec, int tiers, List<Double> ratios, long endpoints,
            String perRail) {
        int radix = switchSpec.radix();
        long capacity = SwitchRadix.capacity(radix, tiers, ratios);
        if (tiers < 1 || capacity >= endpoints) {
            return;
        }
        int tiersNeeded = SwitchRadix.tiersNeeded(radix, endpoints);
        int radixNeeded = SwitchRadix.radixNeeded(tiers, endpoints);
        String more = tiersNeeded > 0 ? "use 'tiers " + tiersNeeded + "' (" + capacityText(radix, tiersNeeded) + "), or "
                : "";
        error(tiers + " tier" + (tiers == 1 ? "" : "s") + " of " + name(switchSpec) + " (" + radix + " ports) hold "
                + capacity + " endpoints, but this cluster has " + endpoints + perRail + ": " + more
                + "a switch of at least " + radixNeeded + " ports.", written, written.eClass().getEStructuralFeature("tiers"),
                IssueCodes.RADIX_TOO_SMALL, tiersNeeded > 0 ? String.valueOf(tiersNeeded) : "",
                String.valueOf(radixNeeded));
    }

    private static String capacityText(int radix, int tiers) {
        return tiers + " non-blocking tier" + (tiers == 1 ? "" : "s") + " of " + radix + " ports hold up to "
                + SwitchRadix.capacity(radix, tiers);
    }

    @Check
    public void checkDragonflyGlobalLinksBalanced(DragonflyTopology dragonfly) {
        int groups = dragonfly.getGroups();
        int routers = dragonfly.getRoutersPerGroup();
        int links = dragonfly.getGlobalLinksPerRouter();
        if (groups < 2 || routers < 1 || !Written.written(dragonfly, Literals.DRAGONFLY_TOPOLOGY__GLOBAL_LINKS_PER_ROUTER)
                || links >= 1 && DragonflyParameters.balanced(groups, routers, links)) {
            return;
        }
        int step = DragonflyParameters.fewestBalancedGlobalLinksPerRouter(groups, routers);
        int suggested = Math.max(1, (links + step - 1) / step) * step;
        error("Each group has " + routers + " x " + links + " = " + (routers * links) + " global links for its "
                + (groups - 1) + " other groups, so some pairs of groups would get fewer direct links than others:"
                + " use 'global-links-per-router " + suggested + "' (routers-per-group x global links a multiple of "
                + (groups - 1) + "), or change groups or routers-per-group.", dragonfly,
                Literals.DRAGONFLY_TOPOLOGY__GLOBAL_LINKS_PER_ROUTER, IssueCodes.DRAGONFLY_UNBALANCED,
                String.valueOf(suggested));
    }

    @Check
    public void checkRailsHaveNics(Cluster cluster) {
        if (cluster.getScaleOut() == null || cluster.getGroups().isEmpty()) {
            return;
        }
        Topology topology = cluster.getScaleOut().getTopology();
        EStructuralFeature railsFeature = topology == null ? null : topology.eClass().getEStructuralFeature("rails");
        Node node = cluster.getGroups().get(0).getNode();
        if (railsFeature == null || !resolved(node) || !resolved(node.getNic())) {
            return;
        }
        int rails = (Integer) topology.eGet(railsFeature);
        long ports = (long) node.getNics() * node.getNic().getPorts();
        if (rails > ports) {
            error(rails + " rails need a NIC port for each rail on every node, but " + node.getName() + " has " + ports
                    + ": write 'rails " + ports + "', or give the node more NICs.", topology, railsFeature,
                    IssueCodes.RAILS_WITHOUT_NICS, String.valueOf(ports));
        }
    }

    @Check
    public void checkNodeNicsFitPcie(Node node) {
        Pcie host = node.getPcie();
        Nic nic = node.getNic();
        if (host == null || !resolved(nic) || nic.getPcie() == null || node.getAccelerators() < 1) {
            return;
        }
        int perAccelerator = (node.getNics() + node.getAccelerators() - 1) / node.getAccelerators();
        int needed = perAccelerator * lanes(nic.getPcie());
        int available = lanes(host);
        if (needed > available) {
            error(perAccelerator + " NICs per accelerator need " + needed + " PCIe lanes (" + nic.getName() + " is "
                    + nic.getPcie().getWidth().getLiteral() + ") but the node's PCIe is "
                    + host.getWidth().getLiteral() + ": use " + node.getAccelerators() + " NICs (one per accelerator),"
                    + " or a node with a wider PCIe.", node, Literals.NODE__NICS, IssueCodes.PCIE_LANES,
                    String.valueOf(needed), String.valueOf(available));
        }
    }

    private static int lanes(Pcie pcie) {
        return Integer.parseInt(pcie.getWidth().getLiteral().substring(1));
    }

    private static boolean named(Topology topology) {
        return switchOf(topology) != null;
    }

    private static String name(SwitchSpec switchSpec) {
        return org.fabricsim.runtime.analysis.LockIn.simpleName(switchSpec.name());
    }
}
