package org.fabricsim.runtime.topology;

import java.util.Arrays;

/**
 * The links a failed, slow or re-typed part of a built cluster touches ({@link DegradedTopologies#withoutCable},
 * {@link DegradedTopologies#withoutSwitch}, {@link DegradedTopologies#withSlowLink}, {@link
 * ClusterTopology#withAcceleratorLinks}), as per-link flags, handles, factors or latencies. O(links) each.
 */
final class PartLinks {
    private PartLinks() {
    }

    /** Per link of {@code graph}: whether it is one of {@code links}. */
    static boolean[] flags(Graph graph, int[] links) {
        boolean[] flags = new boolean[graph.linkCount()];
        for (int link : links) {
            flags[link] = true;
        }
        return flags;
    }

    /** Per link of {@code graph}: whether it leaves or enters {@code node}. */
    static boolean[] around(Graph graph, int node) {
        boolean[] flags = new boolean[graph.linkCount()];
        for (int link = 0; link < flags.length; link++) {
            flags[link] = graph.linkFrom(link) == node || graph.linkTo(link) == node;
        }
        return flags;
    }

    /** The links out of and into {@code node}, in handle order. */
    static int[] of(Graph graph, int node) {
        int[] links = new int[graph.linkCount()];
        int count = 0;
        for (int link = 0; link < links.length; link++) {
            if (graph.linkFrom(link) == node || graph.linkTo(link) == node) {
                links[count++] = link;
            }
        }
        return Arrays.copyOf(links, count);
    }

    /**
     * Per link of {@code topology}: {@code scaleUpFactor[e]} on the built scale-up links out of and into
     * accelerator e, {@code nicFactor[e]} on its NIC cable and its ports into every plane ({@link
     * ScaleOutFabric#portLinks}), on its leaf's uplinks ({@link ScaleOutFabric#leafUplinks}) the largest {@code
     * leafUplinkFactor} of the ports the leaf holds and on its pod's aggregation uplinks ({@link
     * ScaleOutFabric#podUplinks}) the largest of the ports the pod holds (a pod of one group's leaves sized for
     * them, one of several groups for the fastest), 1 elsewhere.
     * O(links + accelerators · (domain size + leaf and pod uplinks)).
     */
    static double[] acceleratorFactors(ClusterTopology topology, ClusterLayout layout, double[] scaleUpFactor,
            double[] nicFactor, double[] leafUplinkFactor) {
        double[] factors = new double[topology.graph().linkCount()];
        int domainSize = topology.domainSize();
        ScaleOutFabric scaleOut = topology.scaleOutFabric();
        for (int e = 0; scaleOut != null && e < topology.accelerators(); e++) {
            for (int[] uplinks : new int[][] {scaleOut.leafUplinks(e), scaleOut.podUplinks(e)}) {
                for (int link : uplinks) {
                    factors[link] = Math.max(factors[link], leafUplinkFactor[e]);
                }
            }
        }
        for (int link = 0; link < factors.length; link++) {
            factors[link] = factors[link] > 0 ? factors[link] : 1.0;
        }
        for (int e = 0; e < topology.accelerators(); e++) {
            if (topology.scaleUpKind() == ScaleUpParameters.Kind.SWITCHED) {
                factors[topology.scaleUpUplink(e)] = scaleUpFactor[e];
                factors[topology.scaleUpDownlink(e)] = scaleUpFactor[e];
            } else if (topology.scaleUpKind() == ScaleUpParameters.Kind.FULL_MESH) {
                for (int j = 0; j < domainSize - 1; j++) {
                    factors[layout.scaleUpFirst() + e * (domainSize - 1) + j] = scaleUpFactor[e];
                }
            }
            if (topology.hasNics()) {
                factors[topology.nicUplink(e)] = nicFactor[e];
                factors[topology.nicDownlink(e)] = nicFactor[e];
                for (int link : scaleOut == null ? new int[0] : scaleOut.portLinks(e)) {
                    factors[link] = nicFactor[e];
                }
            }
        }
        return factors;
    }

    /** Per link of {@code topology}: {@code nicAddedPs[e]} on accelerator e's NIC cable (both ways), 0 elsewhere. */
    static long[] nicLatencies(ClusterTopology topology, long[] nicAddedPs) {
        long[] added = new long[topology.graph().linkCount()];
        if (topology.hasNics()) {
            for (int e = 0; e < topology.accelerators(); e++) {
                added[topology.nicUplink(e)] = nicAddedPs[e];
                added[topology.nicDownlink(e)] = nicAddedPs[e];
            }
        }
        return added;
    }
}
