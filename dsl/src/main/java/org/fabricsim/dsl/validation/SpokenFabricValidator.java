package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Topologies.switchOf;
import static org.fabricsim.dsl.validation.References.resolved;
import static org.fabricsim.dsl.validation.References.same;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.DataCentreNetwork;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FatTreeTopology;
import org.fabricsim.dsl.fabric.Nic;
import org.fabricsim.dsl.fabric.NodeGroup;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.ScaleUpDomain;
import org.fabricsim.dsl.fabric.SingleSwitchTopology;
import org.fabricsim.dsl.fabric.Switch;
import org.fabricsim.dsl.fabric.TierLevel;
import org.fabricsim.dsl.fabric.Topology;
import org.fabricsim.dsl.fabric.TorusTopology;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.model.Topologies;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.topology.NicCable;

import com.google.inject.Inject;

/**
 * NICs and switches speak the fabric they are used on (a scale-out, scale-up or data-centre network's), and where
 * their ports run at another rate than its links the editor says what is built ({@code fabric.physical.link-rate}): a
 * NIC port's cable runs at the NIC's rate, on as many leaf ports as that takes ({@link NicCable}, the rule the engine
 * builds its NIC links by and the injection ratio reads), the links between switches at the fabric's rate, each on
 * link ÷ port of a switch port by breakout (as {@code TierLayout} counts a switch's ports), and a scale-up domain's
 * accelerators at their own rate, capped by what the domain's switches carry.
 */
public class SpokenFabricValidator extends FabricCheck {
    /** Relative difference below which two rates are equal. */
    private static final double RATE_TOLERANCE = 1e-6;

    @Inject
    private SpecMapper mapper;

