package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Topologies.switchOf;
import static org.fabricsim.dsl.validation.References.resolved;
import static org.fabricsim.dsl.validation.References.same;

import java.util.List;
import java.util.Locale;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.DataCentreNetwork;
import org.fabricsim.dsl.fabric.DragonflyTopology;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.Node;
import org.fabricsim.dsl.fabric.Pcie;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.fabric.TierLevel;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Topologies;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.analysis.SwitchRadix;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.topology.ClusterTopologies;
import org.fabricsim.runtime.topology.DragonflyParameters;

import com.google.inject.Inject;

/**
 * Physical consistency: the switches have the ports for the endpoints and tiers (per
 * {@link SwitchRadix}), NICs and switches speak the fabric they are used on at its link rate (a
 * scale-out, scale-up or data-centre network's),
 * a rail-optimized network has a NIC port for every rail, a dragonfly joins every pair of groups by
 * as many global links, and the NICs fit the node's PCIe lanes.
 */
public class PhysicalValidator extends FabricCheck {
    /** Relative difference below which two rates are equal. */
    private static final double RATE_TOLERANCE = 1e-6;

    @Inject
    private SpecMapper mapper;

    @Check
    public void checkClusterRadixHoldsEndpoints(Cluster cluster) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null || spec.scaleOut() == null || spec.node().nic() == null || cluster.getScaleOut() == null) {
            return;
        }
        long endpoints = (long) spec.nodes() * spec.node().nics() * spec.node().nic().ports();
        TopologySpec topology = spec.scaleOut().topology();
        Topology written = cluster.getScaleOut().getTopology();
        if (topology instanceof TopologySpec.SingleSwitch single && named(written)) {
            int radix = single.switchSpec().radix();
            if (radix < endpoints) {
                int tiers = SwitchRadix.tiersNeeded(radix, endpoints);
                error(name(single.switchSpec()) + " has " + radix + " ports but the cluster has " + endpoints
                        + " NIC ports: use 'fat-tree { tiers " + tiers + " }' (" + capacityText(radix, tiers)
                        + "), or a switch with at least " + endpoints + " ports.", written, null,
                        IssueCodes.RADIX_TOO_SMALL, String.valueOf(tiers), String.valueOf(endpoints));
            }
        } else if (ClusterTopologies.structure(topology).statesLevels()) {
            return; // stated tiers are checked switch by switch (TierStructureValidator)
        } else if (topology instanceof TopologySpec.FatTree fatTree && fatTree.switchSpec() != null) {
            tiered(written, fatTree.switchSpec(), fatTree.tiers(), fatTree.oversubscription(), endpoints, "");
        } else if (topology instanceof TopologySpec.RailOptimized rail && rail.switchSpec() != null && rail.rails() > 0) {
            long perRail = (endpoints + rail.rails() - 1) / rail.rails();
            tiered(written, rail.switchSpec(), rail.tiers(), rail.oversubscription(), perRail,
                    " per rail (" + endpoints + " over " + rail.rails() + " rails)");
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
    public void checkClusterSpeaksScaleOutFabric(Cluster cluster) {
        if (cluster.getScaleOut() == null || cluster.getGroups().isEmpty()) {
            return;
        }
        Fabric fabric = cluster.getScaleOut().getFabric();
        Node node = cluster.getGroups().get(0).getNode();
        if (!resolved(fabric) || !resolved(node)) {
            return;
        }
        Nic nic = node.getNic();
        if (resolved(nic) && !(cluster.getScaleOut().getTopology() instanceof TorusTopology)) { // a torus uses no NIC
            speaks(nic.getName(), "NIC", nic.getFabrics(), nic.getPortRate(), fabric, cluster.getScaleOut(),
                    Literals.SCALE_OUT__FABRIC);
        }
        switchesSpeak(cluster.getScaleOut().getTopology(), fabric);
    }

    /**
     * A data-centre network's switches speak its fabric as a scale-out network's do ({@link #switchesSpeak}). Its NIC
     * is written as a rate only ({@code nic 12.5 GB/s}, each accelerator's share of a host NIC, not the node's
     * scale-out NICs, which a TPU host has none of), so no NIC type is checked.
     */
    @Check
    public void checkDataCentreSpeaksFabric(DataCentreNetwork network) {
        if (resolved(network.getFabric())) {
            switchesSpeak(network.getTopology(), network.getFabric());
        }
    }

    /**
     * The switches of {@code topology} speak {@code fabric} ({@link #speaks}): its named switch at the fabric's link
     * rate, and each stated tier's (leaf, spine, core), whose ports may differ from the links (uplinks say so).
     */
    private void switchesSpeak(Topology topology, Fabric fabric) {
        Switch switchType = switchOf(topology);
        if (resolved(switchType)) {
            speaks(switchType.getName(), "switch", switchType.getFabrics(), switchType.getPortRate(), fabric,
                    topology, null);
        }
        for (TierLevel level : Topologies.levels(topology)) {
            if (level != null && resolved(level.getSwitchType())) {
                speaks(level.getSwitchType().getName(), "switch", level.getSwitchType().getFabrics(), null, fabric,
                        level, Literals.TIER_LEVEL__SWITCH_TYPE);
            }
        }
    }

    @Check
    public void checkScaleUpSwitchSpeaksFabric(ScaleUpDomain domain) {
        if (resolved(domain.getFabric()) && resolved(domain.getSwitchType())) {
            speaks(domain.getSwitchType().getName(), "switch", domain.getSwitchType().getFabrics(),
                    domain.getSwitchType().getPortRate(), domain.getFabric(), domain,
                    Literals.SCALE_UP_DOMAIN__SWITCH_TYPE);
        }
    }

    private void speaks(String device, String kind, List<Fabric> spoken, org.fabricsim.dsl.fabric.Quantity portRate,
            Fabric fabric, EObject target, EStructuralFeature feature) {
        boolean speaks = spoken.stream().anyMatch(f -> resolved(f) && sameFamily(f, fabric));
        if (!speaks) {
            error((kind.equals("NIC") ? "The node's NIC " : "Switch ") + device + " does not speak " + fabric.getName()
                    + " (it speaks " + spokenNames(spoken) + "): choose a " + kind + " that speaks " + fabric.getName()
                    + ", or a fabric that " + device + " speaks.", target, feature, IssueCodes.FABRIC_MISMATCH,
                    fabric.getName());
            return;
        }
        if (portRate == null || fabric.getLinkRate() == null || Units.dimensionOf(portRate) != Dimension.DATA_RATE
                || Units.dimensionOf(fabric.getLinkRate()) != Dimension.DATA_RATE) {
            return; // a rate of the wrong dimension is UnitsValidator's error
        }
        double port = Units.bytesPerSecond(portRate);
        double link = Units.bytesPerSecond(fabric.getLinkRate());
        if (link > 0 && Math.abs(port - link) > RATE_TOLERANCE * link) {
            warning(device + " ports run at " + rate(port) + " but " + fabric.getName() + " links at " + rate(link)
                    + ": every link runs at the slower " + rate(Math.min(port, link)) + ". Pick a " + kind
                    + " at " + rate(link) + ", or the " + fabric.getName() + " variant at " + rate(port) + ".", target,
                    feature, IssueCodes.LINK_RATE_MISMATCH, rate(link));
        }
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

    /**
     * Whether a device that speaks {@code spoken} can carry {@code fabric}: the same definition, or
     * a variant of the same technology (same vendor or standards body, same openness), such as a
     * site's own RoCEv2 configuration on a NIC that speaks RoCEv2. Rates are checked separately.
     */
    private static boolean sameFamily(Fabric spoken, Fabric fabric) {
        return same(spoken, fabric) || resolved(spoken.getVendor()) && resolved(fabric.getVendor())
                && same(spoken.getVendor(), fabric.getVendor()) && spoken.getOpenness() == fabric.getOpenness()
                && spoken.getScope() == fabric.getScope();
    }

    private static String spokenNames(List<Fabric> spoken) {
        return String.join(", ", spoken.stream().filter(References::resolved).map(Fabric::getName).toList());
    }

    private static int lanes(Pcie pcie) {
        return Integer.parseInt(pcie.getWidth().getLiteral().substring(1));
    }

    private static boolean named(Topology topology) {
        return switchOf(topology) != null;
    }

    private static String rate(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.0f Gb/s", bytesPerSecond * 8 / 1e9);
    }

    private static String name(SwitchSpec switchSpec) {
        return org.fabricsim.runtime.analysis.LockIn.simpleName(switchSpec.name());
    }
}
