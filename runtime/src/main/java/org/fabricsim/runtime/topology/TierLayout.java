package org.fabricsim.runtime.topology;

import java.util.ArrayList;
import java.util.List;

import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;

/**
 * The switch counts of a fat-tree (or rail-optimized fat-tree), per plane, whether its model states its tiers,
 * pods or planes ({@link TierStructure}) or not (the derived counts below); the builder and the editor's ratio and
 * radix checks all read it, so they agree.
 *
 * <p>With N ports per plane (one per accelerator) over k rails, a rail has n = ⌈N ÷ k⌉ nodes. The
 * stated counts are for the whole cluster: a job on part of it gets switches of the same shape
 * (ports per leaf, uplinks), as many as its ports need.
 * <ul>
 * <li>Leaves: a stated count L gives h = ⌈n ÷ (L ÷ k)⌉ NIC ports per leaf; else h = ⌊R·o₁ ÷ ((1 + o₁)·c)⌋
 * for the leaf switch's radix R, where c = r_s ÷ R_p is the switch ports one accelerator's NIC share takes per
 * plane by breakout ({@link NicCable#leafPorts}): r_s the fastest node group's per-plane NIC port rate, R_p the leaf
 * switch's port rate, c = 1 where the model names no switch (a leaf matched to the NICs). Its h NIC ports take h·c
 * ports and their uplinks h·c ÷ o₁ more at any uplink rate, R in all; h then steps down while the rounded-up counts
 * ({@link Tier#portsUsed}) overflow R, and is at least 1. A 64-port 400 Gb/s leaf at 1:1 under 800 Gb/s NIC ports
 * (c = 2) holds 16 (32 ports down, 32 up), under 400 Gb/s ones 32, under 200 Gb/s shares of a NIC 64. Every group
 * of a mixed cluster is laid out on the fastest group's h, as its leaves are wired ({@link FatTreeLayout}).</li>
 * <li>Pods of P accelerators: P ÷ k nodes per pod and m = k·⌈(P ÷ k) ÷ h⌉ leaves per pod; without
 * pods, m = R ÷ 2 of the tier-2 switch.</li>
 * <li>Leaf uplinks u₁: a stated spine count S (two tiers), or S ÷ pods (three tiers: u₁
 * aggregation switches per pod); else ⌈h·r ÷ (o₁·r₁)⌉ for the per-plane NIC port rate r (not
 * PCIe-capped: {@link NicCable#bytesPerAccelerator}) and the leaf uplink rate r₁.</li>
 * <li>Aggregation uplinks u₂: a stated core count C ÷ u₁; else ⌈m·r₁ ÷ (o₂·r₂)⌉.</li>
 * </ul>
 * Ports used by one switch: ⌈d·r_d ÷ R_p⌉ + ⌈u·r_u ÷ R_p⌉ for d downlinks at r_d and u uplinks at
 * r_u on ports of rate R_p (a slower link takes a share of a port by breakout, a faster one
 * several). Cost O(1).
 */
public final class TierLayout {
    private final int tiers;
    private final int rails;
    private final int hostsPerLeaf;
    private final int podNodes;
    private final int leavesPerPod;
    private final int pods;
    private final int leaves;
    private final int leafUplinks;
    private final int aggregationUplinks;
    private final double portBytesPerSecond;
    private final double leafUpBytesPerSecond;
    private final double aggregationUpBytesPerSecond;
    private final SwitchSpec leafSwitch;
    private final SwitchSpec spineSwitch;
    private final SwitchSpec coreSwitch;

