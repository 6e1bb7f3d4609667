package org.fabricsim.runtime.topology;

/**
 * A second scale-out network of a cluster beside its back-end fabric: the data-centre (front-end)
 * network that joins pods, such as the DCN between PaLM's two TPU v4 pods (Chowdhery et al., arXiv
 * 2204.02311, §4). Every accelerator reaches it through its own NIC link ({@code nicLink}), the
 * network's ports numbered like the accelerators; a collective runs on it through {@link
 * ClusterTopology#onDataCentre}.
 *
 * @param fabric  the network (a switched fabric: single switch, fat-tree, rail-optimized, dragonfly)
 * @param nicLink the link of each accelerator's NIC into it (host NIC bandwidth shared by the host's
 *                accelerators is written as its share per accelerator)
 */
public record DataCentreParameters(FabricParameters fabric, LinkClass nicLink) {

    public DataCentreParameters {
        if (fabric == null || nicLink == null) {
            throw new IllegalArgumentException("a data-centre network needs a fabric and a NIC link");
        }
        if (fabric.direct()) {
            throw new IllegalArgumentException("a data-centre network is switched; a direct fabric has no NIC links");
        }
    }
}
