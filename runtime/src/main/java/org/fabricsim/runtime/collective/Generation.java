package org.fabricsim.runtime.collective;

import java.util.Locale;

/**
 * The GPU generations NCCL's tuner tells apart (its compute-capability index: SM70, SM80, SM90,
 * SM100 and later), and AMD's CDNA3 (gfx942: MI300X, MI325X), which RCCL tunes apart. An accelerator's
 * catalog {@code architecture} names its generation; a part neither library knows (an unstated
 * architecture, or another vendor's, whose collective library ports NCCL's model) is tuned as Hopper, the
 * generation the engine's default profile was measured on.
 *
 * <p>CDNA3 differs from Hopper only where RCCL's source says so (ROCm/rccl at 0cbce2a7, 2024-10-24; docs/accuracy.md,
 * "Collectives on AMD Instinct, session 64"): its rings on an 8-GPU node ({@link RcclMeshRings}), its channel count
 * ({@link NcclChannels#communicator}), the protocols and algorithms it enables by default ({@link
 * NcclTuning#enabledByDefault}), RCCL 2.22.3's protocol by size across nodes ({@link RcclProtocols}) and no NCCL
 * proxy floor ({@link NetProxyFloor}); every other table of NCCL it keeps is Hopper's ({@link #ncclTables}).
 */
public enum Generation {
    VOLTA, AMPERE, HOPPER, BLACKWELL, CDNA3;

    /** The generation of a catalog architecture name ({@code ampere}, {@code hopper}, {@code cdna3}, ...). */
    public static Generation of(String architecture) {
        switch (architecture == null ? "" : architecture.toLowerCase(Locale.ROOT)) {
            case "volta":
                return VOLTA;
            case "ampere":
                return AMPERE;
            case "blackwell":
                return BLACKWELL;
            case "cdna3":
                return CDNA3;
            default:
                return HOPPER;
        }
    }

    /**
     * The generation serving's collectives run as: CDNA3 keeps RCCL's rings, channels and default protocols ({@link
     * org.fabricsim.runtime.collective.RcclMeshRings}); every other part runs as Hopper, as serving's curve always has
     * (docs/accuracy.md "Serving's TP all-reduce path, session 60": NCCL's Blackwell tables made serving worse on
     * balance and were not adopted).
     */
    public Generation forServing() {
        return this == CDNA3 ? CDNA3 : HOPPER;
    }

    /** The generation whose rows of NCCL's per-generation tables this one reads: Hopper's for CDNA3, else its own. */
    public Generation ncclTables() {
        return this == CDNA3 ? HOPPER : this;
    }
}
