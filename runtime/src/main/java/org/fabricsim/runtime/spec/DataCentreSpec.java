package org.fabricsim.runtime.spec;

import java.util.Objects;

/**
 * A cluster's second network beside its scale-out fabric: the data-centre network joining its pods
 * (PaLM's two TPU v4 pods, Chowdhery et al., arXiv 2204.02311, §4). A switched network; every
 * accelerator reaches it by its share of a host NIC.
 *
 * @param network                     its fabric and (switched) topology
 * @param nicBytesPerSecond           each accelerator's NIC bandwidth into it, per direction
 */
public record DataCentreSpec(ScaleOutSpec network, double nicBytesPerSecond) {

    public DataCentreSpec {
        Objects.requireNonNull(network, "network");
        Specs.requirePositive("nicBytesPerSecond", nicBytesPerSecond);
        if (network.topology() instanceof TopologySpec.Torus) {
            throw new IllegalArgumentException("a data-centre network is switched, not a torus");
        }
    }
}
