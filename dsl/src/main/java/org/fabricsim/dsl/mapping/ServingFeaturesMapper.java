package org.fabricsim.dsl.mapping;

import java.math.BigDecimal;

import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.SharedPrefixes;
import org.fabricsim.dsl.fabric.Speculative;
import org.fabricsim.dsl.fabric.Traffic;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.IterationHost;
import org.fabricsim.runtime.spec.PoolFeatures;

/**
 * Maps what a serving pool and its traffic state beyond batch limits: two-batch overlap, redundant
 * experts, speculative decoding ({@code draft-layers} 1 when absent: one MTP module or EAGLE layer),
 * the KV-cache admission policy (preempting when absent), prefill-first batching (mixed when absent),
 * the stack's host time per iteration and per sequence (none when absent), the expert placement's balance on
 * real routing (not stated, 0, when absent), whether it quantizes the
 * FP8 GEMMs' inputs in kernels of their own (fused when absent), the size below which the framework's own
 * all-reduce takes the TP all-reduces (none, NCCL at every size, when absent), the prefix-cache hit ratio (0 when
 * absent) and the shared prefixes with each replica's cache of them (none when absent).
 */
final class ServingFeaturesMapper {
    private ServingFeaturesMapper() {
    }

    static PoolFeatures features(Pool pool) {
        Speculative written = pool.getSpeculative();
        PoolFeatures.Speculative speculative = written == null ? null
                : new PoolFeatures.Speculative(written.getDraftTokens(), decimal(written.getAcceptance()),
                        written.getDraftLayers() > 0 ? written.getDraftLayers() : 1);
        PoolFeatures.Admission admission = pool.getAdmission() == org.fabricsim.dsl.fabric.Admission.NO_EVICT
                ? PoolFeatures.Admission.NO_EVICT : PoolFeatures.Admission.PREEMPT;
        double perSequence = pool.getIterationHostPerSequence() == null ? 0
                : Units.seconds(pool.getIterationHostPerSequence());
        IterationHost host = pool.getIterationHost() == null ? IterationHost.NONE
                : new IterationHost(Units.seconds(pool.getIterationHost()), perSequence,
                        pool.isIterationHostOverlapped());
        return new PoolFeatures(pool.isTwoBatchOverlap(), pool.getRedundantExperts(), speculative,
                admission, pool.isPrefillFirst() ? PoolFeatures.Batching.PREFILL_FIRST : PoolFeatures.Batching.MIXED,
                host, pool.isSeparateQuantization(), decimal(pool.getExpertBalance()),
                pool.getCustomAllReduceBelow() == null ? PoolFeatures.NO_CUSTOM_ALL_REDUCE
                        : Units.bytes(pool.getCustomAllReduceBelow()));
    }

    static double prefixHitRatio(Traffic traffic) {
        return traffic.getPrefixHit() == null ? 0 : decimal(traffic.getPrefixHit());
    }

    /** The traffic's shared prefixes (Zipf exponent 0 when not written), or null. */
    static InferenceSpec.SharedPrefixes sharedPrefixes(Traffic traffic) {
        SharedPrefixes shared = traffic.getSharedPrefixes();
        return shared == null ? null : new InferenceSpec.SharedPrefixes(shared.getCount(), shared.getTokens(),
                decimal(shared.getZipf()), shared.getCacheTokens());
    }

    private static double decimal(String written) {
        return written == null ? 0 : new BigDecimal(written).doubleValue();
    }
}
