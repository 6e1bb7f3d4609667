package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.collective.Generation;
import org.fabricsim.runtime.spec.FabricSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.ScaleUpSpec;

/**
 * The links of a node and of a network as {@link ClusterTopologies} builds them, at their stated rates
 * derated by a {@link Calibration}: a derated link carries efficiency × its rate. O(1) each.
 */
final class CalibratedLinks {
    private CalibratedLinks() {
    }

    /**
     * The derated NIC link class per accelerator of {@code node} on {@code scaleOut}: what its share of the NICs'
     * cables injects, at the NIC port's rate whatever the fabric's link rate, capped by a narrower PCIe host link
     * ({@link NicCable#injectionBytesPerAccelerator}, the rule the editor's injection ratio and port-rate warning
     * read); its latency the NIC's plus the fabric's per-link latency, since the NIC cable is a link of
     * the fabric: a route NIC → switch → NIC on one switch pays 2·(L_nic + L_fabric).
     */
    static LinkClass nicLink(NodeSpec node, ScaleOutSpec scaleOut, Calibration calibration) {
        return new LinkClass(NicCable.injectionBytesPerAccelerator(node, scaleOut),
                node.nic().latencyPs() + scaleOut.fabric().latencyPs()).derated(efficiency(scaleOut, calibration));
    }

    /**
     * The link efficiency of a network: its fabric's own when stated (the share it measured at its MTU), else the
     * profile's NIC efficiency, measured at the default MTU, times the header share of the fabric's stated MTU
     * against it ({@link org.fabricsim.runtime.spec.PacketSettings#headerShareAgainstDefault}), at most 1; either
     * times the goodput its bit errors leave ({@link BitErrors}).
     */
    static double efficiency(ScaleOutSpec network, Calibration calibration) {
        FabricSpec fabric = network.fabric();
        double stated = fabric.linkEfficiency();
        double share = stated > 0 ? stated
                : Math.min(1, calibration.nicEfficiency() * fabric.packet().headerShareAgainstDefault());
        return share * BitErrors.goodputShare(fabric, BitErrors.longestRouteLinks(network.topology()),
                ClusterTopologies.routing(network).reordersFlows());
    }

    /**
     * The scale-up domains of {@code domain} accelerators ({@link ClusterDomains#size}) of {@code node}, their links
     * derated by the accelerator's measured scale-up efficiency, else the scale-up fabric's stated {@code
     * efficiency}, else {@code calibration}'s NVLink efficiency.
     */
    static ScaleUpParameters scaleUp(NodeSpec node, int domain, Calibration calibration) {
        ScaleUpSpec spec = node.scaleUp();
        if (spec == null || domain < 2) {
            return ScaleUpParameters.none();
        }
        double measured = node.accelerator().scaleUpEfficiency();
        double stated = spec.fabric().linkEfficiency();
        double efficiency = measured > 0 ? measured : stated > 0 ? stated : calibration.nvlinkEfficiency();
        if (spec.kind() == ScaleUpSpec.Kind.FULL_MESH) {
            LinkClass perPair = new LinkClass(spec.bytesPerSecondPerAccelerator() / (domain - 1),
                    spec.fabric().latencyPs()).derated(efficiency);
            return ScaleUpParameters.fullMesh(domain, perPair);
        }
        LinkClass link = new LinkClass(spec.bytesPerSecondPerAccelerator(), spec.fabric().latencyPs())
                .derated(efficiency);
        return ScaleUpParameters.switched(domain, link, spec.inSwitchReduction())
                .withInSwitchEfficiency(calibration.nvlsEfficiency(Generation.of(node.accelerator().architecture())));
    }
}
