package org.fabricsim.runtime.spec;

/**
 * The scale-up domain of a node.
 *
 * @param fabric                        its fabric
 * @param kind                          its shape
 * @param domainSize                    accelerators in one domain
 * @param bytesPerSecondPerAccelerator  scale-up bandwidth of one accelerator in one direction
 * @param inSwitchReduction             its switches reduce data (NVLS)
 */
public record ScaleUpSpec(FabricSpec fabric, Kind kind, int domainSize, double bytesPerSecondPerAccelerator,
        boolean inSwitchReduction) {

    public ScaleUpSpec {
        Specs.requirePositive("domainSize", domainSize);
        Specs.requirePositive("bytesPerSecondPerAccelerator", bytesPerSecondPerAccelerator);
    }

    /** Shapes of a scale-up domain. */
    public enum Kind {
        /** Every accelerator to a set of switches (NVSwitch). */
        SWITCHED,
        /** A direct link between every pair (MI300X Infinity Fabric). */
        FULL_MESH,
        /** Switched across a whole rack (NVL72). */
        RACK_SCALE
    }
}
