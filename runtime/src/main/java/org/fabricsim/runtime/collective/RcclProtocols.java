package org.fabricsim.runtime.collective;

/**
 * The protocol RCCL runs a collective with across nodes of CDNA3 GPUs (MI300X, MI325X): RCCL 2.22.3 for ROCm 6.4.2
 * on, the engine's default RCCL ({@code CHANGELOG.md} at cb829d62: "RCCL 2.22.3 for ROCm 6.4.2 — Added support for
 * the LL128 protocol on gfx942"; ROCm/rccl pull request 1640 cherry-picked the same commits, #1549, #1604, #1618 and
 * #1627, to the ROCm 6.4 branch). RCCL first chooses an algorithm and protocol by its cost model; then, unless
 * {@code NCCL_PROTO} is set, {@code rcclUpdateCollectiveProtocol} ({@code src/rccl_wrap.cc} at ee075f83) replaces
 * the protocol on two nodes or more by size ranges from the platform's tuning model, here {@code tuning_model_5},
 * which {@code rome_model_79} and {@code rome_model_81} name for 8 MI300X ({@code src/graph/tuning.cc} at 9e22c79d,
 * {@code llProtoRanges}; {@code src/include/rccl_common.h}):
 *
 * <p>with s the bytes per rank ({@code rcclGetSizePerRank}: the whole buffer S for all-reduce, S/n for
 * reduce-scatter and all-gather), Simple unless LL_min &lt; s ≤ LL_max gives LL, then, where the topology has
 * {@code ll128Enabled}, LL128_min &lt; s ≤ LL128_max gives LL128 (overriding LL), the all-reduce's LL128_max × 3.8
 * beyond 2 nodes ("since Tree has special behavior at 2 nodes"):
 *
 * <table>
 * <caption>tuning_model_5's ranges, bytes per rank</caption>
 * <tr><th>collective</th><th>LL</th><th>LL128</th></tr>
 * <tr><td>reduce-scatter</td><td>(0, 655,360]</td><td>(131,072, 3,211,264]</td></tr>
 * <tr><td>all-gather</td><td>(0, 98,304]</td><td>(98,304, 5,046,272]</td></tr>
 * <tr><td>all-reduce</td><td>(0, 1,048,576]</td><td>(1,048,576, 9,437,184]; beyond 2 nodes (.., 35,861,299]</td></tr>
 * </table>
 *
 * <p>The model gives reduce and broadcast no ranges (their rows are 0, {@code RCCL_LL_LIMITS_UNDEFINED}), so their
 * protocol stays the cost model's; on one node the rule does not apply. {@code ll128Enabled} is cleared at init and
 * set only by a platform model's options: {@code rome_model_81} (8 MI300X with their 8 NICs, the model across nodes)
 * sets it ({@code rome_models.cc} at 008c53db), {@code rome_model_79} (one node) does not. LL128 is compiled in from
 * HIP 6.1 on ({@code LL128_ENABLED} in the build). RCCL 2.21 and earlier (ROCm/rccl at 0cbce2a7) have neither the
 * ranges nor LL128 on gfx942; the language does not say which RCCL a cluster runs, so every CDNA3 run is 2.22.3's.
 * O(1).
 */
final class RcclProtocols {
    /** tuning_model_5's LL ranges (min, max], bytes per rank: reduce-scatter, all-gather, all-reduce. */
    private static final long[][] LL = { { 0, 655_360 }, { 0, 98_304 }, { 0, 1_048_576 } };
    /** tuning_model_5's LL128 ranges (min, max], bytes per rank, in the same order. */
    private static final long[][] LL128 = { { 131_072, 3_211_264 }, { 98_304, 5_046_272 }, { 1_048_576, 9_437_184 } };
    /** The all-reduce's LL128 maximum's factor beyond 2 nodes. */
    private static final double ALL_REDUCE_LL128_BEYOND_TWO_NODES = 3.8;

    private RcclProtocols() {
    }

    /**
     * The protocol RCCL replaces the cost model's with for {@code operation} of {@code sizeBytes} over {@code ranks}
     * ranks on {@code nodes} nodes, LL128 only where {@code ll128Enabled}; {@link Protocol#AUTO} where it keeps the
     * cost model's (one node, reduce, broadcast, the other collectives).
     */
    static Protocol protocol(CollectiveOperation operation, long sizeBytes, int ranks, int nodes,
            boolean ll128Enabled) {
        int tunable = switch (operation) {
            case REDUCE_SCATTER -> 0;
            case ALL_GATHER -> 1;
            case ALL_REDUCE -> 2;
            default -> -1;
        };
        if (nodes < 2 || tunable < 0) {
            return Protocol.AUTO;
        }
        long perRank = operation == CollectiveOperation.ALL_REDUCE ? sizeBytes : sizeBytes / ranks;
        long ll128Max = LL128[tunable][1];
        if (operation == CollectiveOperation.ALL_REDUCE && nodes > 2) {
            ll128Max = (long) (ll128Max * ALL_REDUCE_LL128_BEYOND_TWO_NODES);
        }
        if (ll128Enabled && perRank > LL128[tunable][0] && perRank <= ll128Max) {
            return Protocol.LL128;
        }
        return perRank > LL[tunable][0] && perRank <= LL[tunable][1] ? Protocol.LL : Protocol.SIMPLE;
    }
}