    /** Every node type's NIC speaks the scale-out fabric at its rate (a torus uses no NIC), and so does its switch. */
    @Check
    public void checkClusterSpeaksScaleOutFabric(Cluster cluster) {
        if (cluster.getScaleOut() == null || !resolved(cluster.getScaleOut().getFabric())) {
            return;
        }
        Fabric fabric = cluster.getScaleOut().getFabric();
        Topology topology = cluster.getScaleOut().getTopology();
        if (!(topology instanceof TorusTopology)) {
            boolean spoken = true;
            for (Nic nic : nics(cluster)) {
                spoken &= speaks(nic.getName(), "NIC", nic.getFabrics(), fabric, cluster.getScaleOut(),
                        Literals.SCALE_OUT__FABRIC);
            }
            if (spoken) {
                nicRates(cluster, fabric.getName(), switchLinks(topology));
            }
        }
        switchesSpeak(topology, fabric);
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

    @Check
    public void checkScaleUpSwitchSpeaksFabric(ScaleUpDomain domain) {
        Switch switchType = domain.getSwitchType();
        if (resolved(domain.getFabric()) && resolved(switchType) && speaks(switchType.getName(), "switch",
                switchType.getFabrics(), domain.getFabric(), domain, Literals.SCALE_UP_DOMAIN__SWITCH_TYPE)) {
            portRate(switchType.getName(), switchType.getPortRate(), domain.getFabric(), domain,
                    Literals.SCALE_UP_DOMAIN__SWITCH_TYPE, (port, link) -> "each accelerator's links into the domain"
                            + " run at its own scale-up rate, capped by what the domain's switches carry at "
                            + rate(port) + " a port");
        }
    }

    /** The distinct resolved NICs of the cluster's resolved node types, in written order. */
    private static Set<Nic> nics(Cluster cluster) {
        Set<Nic> nics = new LinkedHashSet<>();
        for (NodeGroup group : cluster.getGroups()) {
            if (resolved(group.getNode()) && resolved(group.getNode().getNic())) {
                nics.add(group.getNode().getNic());
            }
        }
        return nics;
    }

    /**
     * Warns of each node type's NIC whose cable ({@link NicCable#of}, the engine's) does not run at the fabric's link
     * rate, with what is built: the cable at the NIC's rate r on r ÷ R of its leaf's ports (or a leaf port matched to
     * it where no switch is named), the links between switches at the fabric's r₁.
     */
    private void nicRates(Cluster cluster, String fabric, boolean switchLinks) {
        ClusterSpec spec = CheckedSpecs.cluster(mapper, getContext(), cluster);
        if (spec == null || spec.scaleOut() == null) {
            return; // what keeps it from mapping is another check's error
        }
        Set<String> seen = new HashSet<>();
        for (NodeGroupSpec group : spec.nodeGroups()) {
            if (group.node().nic() == null || !seen.add(group.node().nic().name())) {
                continue;
            }
            NicCable cable = NicCable.of(group.node().nic(), spec.scaleOut());
            if (cable.atFabricRate()) {
                continue;
            }
            String r = rate(cable.bytesPerSecond());
            String link = rate(cable.fabricLinkBytesPerSecond());
            String leaf = cable.leaf() == null || unnamedSingleSwitch(cluster) ? "into a leaf port of that rate"
                    : onPorts(cable.leafPorts(), LockIn.simpleName(cable.leaf().name()) + "'s "
                            + rate(cable.leaf().portBytesPerSecond()) + " ports");
            warning(LockIn.simpleName(cable.nic().name()) + " ports run at " + r + " but " + fabric + " links at "
                    + link + ": each NIC cable runs at " + r + ", " + leaf + (switchLinks
                            ? ", and only the links between switches at " + link
                            : ", and a single switch has no link at " + link) + ". For NIC links at " + link
                    + " pick a NIC of that rate, or the " + fabric + " variant at " + r + ".", cluster.getScaleOut(),
                    Literals.SCALE_OUT__FABRIC, IssueCodes.LINK_RATE_MISMATCH, link);
        }
    }

    /**
     * Whether the cluster's scale-out is a single switch of no named type: the mapper's ideal switch with one port per
     * endpoint, matched to each NIC (its spec's port rate is a placeholder, not a breakout to count). O(1).
     */
    private static boolean unnamedSingleSwitch(Cluster cluster) {
        return cluster.getScaleOut().getTopology() instanceof SingleSwitchTopology single
                && single.getSwitchType() == null;
    }

    /**
     * The switches of {@code topology} speak {@code fabric} ({@link #speaks}): its named switch at the fabric's link
     * rate, and each stated tier's (leaf, spine, core), whose ports may differ from the links (uplinks say so).
     */
    private void switchesSpeak(Topology topology, Fabric fabric) {
        Switch switchType = switchOf(topology);
        if (resolved(switchType) && speaks(switchType.getName(), "switch", switchType.getFabrics(), fabric, topology,
                null)) {
            boolean between = switchLinks(topology);
            portRate(switchType.getName(), switchType.getPortRate(), fabric, topology, null, (port, link) -> between
                    ? "the links between switches run at " + rate(link) + ", " + onPorts(link / port, "its ports")
                            + ", and each NIC cable at its NIC's rate, on as many ports as that takes"
                    : "a single switch has no link at " + rate(link) + ": each NIC cable runs at its NIC's rate, on as"
                            + " many of its ports as that takes by breakout");
        }
        for (TierLevel level : Topologies.levels(topology)) {
            if (level != null && resolved(level.getSwitchType())) {
                speaks(level.getSwitchType().getName(), "switch", level.getSwitchType().getFabrics(), fabric, level,
                        Literals.TIER_LEVEL__SWITCH_TYPE);
            }
        }
    }

    /** Whether a device that speaks {@code spoken} speaks {@code fabric}; an error where it does not. */
    private boolean speaks(String device, String kind, List<Fabric> spoken, Fabric fabric, EObject target,
            EStructuralFeature feature) {
        if (spoken.stream().anyMatch(f -> resolved(f) && sameFamily(f, fabric))) {
            return true;
        }
        error((kind.equals("NIC") ? "The node's NIC " : "Switch ") + device + " does not speak " + fabric.getName()
                + " (it speaks " + spokenNames(spoken) + "): choose a " + kind + " that speaks " + fabric.getName()
                + ", or a fabric that " + device + " speaks.", target, feature, IssueCodes.FABRIC_MISMATCH,
                fabric.getName());
        return false;
    }

    /**
     * Warns of a switch whose ports run at another rate than {@code fabric}'s links, saying what is built: {@code
     * built} of the port and link rates, bytes per second.
     */
    private void portRate(String device, Quantity portRate, Fabric fabric, EObject target, EStructuralFeature feature,
            BiFunction<Double, Double, String> built) {
        if (portRate == null || fabric.getLinkRate() == null || Units.dimensionOf(portRate) != Dimension.DATA_RATE
                || Units.dimensionOf(fabric.getLinkRate()) != Dimension.DATA_RATE) {
            return; // a rate of the wrong dimension is UnitsValidator's error
        }
        double port = Units.bytesPerSecond(portRate);
        double link = Units.bytesPerSecond(fabric.getLinkRate());
        if (link > 0 && Math.abs(port - link) > RATE_TOLERANCE * link) {
            warning(device + " ports run at " + rate(port) + " but " + fabric.getName() + " links at " + rate(link)
                    + ": " + built.apply(port, link) + ". Pick a switch at " + rate(link) + ", or the "
                    + fabric.getName() + " variant at " + rate(port) + ".", target, feature,
                    IssueCodes.LINK_RATE_MISMATCH, rate(link));
        }
    }

    /**
     * Links that take {@code share} of a port each, as the builder counts a switch's ports (⌈d·r ÷ R⌉ for d links of
     * rate r on ports of rate R): "on 2 of PORTS by breakout" above one, "2 to each of PORTS by breakout" at a half,
     * "one to each of PORTS" between a half and one.
     */
    static String onPorts(double share, String ports) {
        if (share > 1 + RATE_TOLERANCE) {
            double rounded = Math.round(share * 100) / 100.0;
            return "on " + (rounded == Math.rint(rounded) ? String.valueOf((long) rounded) : String.valueOf(rounded))
                    + " of " + ports + " by breakout";
        }
        long perPort = (long) Math.floor(1 / share + RATE_TOLERANCE);
        return perPort > 1 ? perPort + " to each of " + ports + " by breakout" : "one to each of " + ports;
    }

    /** Whether a switched topology has links between switches: all but a single switch (or a one-tier fat-tree). */
    private static boolean switchLinks(Topology topology) {
        return !(topology instanceof SingleSwitchTopology || topology instanceof FatTreeTopology tree
                && tree.getTiers() == 1);
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

    /** A rate as models write it: {@code 400 Gb/s}. */
    static String rate(double bytesPerSecond) {
        return String.format(Locale.ROOT, "%.0f Gb/s", bytesPerSecond * 8 / 1e9);
    }
}
