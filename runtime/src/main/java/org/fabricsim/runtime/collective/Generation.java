package org.fabricsim.runtime.collective;

import java.util.Locale;

/**
 * The GPU generations NCCL's tuner tells apart (its compute-capability index: SM70, SM80, SM90,
 * SM100 and later). An accelerator's catalog {@code architecture} names its generation; a part
 * NCCL does not know (an unstated architecture, or another vendor's, whose collective library
 * ports NCCL's model) is tuned as Hopper, the generation the engine's default profile was measured
 * on.
 */
public enum Generation {
    VOLTA, AMPERE, HOPPER, BLACKWELL;

    /** The generation of a catalog architecture name ({@code ampere}, {@code hopper}, ...). */
    public static Generation of(String architecture) {
        switch (architecture == null ? "" : architecture.toLowerCase(Locale.ROOT)) {
            case "volta":
                return VOLTA;
            case "ampere":
                return AMPERE;
            case "blackwell":
                return BLACKWELL;
            default:
                return HOPPER;
        }
    }
}
