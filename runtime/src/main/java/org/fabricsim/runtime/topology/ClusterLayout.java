package org.fabricsim.runtime.topology;

import org.fabricsim.runtime.sim.Keywords;

/**
 * What building a cluster lays down ({@link ClusterTopology}): its graph and the first handles of
 * each family of links, in this order: accelerators (nodes 0 to n − 1), the scale-up domain switches
 * and links, the scale-out fabric, the accelerators' NIC links into it, the data-centre network and
 * its NIC links.
 *
 * <p>Link layout: for a switched domain, accelerator e's link to its domain switch is {@code
 * scaleUpFirst + 2e} and the way back {@code + 1}; for a full mesh, i → j in domain D is {@code
 * scaleUpFirst + (D·k + i)·(k − 1) + (j &lt; i ? j : j − 1)}; accelerator e's NIC uplink is {@code
 * nicFirst + 2e}, its NIC downlink {@code + 1}; its data-centre NIC link {@code dataCentreNicFirst +
 * 2e} and {@code + 1}. A handle is −1 where the family is absent.
 *
 * @param graph              the built graph
 * @param accelerators       the accelerators
 * @param scaleUp            the scale-up domains
 * @param firstDomainSwitch  the first domain switch's node
 * @param scaleUpFirst       the first scale-up link
 * @param scaleOut           the scale-out fabric, or null
 * @param nicFirst           the first NIC link
 * @param dataCentre         the data-centre network, or null
 * @param dataCentreNicFirst the first data-centre NIC link
 * @param description        a one-line description of the shape
 */
record ClusterLayout(Graph graph, int accelerators, ScaleUpParameters scaleUp, int firstDomainSwitch,
        int scaleUpFirst, ScaleOutFabric scaleOut, int nicFirst, ScaleOutFabric dataCentre, int dataCentreNicFirst,
        String description) {

    /** Builds the cluster of {@code parameters} into {@code builder}, a new one. Cost O(nodes + links). */
    static ClusterLayout build(ClusterParameters parameters, GraphBuilder builder) {
        int accelerators = parameters.accelerators();
        ScaleUpParameters scaleUp = parameters.scaleUp();
        int domainSize = scaleUp.domainSize();
        builder.addNodes(Graph.ACCELERATOR, accelerators, false);
        int domains = accelerators / domainSize;
        int firstDomainSwitch = -1;
        int scaleUpFirst = -1;
        if (scaleUp.kind() == ScaleUpParameters.Kind.SWITCHED) {
            firstDomainSwitch = builder.addNodes(Graph.SWITCH, domains, scaleUp.inSwitchReduction());
            scaleUpFirst = builder.linkCount();
            for (int e = 0; e < accelerators; e++) {
                builder.addLink(e, firstDomainSwitch + e / domainSize, scaleUp.link());
                builder.addLink(firstDomainSwitch + e / domainSize, e, scaleUp.link());
            }
        } else if (scaleUp.kind() == ScaleUpParameters.Kind.FULL_MESH) {
            scaleUpFirst = builder.linkCount();
            for (int e = 0; e < accelerators; e++) {
                int base = e - e % domainSize;
                for (int j = 0; j < domainSize; j++) {
                    if (base + j != e) {
                        builder.addLink(e, base + j, scaleUp.link());
                    }
                }
            }
        }
        ScaleOutFabric scaleOut = null;
        int nicFirst = -1;
        if (parameters.scaleOut() != null && parameters.scaleOut().direct()) {
            scaleOut = parameters.scaleOut().build(builder, accelerators, 0);
        } else if (parameters.scaleOut() != null) {
            LinkClass nic = parameters.nicLink();
            scaleOut = parameters.scaleOut().build(builder, accelerators, nic.bytesPerSecond());
            nicFirst = attach(builder, scaleOut, accelerators, nic);
        }
        ScaleOutFabric dataCentre = null;
        int dataCentreNicFirst = -1;
        if (parameters.dataCentre() != null) {
            LinkClass nic = parameters.dataCentre().nicLink();
            dataCentre = parameters.dataCentre().fabric().build(builder, accelerators, nic.bytesPerSecond());
            dataCentreNicFirst = attach(builder, dataCentre, accelerators, nic);
        }
        String description = accelerators + " accelerators, scale-up " + Keywords.of(scaleUp.kind())
                + (domainSize > 1 ? " x" + domainSize : "") + (scaleOut == null ? "" : ", " + scaleOut.describe())
                + (dataCentre == null ? "" : ", data-centre network " + dataCentre.describe());
        return new ClusterLayout(builder.build(), accelerators, scaleUp, firstDomainSwitch, scaleUpFirst, scaleOut,
                nicFirst, dataCentre, dataCentreNicFirst, description);
    }

    /**
     * Writes the route from {@code src} to {@code dst} of one domain over its built links (switched or
     * full mesh) into {@code out} from index 0; returns how many were written. O(1).
     */
    int domainRoute(int src, int dst, int[] out) {
        if (scaleUp.kind() == ScaleUpParameters.Kind.SWITCHED) {
            out[0] = scaleUpFirst + 2 * src;
            out[1] = scaleUpFirst + 2 * dst + 1;
            return 2;
        }
        int domainSize = scaleUp.domainSize();
        int i = src % domainSize;
        int j = dst % domainSize;
        out[0] = scaleUpFirst + src * (domainSize - 1) + (j < i ? j : j - 1);
        return 1;
    }

    /** Links every accelerator to its attach node of {@code fabric} and back; returns the first link. */
    private static int attach(GraphBuilder builder, ScaleOutFabric fabric, int accelerators, LinkClass nic) {
        int first = builder.linkCount();
        for (int e = 0; e < accelerators; e++) {
            builder.addLink(e, fabric.attachNode(e), nic);
            builder.addLink(fabric.attachNode(e), e, nic);
        }
        return first;
    }
}