    /**
     * @param structure          what the model states
     * @param switchSpec         the topology's switch, or null (the default radix)
     * @param tiers              switch tiers built, 2 or 3
     * @param ratios             downlink:uplink ratios, leaf first, length tiers − 1
     * @param rails              rails, 1 for none
     * @param ports              NIC ports per plane: the accelerators
     * @param nicBytesPerSecond  the NIC rate per accelerator over all planes
     * @param sizingBytesPerSecond the fastest node group's NIC rate per accelerator over all planes, which derived
     *                           leaves are sized for (the same as {@code nicBytesPerSecond} with one node type)
     * @param linkBytesPerSecond the fabric's link rate
     */
    public TierLayout(TierStructure structure, SwitchSpec switchSpec, int tiers, double[] ratios, int rails, int ports,
            double nicBytesPerSecond, double sizingBytesPerSecond, double linkBytesPerSecond) {
        this.tiers = tiers;
        this.rails = rails;
        this.portBytesPerSecond = nicBytesPerSecond / structure.planes();
        this.leafSwitch = switchOf(structure.leaf(), switchSpec);
        this.spineSwitch = switchOf(structure.spine(), switchSpec);
        this.coreSwitch = switchOf(structure.core(), switchSpec);
        int statedNodes = ceilDiv(structure.accelerators() > 0 ? structure.accelerators() : ports, rails);
        this.leafUpBytesPerSecond = uplinkRate(structure.leaf(), linkBytesPerSecond);
        this.hostsPerLeaf = structure.leaf() != null
                ? ceilDiv(statedNodes, Math.max(1, structure.leaf().count() / rails))
                : Math.max(1, hostsThatFit(derivedHosts(ratios[0], sizingBytesPerSecond / structure.planes()),
                        ratios[0], sizingBytesPerSecond / structure.planes()));
        this.podNodes = tiers == 3 ? structure.podAccelerators() / rails : 0;
        this.leavesPerPod = tiers < 3 ? 1 : podNodes > 0 ? rails * ceilDiv(podNodes, hostsPerLeaf)
                : Math.max(1, radix(spineSwitch) / 2);
        int leavesPerRail = ceilDiv(ceilDiv(ports, rails), hostsPerLeaf);
        this.pods = tiers < 3 ? 1 : ceilDiv(rails * leavesPerRail, leavesPerPod);
        this.leaves = tiers < 3 ? rails * leavesPerRail : pods * leavesPerPod;
        int statedPods = tiers < 3 ? 1 : ceilDiv(rails * ceilDiv(statedNodes, hostsPerLeaf), leavesPerPod);
        this.aggregationUpBytesPerSecond = uplinkRate(structure.spine(), linkBytesPerSecond);
        this.leafUplinks = structure.spine() != null ? Math.max(1, structure.spine().count() / statedPods)
                : FatTreeLayout.uplinks(hostsPerLeaf * portBytesPerSecond, ratios[0], leafUpBytesPerSecond);
        this.aggregationUplinks = tiers < 3 ? 0 : structure.core() != null
                ? Math.max(1, structure.core().count() / leafUplinks)
                : FatTreeLayout.uplinks(leavesPerPod * leafUpBytesPerSecond, ratios[1], aggregationUpBytesPerSecond);
    }

    /**
     * NIC ports under a leaf whose count the model does not state, at leaf ratio o, before rounding the ports up:
     * ⌊R·o ÷ ((1 + o)·c)⌋ for c = r_s ÷ R_p switch ports per NIC port of rate r_s ({@link NicCable#leafPorts}; 1
     * where the model names no switch), R ÷ 2 for a non-blocking leaf of NIC-rate ports. O(1).
     */
    private int derivedHosts(double leafRatio, double sizingPortBytesPerSecond) {
        double switchPortsPerHost = leafSwitch == null ? 1 : sizingPortBytesPerSecond / leafSwitch.portBytesPerSecond();
        return (int) Math.floor(radix(leafSwitch) * leafRatio / ((1 + leafRatio) * switchPortsPerHost) + 1e-9);
    }

    private static SwitchSpec switchOf(TierStructure.Level level, SwitchSpec fallback) {
        return level != null ? level.switchSpec() : fallback;
    }

    private static int radix(SwitchSpec switchSpec) {
        return switchSpec == null ? ClusterTopologies.DEFAULT_RADIX : switchSpec.radix();
    }

    private static double uplinkRate(TierStructure.Level level, double linkBytesPerSecond) {
        return level != null && level.uplinkBytesPerSecond() > 0 ? level.uplinkBytesPerSecond() : linkBytesPerSecond;
    }

    /** ⌈a ÷ b⌉ for a ≥ 0 and b > 0, in long so that a pod of 2^31 − 1 accelerators does not wrap to a negative count. */
    private static int ceilDiv(int a, int b) {
        return (int) (((long) a + b - 1) / b);
    }

