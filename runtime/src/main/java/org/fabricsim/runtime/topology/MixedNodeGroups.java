package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.NodeGroupSpec;
import org.fabricsim.runtime.spec.NodeSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;

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
     * the accelerators per node, the scale-up shape and the NICs per node (validation), so only the rates differ.
     *
     * <p>Each group's leaves are sized for its own NICs at the leaf tier's ratio, as a buyer builds them: a leaf
     * of group g's ports has the uplinks a cluster of g's nodes alone would get ({@link TierLayout}, the same h NIC
     * ports per leaf), u_g = ⌈h·r_g ÷ (o₁·r₁)⌉ for g's NIC port rate r_g, and at least the first group's u₁, one
     * to each shared spine ({@link ClusterTopologies#groupLeaf}). Its u₁ built links each carry u_g ÷ u₁ links'
     * worth (800 Gb/s NICs under 400 Gb/s ones' 1:1 leaves get twice the uplinks, and stay 1:1): parallel links
     * to one spine bundled, which a flow may cross at the bundle's rate, as adaptive routing or spraying spreads
     * one over parallel links and ECMP does not (NCCL's 2 flows per peer hash onto two). Scaling a slower group's
     * links down instead would cap each of its flows below one link's rate (a Hopper ring under leaves sized for
     * Blackwell NICs went from 42.9 to 59.1 ms): a slower group keeps the first group's uplinks. A leaf that holds
     * ports of two groups is sized for the faster. Stated uplink counts (a stated spine tier) are the same for every
     * group, factor 1. The tiers above the leaves are shared, their switch counts from the first group's leaves;
     * in three tiers a pod's aggregation uplinks (and the core links down into it) carry the largest u_g ÷ u₁ of its
     * leaves ({@link ScaleOutFabric#podUplinks}), so a pod of faster leaves stays at the aggregation ratio. On a
     * multi-plane fabric each NIC's ports into the planes run at its group's NIC rate ÷ planes ({@link
     * ScaleOutFabric#portLinks}), scaled with its NIC cable. A collective across groups then runs at its slowest
     * link as the network model shares links.
     * O(accelerators · (domain + leaf uplinks)).
     *
     * @throws IllegalArgumentException when a group's leaves do not fit their named switch ({@link
     *                                  TierLayout#builtLeaf}), which the editor refuses
     */
    static ClusterTopology build(ClusterTopology built, ClusterSpec cluster, Calibration calibration) {
        NodeSpec first = cluster.node();
        int domain = ClusterDomains.size(cluster);
        double firstScaleUp = scaleUpRate(first, domain, calibration);
        double firstNic = nicRate(first, cluster.scaleOut(), calibration);
        double firstLeafUp = leafUplinkBytesPerSecond(first, cluster);
        double[] scaleUpFactor = new double[cluster.accelerators()];
        double[] nicFactor = new double[cluster.accelerators()];
        double[] leafFactor = new double[cluster.accelerators()];
        long[] nicAddedPs = new long[cluster.accelerators()];
        int e = 0;
        for (NodeGroupSpec group : cluster.nodeGroups()) {
            double scaleUp = firstScaleUp > 0 ? scaleUpRate(group.node(), domain, calibration) / firstScaleUp : 1;
            double nic = firstNic > 0 ? nicRate(group.node(), cluster.scaleOut(), calibration) / firstNic : 1;
            double leaf = firstLeafUp > 0 ? leafUplinkBytesPerSecond(group.node(), cluster) / firstLeafUp : 1;
            long added = firstNic > 0 && group.node().nic() != null
                    ? group.node().nic().latencyPs() - first.nic().latencyPs() : 0;
            for (int end = e + group.nodes() * first.accelerators(); e < end; e++) {
                scaleUpFactor[e] = scaleUp;
                nicFactor[e] = nic;
                leafFactor[e] = leaf;
                nicAddedPs[e] = added;
            }
        }
        return built.withAcceleratorLinks(scaleUpFactor, nicFactor, leafFactor, nicAddedPs);
    }

    /**
     * The uplink bandwidth u·r_u of one leaf of {@code node}'s NIC ports on the cluster's tree, per plane ({@link
     * ClusterTopologies#groupLeaf}); 0 where no tree of leaves is built
     * (no switched network, one switch tier, a dragonfly or torus, a node without NICs). O(1).
     */
    private static double leafUplinkBytesPerSecond(NodeSpec node, ClusterSpec cluster) {
        ScaleOutSpec scaleOut = cluster.scaleOut();
        if (node.nic() == null || scaleOut == null || !ClusterDomains.joined(cluster)
                || !(scaleOut.topology() instanceof TopologySpec.FatTree
                        || scaleOut.topology() instanceof TopologySpec.RailOptimized)
                || ClusterTopologies.builtTiers(scaleOut.topology()) < 2) {
            return 0;
        }
        try {
            ClusterTopologies.layout(cluster, node).builtLeaf();
        } catch (IllegalArgumentException unbuildable) {
            throw new IllegalArgumentException("the " + node.name() + " nodes' leaves: " + unbuildable.getMessage(),
                    unbuildable);
        }
        TierLayout.Tier leaf = ClusterTopologies.groupLeaf(cluster, node);
        return leaf.uplinks() * leaf.upBytesPerSecond();
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
