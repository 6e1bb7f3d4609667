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
        double perLane = switch (pcie.getGeneration()) {
            case GEN3 -> 8e9 * 128 / 130 / 8;
            case GEN4 -> 16e9 * 128 / 130 / 8;
            case GEN5 -> 32e9 * 128 / 130 / 8;
            case GEN6 -> 64e9 * 242 / 256 / 8;
        };
        int lanes = switch (pcie.getWidth()) {
            case X4 -> 4;
            case X8 -> 8;
            case X16 -> 16;
        };
        return perLane * lanes;
    }
}