    /**
     * The engine's parameters of one plane; link rates are derated by {@code efficiency} as the
     * fabric link is.
     *
     * @throws IllegalArgumentException when a leaf does not fit its named switch ({@link #builtLeaf})
     */
    FatTreeParameters parameters(double[] ratios, LinkClass fabricLink, double efficiency) {
        builtLeaf();
        LinkClass leafUp = new LinkClass(leafUpBytesPerSecond, fabricLink.latencyPs()).derated(efficiency);
        LinkClass aggregationUp = new LinkClass(aggregationUpBytesPerSecond, fabricLink.latencyPs()).derated(efficiency);
        return new FatTreeParameters(tiers, hostsPerLeaf, leavesPerPod, ratios, fabricLink, rails,
                new FatTreeParameters.Shape(leafUplinks, aggregationUplinks, podNodes, leafUp, aggregationUp));
    }

    /**
     * The leaf tier as built, per plane.
     *
     * @throws IllegalArgumentException when its NIC ports and uplinks take more ports than its named switch has
     *                                  ({@link Tier#fits}), which the editor refuses ({@code fabric.physical.leaf-ports},
     *                                  {@code fabric.physical.tier-ports}): no impossible switch is built
     */
    Tier builtLeaf() {
        Tier leaf = tiers().get(0);
        if (!leaf.fits()) {
            throw new IllegalArgumentException("each leaf (" + leaf.switchSpec().name() + ", "
                    + leaf.switchSpec().radix() + " ports) needs " + leaf.portsUsed() + " for its " + leaf.downlinks()
                    + " NIC ports and " + leaf.uplinks() + " uplinks");
        }
        return leaf;
    }

    /**
     * One tier as built, per plane.
     *
     * @param role      leaf, spine or core
     * @param switches  switches in the tier
     * @param switchSpec its switch, or null when the model names none
     * @param downlinks downlinks per switch
     * @param downBytesPerSecond their rate
     * @param uplinks   uplinks per switch
     * @param upBytesPerSecond their rate
     */
    public record Tier(String role, int switches, SwitchSpec switchSpec, int downlinks, double downBytesPerSecond,
            int uplinks, double upBytesPerSecond) {
        /** Ports of its switch one switch of the tier uses. */
        public long portsUsed() {
            double port = switchSpec == null ? Math.max(downBytesPerSecond, upBytesPerSecond)
                    : switchSpec.portBytesPerSecond();
            return (long) Math.ceil(downlinks * downBytesPerSecond / port - 1e-9)
                    + (long) Math.ceil(uplinks * upBytesPerSecond / port - 1e-9);
        }

        /** Whether the tier's switch has the ports (always, when the model names none). */
        public boolean fits() {
            return switchSpec == null || portsUsed() <= switchSpec.radix();
        }

        /** Downlink bandwidth ÷ uplink bandwidth of one switch; 0 for the top tier. */
        public double oversubscription() {
            return uplinks == 0 ? 0 : downlinks * downBytesPerSecond / (uplinks * upBytesPerSecond);
        }
    }

    /**
     * The most NIC ports h ≤ {@code most} at {@code portRate} a leaf of this layout's switch holds with uplinks derived
     * at leaf ratio o, u = ⌈h·r ÷ (o·r₁)⌉, and still fits ({@link Tier#fits}); 0 when not even one does. O(h).
     */
    private int hostsThatFit(int most, double leafRatio, double portRate) {
        for (int hosts = most; hosts >= 1; hosts--) {
            int uplinks = FatTreeLayout.uplinks(hosts * portRate, leafRatio, leafUpBytesPerSecond);
            if (new Tier("leaf", 1, leafSwitch, hosts, portRate, uplinks, leafUpBytesPerSecond).fits()) {
                return hosts;
            }
        }
        return 0;
    }

    /** The tiers, leaf first. */
    public List<Tier> tiers() {
        List<Tier> built = new ArrayList<>();
        built.add(new Tier("leaf", leaves, leafSwitch, hostsPerLeaf, portBytesPerSecond, leafUplinks,
                leafUpBytesPerSecond));
        if (tiers == 2) {
            built.add(new Tier("spine", leafUplinks, spineSwitch, leaves, leafUpBytesPerSecond, 0, 0));
        } else {
            built.add(new Tier("spine", pods * leafUplinks, spineSwitch, leavesPerPod, leafUpBytesPerSecond,
                    aggregationUplinks, aggregationUpBytesPerSecond));
            built.add(new Tier("core", leafUplinks * aggregationUplinks, coreSwitch, pods,
                    aggregationUpBytesPerSecond, 0, 0));
        }
        return built;
    }

    /** Rails (1 for none). */
    public int rails() {
        return rails;
    }

    /** Pods built (1 below three tiers). */
    public int pods() {
        return pods;
    }
}
