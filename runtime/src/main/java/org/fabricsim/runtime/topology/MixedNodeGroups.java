package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;

/** The links of a cluster whose node groups are of several types ({@link ClusterSpec#mixed}). */
final class MixedNodeGroups {
    private MixedNodeGroups() {
    }

    /**
     * A mixed cluster from {@code built}, built with the first group's node type, then each accelerator's scale-up
     * links and NIC cable scaled by its group's derated rate over the first group's, and its NIC cable's latency
     * its own NIC's plus the fabric's, L_nic(group) − L_nic(first) more than built ({@link CalibratedLinks#nicLink}:
     * a route across two groups pays both NICs' latencies). A group's NIC cable runs at its own NIC's rate whatever
     * the fabric's link rate ({@link NicCable}: each group's leaf ports matched to its NICs). The groups share
     * the accelerators per node, the scale-up shape and the NICs per node (validation), so only the
     * rates differ; the fabric's switches and links are the same for all, sized for the first group's NICs (a group
     * of faster NICs runs its leaves above their ratio). A collective across groups
     * then runs at its slowest link as the network model shares links. O(accelerators · domain).
     */
    static ClusterTopology build(ClusterTopology built, ClusterSpec cluster, Calibration calibration) {
        NodeSpec first = cluster.node();
        int domain = ClusterDomains.size(cluster);
        double firstScaleUp = scaleUpRate(first, domain, calibration);
        double firstNic = nicRate(first, cluster.scaleOut(), calibration);
        double[] scaleUpFactor = new double[cluster.accelerators()];
        double[] nicFactor = new double[cluster.accelerators()];
        long[] nicAddedPs = new long[cluster.accelerators()];
        int e = 0;
        for (NodeGroupSpec group : cluster.nodeGroups()) {
            double scaleUp = firstScaleUp > 0 ? scaleUpRate(group.node(), domain, calibration) / firstScaleUp : 1;
            double nic = firstNic > 0 ? nicRate(group.node(), cluster.scaleOut(), calibration) / firstNic : 1;
            long added = firstNic > 0 && group.node().nic() != null
                    ? group.node().nic().latencyPs() - first.nic().latencyPs() : 0;
            for (int end = e + group.nodes() * first.accelerators(); e < end; e++) {
                scaleUpFactor[e] = scaleUp;
                nicFactor[e] = nic;
                nicAddedPs[e] = added;
            }
        }
        return built.withAcceleratorLinks(scaleUpFactor, nicFactor, nicAddedPs);
    }

    /** The derated scale-up link rate of a node's accelerators in domains of {@code domain}, 0 without scale-up. */
    private static double scaleUpRate(NodeSpec node, int domain, Calibration calibration) {
        ScaleUpParameters scaleUp = CalibratedLinks.scaleUp(node, domain, calibration);
        return scaleUp.link() == null ? 0 : scaleUp.link().bytesPerSecond();
    }

    /** The derated NIC rate per accelerator of a node on {@code scaleOut}, 0 without NICs. */
    private static double nicRate(NodeSpec node, ScaleOutSpec scaleOut, Calibration calibration) {
        return scaleOut == null || node.nic() == null ? 0
                : CalibratedLinks.nicLink(node, scaleOut, calibration).bytesPerSecond();
    }
}
