package org.fabricsim.runtime.collective;

/**
 * The protocol RCCL runs a collective with across nodes of CDNA3 GPUs (MI300X, MI325X) and CDNA4 GPUs (MI350X,
 * MI355X). RCCL first chooses an algorithm and protocol by its cost model; then, unless {@code NCCL_PROTO} is set,
 * {@code rcclUpdateCollectiveProtocol} replaces the protocol on two nodes or more by size ranges from the run's tuning
 * model ({@code llProtoRanges}): with s the bytes per rank ({@code rcclGetSizePerRank}: the whole buffer S for
 * all-reduce, reduce and broadcast, S/n for reduce-scatter and all-gather), Simple unless LL_min &lt; s ≤ LL_max gives
 * LL, then, where the topology has {@code ll128Enabled}, LL128_min &lt; s ≤ LL128_max gives LL128 (overriding LL), the
 * all-reduce's LL128_max × 3.8 beyond 2 nodes ("since Tree has special behavior at 2 nodes"); a collective whose
 * ranges are undefined ({@code RCCL_LL_LIMITS_UNDEFINED}) keeps the cost model's protocol, as one node does.
 *
 * <p><b>CDNA3</b>: {@code tuning_model_5}, which {@code rome_model_79} and {@code rome_model_81} name for 8 MI300X, as
 * RCCL 2.22.3 for ROCm 6.4.2 has it, the engine's default RCCL for CDNA3 ({@code CHANGELOG.md} at cb829d62: "Added
 * support for the LL128 protocol on gfx942"; ROCm/rccl pull request 1640 cherry-picked #1549, #1604, #1618 and #1627
 * to the ROCm 6.4 branch; ROCm/rccl {@code src/graph/tuning.cc} at 9e22c79d, {@code src/rccl_wrap.cc} at ee075f83).
 * Reduce and broadcast have no ranges. RCCL 2.21 and earlier (ROCm/rccl at 0cbce2a7) have neither the ranges nor
 * LL128 on gfx942.
 *
 * <p><b>CDNA4</b>: {@code tuning_model_6}, which {@code rcclApplyTuningOverrides} sets on gfx950 over any platform
 * model's {@code tuning} option (ROCm/rocm-systems {@code projects/rccl/src/graph/tuning.cc} at 03a89144, where {@code
 * rcclGetTuningIndexForArch} maps gfx950 to 6 with and without AMD's AINIC; the same ranges at a4cd4445), and the
 * rule of {@code projects/rccl/src/rccl_wrap.cc} at 006a440c, which takes reduce and broadcast too.
 *
 * <table>
 * <caption>Ranges (min, max], bytes per rank</caption>
 * <tr><th>collective</th><th>model 5 LL</th><th>model 5 LL128</th><th>model 6 LL</th><th>model 6 LL128</th></tr>
 * <tr><td>reduce-scatter</td><td>(0, 655,360]</td><td>(131,072, 3,211,264]</td><td>(0, 65,536]</td>
 * <td>(65,536, 8,388,608]</td></tr>
 * <tr><td>all-gather</td><td>(0, 98,304]</td><td>(98,304, 5,046,272]</td><td>(0, 65,536]</td>
 * <td>(65,536, 8,388,608]</td></tr>
 * <tr><td>all-reduce</td><td>(0, 1,048,576]</td><td>(1,048,576, 9,437,184]</td><td>(0, 262,144]</td>
 * <td>(262,144, 70,640,910]</td></tr>
 * <tr><td>reduce</td><td>undefined</td><td>undefined</td><td>(0, 16,383]</td><td>(16,383, 16,777,216]</td></tr>
 * <tr><td>broadcast</td><td>undefined</td><td>undefined</td><td>(0, 2,048]</td><td>(2,048, 16,777,216]</td></tr>
 * </table>
 *
 * <p>{@code ll128Enabled} is cleared at init and set only by a platform model's options: {@code rome_model_81} (8
 * GPUs with their 8 NICs, the model across nodes) sets it ({@code rome_models.cc} at 008c53db), {@code rome_model_79}
 * (one node) does not. LL128 is compiled in from HIP 6.1 on ({@code LL128_ENABLED} in the build). The language does
 * not say which RCCL a cluster runs. O(1).
 */
