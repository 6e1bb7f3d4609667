package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NicSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.SwitchSpec;
import org.fabricsim.runtime.spec.TierStructure;
import org.fabricsim.runtime.spec.TopologySpec;

/**
 * One NIC port's cable into a switched network: what a fabric's {@code link} rate means against a NIC port of another
 * rate. It is the one rule the engine's build ({@link CalibratedLinks#nicLink}, the leaves {@link TierLayout} sizes
 * through {@link #bytesPerAccelerator}), the editor's injection ratio ({@code Oversubscription}) and its port-rate
 * warning ({@code fabric.physical.link-rate}) read, so that none of them can disagree with another.
 *
 * <p>The rule: the cable runs at the NIC port's rate r, whatever the fabric's link rate r₁. The two ends of a cable
 * negotiate to the slower one, and the NIC's end is met by leaf ports of its rate: where the leaf's switch ports run
 * at R ≠ r, the NIC port takes r ÷ R of them by breakout (an 800 Gb/s port on two 400 Gb/s ones, two 400 Gb/s NIC
 * ports on one 800 Gb/s one), which the leaf-port checks count ({@link TierLayout.Tier#portsUsed}); where the model
 * names no switch, the leaf's ports are matched to the NIC. The fabric's {@code link} is the rate of its own links
 * between switches (a tier's stated {@code uplinks} overrides it), and of a dragonfly's router links. That is how a
 * buyer builds a mixed cluster (each group's leaves have ports for its NICs: 800 Gb/s Blackwell NICs beside 400 Gb/s
 * Hopper ones on a 400 Gb/s fabric) and how the builder has always sized its leaves; a NIC meant to link at r₁ is a
 * NIC of that rate. Capping the cable at min(r, r₁) instead (tried in session 65: no calibrated or held-out figure
 * moved) would build a mixed cluster's 800 Gb/s Blackwell NICs as 400 Gb/s ones, against the leaves matched to them.
 *
 * @param nic                      the NIC, whose port rate r and ports the cable carries
 * @param fabricLinkBytesPerSecond the fabric's link rate r₁
 * @param leaf                     the switch the NIC's cable plugs into, its ports at rate R; null where the model
 *                                 names none (a leaf matched to the NIC)
 */
public record NicCable(NicSpec nic, double fabricLinkBytesPerSecond, SwitchSpec leaf) {
    /** Relative difference below which two rates are equal (floating point, unit conversions). */
    private static final double RATE_TOLERANCE = 1e-6;

    /**
     * The cable of one port of {@code nic} on {@code network}: its leaf the stated leaf tier's switch, else the
     * topology's. O(1).
     */
    public static NicCable of(NicSpec nic, ScaleOutSpec network) {
        TopologySpec topology = network.topology();
        TierStructure.Level stated = ClusterTopologies.structure(topology).leaf();
        return new NicCable(nic, network.fabric().linkBytesPerSecond(),
                stated != null ? stated.switchSpec() : topology.switchSpec());
    }

    /** The rate the cable runs at, each way: the NIC port's, r. O(1). */
    public double bytesPerSecond() {
        return nic.portBytesPerSecond();
    }

    /**
     * Whether the cable runs at the fabric's link rate, r within a millionth of r₁: where it does not, the editor says
     * what is built instead ({@code fabric.physical.link-rate}). O(1).
     */
    public boolean atFabricRate() {
        return Math.abs(bytesPerSecond() - fabricLinkBytesPerSecond) <= RATE_TOLERANCE * fabricLinkBytesPerSecond;
    }

    /**
     * The leaf ports the cable takes, r ÷ R: 2 for an 800 Gb/s NIC port on 400 Gb/s switch ports (breakout), 0.5 for
     * a 400 Gb/s one sharing an 800 Gb/s port; 1 where the model names no switch (the leaf matched to the NIC).
     */
    public double leafPorts() {
        return leaf == null ? 1 : bytesPerSecond() / leaf.portBytesPerSecond();
    }

    /** The cables of the whole NIC, each way: its ports × r. O(1). */
    public double networkBytesPerSecond() {
        return nic.ports() * bytesPerSecond();
    }

    /**
     * What the NIC moves between its cables and its host, each way: {@link #networkBytesPerSecond}, or its PCIe host
     * link's rate when the NIC states a narrower one (GPUDirect RDMA moves an accelerator's traffic across it: a 400
     * Gb/s NIC on PCIe gen4 x16 carries 31.5 GB/s, not 50). O(1).
     */
    public double injectionBytesPerSecond() {
        double host = nic.hostBytesPerSecond();
        return host > 0 ? Math.min(networkBytesPerSecond(), host) : networkBytesPerSecond();
    }

    /**
     * The cable bandwidth of {@code node}'s NICs per accelerator on {@code network}: {@link #networkBytesPerSecond} ×
     * NICs ÷ accelerators (a node's NICs counted at least once). The leaves' NIC ports are sized against it; it is not
     * capped by a narrower PCIe host link, which slows what the NIC injects but takes no port off the leaf (a 1:1 leaf
     * of 32 × 400 Gb/s NICs on PCIe gen4 x16, 31.5 GB/s, sized on the capped rate, got ⌈32·31.5 ÷ 50⌉ = 21 uplinks:
     * 1.52:1 of ports, while the editor reported 1:1). O(1).
     */
    public static double bytesPerAccelerator(NodeSpec node, ScaleOutSpec network) {
        return of(node.nic(), network).networkBytesPerSecond() * Math.max(1, node.nics()) / node.accelerators();
    }

    /**
     * What one accelerator of {@code node} injects into {@code network}: {@link #injectionBytesPerSecond} × NICs ÷
     * accelerators (a node's NICs counted at least once). O(1).
     */
    public static double injectionBytesPerAccelerator(NodeSpec node, ScaleOutSpec network) {
        return of(node.nic(), network).injectionBytesPerSecond() * Math.max(1, node.nics()) / node.accelerators();
    }

    /**
     * The NIC cable bandwidth per accelerator a cluster's derived leaves are sized for: the largest of its node
     * groups' ({@link #bytesPerAccelerator}), as every group's NIC ports share one h per leaf ({@link
     * FatTreeLayout}) and the fastest group's must fit (a leaf of 400 Gb/s ports under 800 Gb/s NICs holds half as
     * many as under 400 Gb/s ones, so a mixed cluster's leaves hold the 800 Gb/s group's count). O(groups).
     */
    public static double fastestBytesPerAccelerator(ClusterSpec cluster) {
        double fastest = 0;
        for (NodeGroupSpec group : cluster.nodeGroups()) {
            if (group.node().nic() != null) {
                fastest = Math.max(fastest, bytesPerAccelerator(group.node(), cluster.scaleOut()));
            }
        }
        return fastest;
    }
}
