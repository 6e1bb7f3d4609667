package org.fabricsim.dsl.mapping;

/**
 * PCIe bandwidth per direction. Per lane: gen3 8 GT/s and gen4 16 GT/s and gen5 32 GT/s with
 * 128b/130b encoding; gen6 64 GT/s PAM4 with 242B/256B FLIT efficiency (PCI-SIG, PCI Express Base
 * Specification 3.0 §4.2, 4.0, 5.0 and 6.0 §4.2.3.1). Protocol (TLP header) overhead is not taken off.
 */
final class Pcie {
    private Pcie() {
    }

    static double bytesPerSecond(org.fabricsim.dsl.fabric.Pcie pcie) {
        return perLane(pcie.getGeneration()) * lanes(pcie.getWidth());
    }

    /**
     * The host link a NIC gets in a node's slot: a PCIe link trains to the lower generation and the narrower width of
     * its two ends (PCI Express Base Specification, link training), so {@code nic}'s link at the generation and
     * width both it and {@code slot} support; the NIC's own when the node states none. 0 for a NIC that states no
     * PCIe: it is not known to sit on one (Gaudi 3's scale-out ports are on the accelerator's die, and the node's
     * PCIe is the accelerator's host interface, which they do not cross). O(1).
     */
    static double trainedBytesPerSecond(org.fabricsim.dsl.fabric.Pcie nic, org.fabricsim.dsl.fabric.Pcie slot) {
        if (nic == null || slot == null) {
            return nic == null ? 0 : bytesPerSecond(nic);
        }
        org.fabricsim.dsl.fabric.PcieGeneration generation = nic.getGeneration().getValue() <= slot.getGeneration()
                .getValue() ? nic.getGeneration() : slot.getGeneration();
        return perLane(generation) * Math.min(lanes(nic.getWidth()), lanes(slot.getWidth()));
    }

    private static double perLane(org.fabricsim.dsl.fabric.PcieGeneration generation) {
        return switch (generation) {
            case GEN3 -> 8e9 * 128 / 130 / 8;
            case GEN4 -> 16e9 * 128 / 130 / 8;
            case GEN5 -> 32e9 * 128 / 130 / 8;
            case GEN6 -> 64e9 * 242 / 256 / 8;
        };
    }

    /** The lanes of {@code width}. */
    private static int lanes(org.fabricsim.dsl.fabric.PcieWidth width) {
        return switch (width) {
            case X4 -> 4;
            case X8 -> 8;
            case X16 -> 16;
        };
    }
}