final class RcclProtocols {
    /** A range RCCL leaves undefined: the cost model's protocol stands. */
    private static final long[] UNDEFINED = null;
    /**
     * tuning_model_5's LL ranges (min, max], bytes per rank, in {@code RcclTunableColls}' order: reduce-scatter,
     * all-gather, all-reduce, reduce, broadcast.
     */
    private static final long[][] MODEL_5_LL = { { 0, 655_360 }, { 0, 98_304 }, { 0, 1_048_576 }, UNDEFINED,
        UNDEFINED };
    /** tuning_model_5's LL128 ranges. */
    private static final long[][] MODEL_5_LL128 = { { 131_072, 3_211_264 }, { 98_304, 5_046_272 },
        { 1_048_576, 9_437_184 }, UNDEFINED, UNDEFINED };
    /** tuning_model_6's LL ranges. */
    private static final long[][] MODEL_6_LL = { { 0, 65_536 }, { 0, 65_536 }, { 0, 262_144 }, { 0, 16_383 },
        { 0, 2_048 } };
    /** tuning_model_6's LL128 ranges. */
    private static final long[][] MODEL_6_LL128 = { { 65_536, 8_388_608 }, { 65_536, 8_388_608 },
        { 262_144, 70_640_910 }, { 16_383, 16_777_216 }, { 2_048, 16_777_216 } };
    /** The all-reduce's LL128 maximum's factor beyond 2 nodes. */
    private static final double ALL_REDUCE_LL128_BEYOND_TWO_NODES = 3.8;

    private RcclProtocols() {
    }

    /**
     * The protocol RCCL replaces the cost model's with for {@code operation} of {@code sizeBytes} over {@code ranks}
     * ranks on {@code nodes} nodes of {@code generation} (tuning model 6 on CDNA4, else 5), LL128 only where {@code
     * ll128Enabled}; {@link Protocol#AUTO} where it keeps the cost model's (one node, undefined ranges, the other
     * collectives).
     */
    static Protocol protocol(Generation generation, CollectiveOperation operation, long sizeBytes, int ranks,
            int nodes, boolean ll128Enabled) {
        int tunable = switch (operation) {
            case REDUCE_SCATTER -> 0;
            case ALL_GATHER -> 1;
            case ALL_REDUCE -> 2;
            case REDUCE -> 3;
            case BROADCAST -> 4;
            default -> -1;
        };
        boolean model6 = generation == Generation.CDNA4;
        long[] ll = tunable < 0 ? UNDEFINED : (model6 ? MODEL_6_LL : MODEL_5_LL)[tunable];
        long[] ll128 = tunable < 0 ? UNDEFINED : (model6 ? MODEL_6_LL128 : MODEL_5_LL128)[tunable];
        if (nodes < 2 || ll == UNDEFINED) {
            return Protocol.AUTO;
        }
        boolean perGroup = operation == CollectiveOperation.REDUCE_SCATTER
                || operation == CollectiveOperation.ALL_GATHER;
        long perRank = perGroup ? sizeBytes / ranks : sizeBytes;
        long ll128Max = ll128[1];
        if (operation == CollectiveOperation.ALL_REDUCE && nodes > 2) {
            ll128Max = (long) (ll128Max * ALL_REDUCE_LL128_BEYOND_TWO_NODES);
        }
        if (ll128Enabled && perRank > ll128[0] && perRank <= ll128Max) {
            return Protocol.LL128;
        }
        return perRank > ll[0] && perRank <= ll[1] ? Protocol.LL : Protocol.SIMPLE;
    }
}
