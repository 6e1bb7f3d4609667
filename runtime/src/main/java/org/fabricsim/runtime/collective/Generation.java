package org.fabricsim.runtime.collective;

import java.util.Locale;

/**
 * The GPU generations NCCL's tuner tells apart (its compute-capability index: SM70, SM80, SM90,
 * SM100 and later), and AMD's CDNA3 (gfx942: MI300X, MI325X) and CDNA4 (gfx950: MI350X, MI355X), which RCCL tunes
 * apart. An accelerator's
 * catalog {@code architecture} names its generation; a part neither library knows (an unstated
 * architecture, or another vendor's, whose collective library ports NCCL's model) is tuned as Hopper, the
 * generation the engine's default profile was measured on.
 *
 * <p>CDNA3 differs from Hopper only where RCCL's source says so (ROCm/rccl at 0cbce2a7, 2024-10-24; docs/accuracy.md,
 * "Collectives on AMD Instinct, session 64"): its rings on an 8-GPU node ({@link RcclMeshRings}), its channel count
 * ({@link NcclChannels#communicator}), the protocols and algorithms it enables by default ({@link
 * NcclTuning#enabledByDefault}), RCCL 2.22.3's protocol by size across nodes ({@link RcclProtocols}), RCCL's own
 * estimate for the automatic choice ({@link RcclEstimate}), its tree paths across nodes ({@link
 * RcclMeshRings#treeChains}), its 64-byte LL128 line ({@link NcclTuning#efficiency}), no NCCL proxy floor ({@link
 * NetProxyFloor}), none of NCCL's ring or tree caps ({@link NcclTuning#busBandwidthCapBytesPerSecond}) nor its ring
 * plateau, and 256 threads a channel ({@link NcclChannels#perCall}); every other table of NCCL it keeps is Hopper's
 * ({@link #ncclTables}).
 *
 * <p>CDNA4 runs the same RCCL rules ({@link #rccl}) wherever RCCL's source treats gfx950 as gfx942 (ROCm/rocm-systems,
 * {@code projects/rccl}: {@code connect.cc} at 028c2846 doubles the channel limit for gfx942 and gfx950, {@code
 * tuning.cc} at 03a89144 skips the one-node Simple tree and enables LL128 where {@code ll128Enabled} on both, and the
 * platform models match an 8-GPU node by its links, not its GPU); only its tuning model differs: {@code
 * rcclApplyTuningOverrides} sets tuning model 6 on gfx950 whatever the platform model names ({@link RcclProtocols};
 * docs/accuracy.md, "Collectives on AMD Instinct MI350X/MI355X, session 65").
 */
public enum Generation {
    VOLTA, AMPERE, HOPPER, BLACKWELL, CDNA3, CDNA4;

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
            case "cdna4":
                return CDNA4;
            default:
                return HOPPER;
        }
    }

    /**
     * The generation serving's collectives run as: CDNA3 and CDNA4 keep RCCL's rings, channels and default protocols
     * ({@link org.fabricsim.runtime.collective.RcclMeshRings}); every other part runs as Hopper, as serving's curve
     * always has (docs/accuracy.md "Serving's TP all-reduce path, session 60": NCCL's Blackwell tables made serving
     * worse on balance and were not adopted).
     */
    public Generation forServing() {
        return rccl() ? this : HOPPER;
    }

    /** Whether RCCL runs this generation's collectives: AMD's CDNA3 and CDNA4 (else NCCL). */
    public boolean rccl() {
        return this == CDNA3 || this == CDNA4;
    }

    /** The generation whose rows of NCCL's per-generation tables this one reads: Hopper's under RCCL, else its own. */
    public Generation ncclTables() {
        return rccl() ? HOPPER : this;
    }
}
