package org.fabricsim.runtime.spec;

/**
 * A node.
 *
 * @param name          qualified name
 * @param accelerator   its accelerator type
 * @param accelerators  accelerators per node
 * @param scaleUp       its scale-up domain, or null when accelerators talk through the NICs only
 * @param nic           its NIC type, or null for a node without scale-out
 * @param nics          NICs per node
 * @param railAligned   NIC k serves accelerator k and sits on rail k
 */
public record NodeSpec(String name, AcceleratorSpec accelerator, int accelerators, ScaleUpSpec scaleUp, NicSpec nic,
        int nics, boolean railAligned) {

    public NodeSpec {
        Specs.requireName(name);
        Specs.requirePositive("accelerators", accelerators);
        Specs.requireNonNegative("nics", nics);
    }

    /** The accelerators of one scale-up domain as stated, 1 without scale-up. */
    public int scaleUpDomainSize() {
        return scaleUp == null ? 1 : scaleUp.domainSize();
    }
}
