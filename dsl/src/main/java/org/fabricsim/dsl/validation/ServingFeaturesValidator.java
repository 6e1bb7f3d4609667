package org.fabricsim.dsl.validation;

import java.math.BigDecimal;
import java.math.RoundingMode;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Admission;
import org.fabricsim.dsl.fabric.ClosedLoopArrival;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Inference;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.Pool;
import org.fabricsim.dsl.fabric.PoolRole;
import org.fabricsim.dsl.fabric.Precision;
import org.fabricsim.dsl.fabric.SharedPrefixes;
import org.fabricsim.dsl.fabric.Speculative;
import org.fabricsim.dsl.fabric.Traffic;
import org.fabricsim.dsl.model.Models;
import org.fabricsim.dsl.model.Written;

/**
 * What serving states beyond batch limits, checked on the written values: a prefix-cache hit ratio
 * lies in [0, 1]; shared prefixes, instead of a stated ratio, number one or more of a token or more in a cache of
 * a token or more; speculative decoding drafts at least one token with an acceptance rate in [0, 1];
 * a closed loop has at least one client, and sends at least as many requests as it has clients (a warning); a pool's
 * routed experts, with its redundant ones, split
 * evenly over its EP ranks (the error names the redundancy that would make them split, as DeepSeek's
 * EPLB adds); an expert-parallel pool's expert balance lies in [1/EP, 1]; and a feature with nothing to
 * act on gets an info saying the engine ignores it (separate activation quantization on a deployment
 * whose GEMMs are not FP8, among others).
 */
public class ServingFeaturesValidator extends FabricCheck {

    @Check
    public void checkTrafficPrefixHitRatio(Traffic traffic) {
        if (traffic.getPrefixHit() == null) {
            return;
        }
        BigDecimal hit = new BigDecimal(traffic.getPrefixHit());
        if (hit.signum() < 0 || hit.compareTo(BigDecimal.ONE) > 0) {
            String bound = hit.signum() < 0 ? "0" : "1";
            error("'prefix-cache hit " + traffic.getPrefixHit() + "' is not a share of the prompt: write a ratio"
                    + " between 0 and 1 (e.g. 'prefix-cache hit 0.563' when 56.3% of prompt tokens hit the cache).",
                    traffic, Literals.TRAFFIC__PREFIX_HIT, IssueCodes.PREFIX_HIT_RATIO, bound);
        }
    }

    @Check
    public void checkSharedPrefixesExcludePrefixHit(Traffic traffic) {
        if (traffic.getSharedPrefixes() != null && traffic.getPrefixHit() != null) {
            error("'prefix-cache hit' states a hit ratio, 'shared-prefixes' lets each replica's cache produce one:"
                    + " keep one (remove 'prefix-cache hit " + traffic.getPrefixHit() + "' to simulate the cache).",
                    traffic, Literals.TRAFFIC__PREFIX_HIT, IssueCodes.SHARED_PREFIXES);
        }
    }

    @Check
    public void checkSharedPrefixesNonEmpty(Traffic traffic) {
        SharedPrefixes shared = traffic.getSharedPrefixes();
        if (shared != null && (shared.getCount() < 1 || shared.getTokens() < 1)) {
            error("Shared prefixes number at least one, of at least one token: write e.g. 'shared-prefixes 64 x"
                    + " 2048 tokens'.", shared, Literals.SHARED_PREFIXES__COUNT, IssueCodes.SHARED_PREFIXES);
        }
    }

    @Check
    public void checkSharedPrefixesCacheNonEmpty(Traffic traffic) {
        SharedPrefixes shared = traffic.getSharedPrefixes();
        if (shared != null && shared.getCacheTokens() < 1) {
            error("A prefix cache of 0 tokens holds nothing: write each replica's capacity in tokens, e.g. 'cached"
                    + " 262144 tokens per replica' for 128 prefixes of 2048 tokens.", shared,
                    Literals.SHARED_PREFIXES__CACHE_TOKENS, IssueCodes.SHARED_PREFIXES);
        }
    }

    /**
     * A decode pool alone receives its requests prefilled, their whole prompt's cache in place, so a prefix cache has
     * no prefill to shorten and the engine builds none: a stated hit ratio or shared prefixes change nothing.
     */
    @Check
    public void checkPrefixCachingAtLoneDecode(Traffic traffic) {
        if (traffic.getPrefixHit() == null && traffic.getSharedPrefixes() == null
                || !(traffic.eContainer() instanceof Inference inference) || inference.getPools().isEmpty()
                || !inference.getPools().stream().allMatch(pool -> pool.getRole() == PoolRole.DECODE)) {
            return;
        }
        String written = traffic.getPrefixHit() != null ? "'prefix-cache hit'" : "'shared-prefixes'";
        info(written + " shortens prefills, and a decode pool alone receives its requests prefilled (their prompts'"
                + " cache in place), so it changes nothing here. Remove it, or add a prefill pool to simulate the"
                + " cache's hits.", traffic, traffic.getPrefixHit() != null ? Literals.TRAFFIC__PREFIX_HIT
                        : Literals.TRAFFIC__SHARED_PREFIXES, IssueCodes.SERVING_FEATURE_IGNORED, "prefix-cache");
    }

    @Check
    public void checkSpeculativeDraftTokensPositive(Speculative speculative) {
        if (speculative.getDraftTokens() < 1) {
            error("Speculative decoding drafts at least one token per iteration: write 'draft-tokens 1' or more"
                    + " (DeepSeek-V3's multi-token prediction drafts 1).", speculative,
                    Literals.SPECULATIVE__DRAFT_TOKENS, IssueCodes.SPECULATIVE_SETTINGS);
        }
    }

    @Check
    public void checkSpeculativeAcceptanceIsProbability(Speculative speculative) {
        if (speculative.getAcceptance() != null) {
            BigDecimal acceptance = new BigDecimal(speculative.getAcceptance());
            if (acceptance.signum() < 0 || acceptance.compareTo(BigDecimal.ONE) > 0) {
                error("'acceptance " + speculative.getAcceptance() + "' is not a probability: a drafted token is"
                        + " accepted with a rate between 0 and 1 (DeepSeek-V3 reports 0.85 to 0.90 for its second"
                        + " token); write e.g. 'acceptance 0.85'.", speculative, Literals.SPECULATIVE__ACCEPTANCE,
                        IssueCodes.SPECULATIVE_SETTINGS);
            }
        }
    }

    @Check
    public void checkClosedLoopArrivalClients(ClosedLoopArrival arrival) {
        if (arrival.getClients() < 1) {
            error("A closed loop needs at least one client: write 'closed-loop 1 clients' or more.", arrival,
                    Literals.CLOSED_LOOP_ARRIVAL__CLIENTS, IssueCodes.NOT_POSITIVE);
        }
    }

    /**
     * A closed loop's clients send {@code requests} in all, so with fewer requests than clients only that many are
     * ever in flight: the run measures a lower concurrency than written (benchmark_serving's {@code --num-prompts}
     * below its {@code --max-concurrency}).
     */
    @Check
    public void checkClosedLoopClientsWithinRequests(Traffic traffic) {
        if (traffic.getArrival() instanceof ClosedLoopArrival arrival && Written.written(traffic,
                Literals.TRAFFIC__REQUESTS) && traffic.getRequests() < arrival.getClients()) {
            long suggested = 10L * arrival.getClients();
            warning("'closed-loop " + arrival.getClients() + " clients' send " + traffic.getRequests() + " requests in"
                    + " all, so at most " + traffic.getRequests() + " are ever in flight: the run measures a concurrency"
                    + " of " + traffic.getRequests() + ", not " + arrival.getClients() + ". Write 'requests " + suggested
                    + "' (ten a client, so that the loop runs at its concurrency past its start), or fewer clients.",
                    traffic, Literals.TRAFFIC__REQUESTS, IssueCodes.CLIENTS_BEYOND_REQUESTS, String.valueOf(suggested));
        }
    }

    @Check
    public void checkPoolExpertSplit(Pool pool) {
        LanguageModel model = model(pool);
        int expert = expertDegree(pool);
        int redundant = pool.getRedundantExperts();
        if (model == null || !Models.moe(model) || expert <= 1) {
            return;
        }
        int experts = model.getExperts();
        long slots = (long) experts + redundant;
        if (slots % expert == 0) {
            return;
        }
        long needed = (slots + expert - 1) / expert * expert - experts;
        String written = redundant > 0 ? experts + " experts and " + redundant + " redundant ones (" + slots + ")"
                : experts + " experts";
        error(written + " do not split over EP " + expert + ": choose an expert degree that divides " + slots
                + ", or write 'redundant-experts " + needed + "' (" + (experts + needed) + " = "
                + (experts + needed) / expert + " per rank; DeepSeek's EPLB adds redundant copies of hot experts).",
                pool.getParallel(), Literals.PARALLELISM__EXPERT, IssueCodes.EXPERTS_NOT_DIVISIBLE,
                String.valueOf(experts));
    }

    @Check
    public void checkPoolExpertBalance(Pool pool) {
        int expert = expertDegree(pool);
        if (pool.getExpertBalance() == null || expert <= 1) {
            return;
        }
        BigDecimal balance = new BigDecimal(pool.getExpertBalance());
        BigDecimal least = BigDecimal.ONE.divide(BigDecimal.valueOf(expert), 3, RoundingMode.CEILING);
        if (balance.compareTo(BigDecimal.ONE) > 0 || balance.compareTo(least) < 0) {
            BigDecimal nearest = balance.compareTo(BigDecimal.ONE) > 0 ? BigDecimal.ONE : least;
            error("'expert-balance " + pool.getExpertBalance() + "' is not a balance: it is the mean expert-parallel"
                    + " rank's routed tokens over the busiest rank's (SGLang's balancedness), 1 when every rank"
                    + " receives the mean and at least 1/" + expert + " (the busiest of EP " + expert + " receives at"
                    + " most every token). Write a value in [" + least.stripTrailingZeros().toPlainString() + ", 1],"
                    + " e.g. 'expert-balance 0.80' (SGLang's EPLB at 32 GPUs).", pool, Literals.POOL__EXPERT_BALANCE,
                    IssueCodes.EXPERT_BALANCE, nearest.stripTrailingZeros().toPlainString());
        }
    }

    /**
     * A pool's {@code expert-balance} is the placement's result on the real routing, so the engine takes the busiest
     * rank's load from it (1/b) and reads no {@code routing-skew} the pool's plan states beside it
     * ({@code RedundantExpertLoad.placed}): the skew is marked as superseded rather than passed silently.
     */
    @Check
    public void checkPoolRoutingSkewSuperseded(Pool pool) {
        int expert = expertDegree(pool);
        if (pool.getExpertBalance() == null || expert <= 1 || pool.getParallel().getRoutingSkew() == null) {
            return;
        }
        info("'routing-skew " + pool.getParallel().getRoutingSkew() + "' changes nothing beside this pool's 'expert-balance "
                + pool.getExpertBalance() + "': the balance states what the expert placement leaves on the real routing,"
                + " so the busiest rank's load is 1/" + pool.getExpertBalance() + " of the mean whatever the skew. Remove"
                + " one: keep 'routing-skew' to let EPLB's placement level it, or 'expert-balance' for a measured balance.",
                pool.getParallel(), Literals.PARALLELISM__ROUTING_SKEW, IssueCodes.SERVING_FEATURE_IGNORED,
                "routing-skew");
    }

    @Check
    public void checkPoolFeaturesIgnored(Pool pool) {
        LanguageModel model = model(pool);
        boolean moe = model == null || Models.moe(model);
        int expert = expertDegree(pool);
        if (pool.isTwoBatchOverlap() && (!moe || expert <= 1)) {
            info("'two-batch-overlap' overlaps expert-parallel dispatch and combine with compute; this pool has no"
                    + " EP all-to-all to hide, so it changes nothing. Remove it, or add 'expert N' to the plan.",
                    pool, Literals.POOL__TWO_BATCH_OVERLAP, IssueCodes.SERVING_FEATURE_IGNORED, "two-batch-overlap");
        }
        if (pool.getExpertBalance() != null && (!moe || expert <= 1)) {
            info("'expert-balance' states how evenly routing loads the expert-parallel ranks; this pool has no EP"
                    + " ranks to load, so it changes nothing. Remove it, or add 'expert N' to the plan.", pool,
                    Literals.POOL__EXPERT_BALANCE, IssueCodes.SERVING_FEATURE_IGNORED, "expert-balance");
        }
        if (pool.getRedundantExperts() > 0 && !moe) {
            info("'redundant-experts' replicates routed experts; " + model.getName() + " is dense, so it changes"
                    + " nothing. Remove it.", pool, Literals.POOL__REDUNDANT_EXPERTS,
                    IssueCodes.SERVING_FEATURE_IGNORED, "redundant-experts");
        }
        if (pool.getSpeculative() != null && pool.getRole() == PoolRole.PREFILL) {
            info("A prefill pool does not decode, so 'speculative' changes nothing here: move it to the decode"
                    + " pool.", pool, Literals.POOL__SPECULATIVE, IssueCodes.SERVING_FEATURE_IGNORED, "speculative");
        }
        if (pool.getAdmission() == Admission.NO_EVICT && pool.getRole() == PoolRole.PREFILL) {
            info("A prefill pool hands each request over after its prompt, so 'admission no-evict' has no output to"
                    + " reserve and admits as 'preempt' would: move it to the decode pool.", pool,
                    Literals.POOL__ADMISSION, IssueCodes.SERVING_FEATURE_IGNORED, "admission");
        }
        if (pool.isSeparateQuantization() && !fp8(pool)) {
            info("'separate-activation-quantization' costs the pass that quantizes each FP8 GEMM's input; this"
                    + " deployment's GEMMs run at BF16, so it changes nothing. Remove it, or write 'precision fp8'.",
                    pool, Literals.POOL__SEPARATE_QUANTIZATION, IssueCodes.SERVING_FEATURE_IGNORED,
                    "separate-activation-quantization");
        }
        if (pool.isPrefillFirst() && pool.getRole() == PoolRole.PREFILL) {
            info("A prefill pool does not decode, so 'prefill-first' has no decodes to put off: remove it, or"
                    + " state it on a serving pool.", pool, Literals.POOL__PREFILL_FIRST,
                    IssueCodes.SERVING_FEATURE_IGNORED, "prefill-first");
        }
    }

    /** Whether the deployment of {@code pool} states FP8 weights (BF16 when unstated). */
    private static boolean fp8(Pool pool) {
        return pool.eContainer() instanceof Inference inference && inference.getPrecision() == Precision.FP8;
    }

    /** The expert degree {@code pool}'s plan writes (0 where it writes none), 1 without a plan. */
    private static int expertDegree(Pool pool) {
        return pool.getParallel() == null ? 1 : pool.getParallel().getExpert();
    }

    /** The model of the deployment {@code element} belongs to, or null while unresolved. */
    private static LanguageModel model(EObject element) {
        for (EObject e = element; e != null; e = e.eContainer()) {
            if (e instanceof Inference inference) {
                LanguageModel model = inference.getModel();
                return model == null || model.eIsProxy() ? null : model;
            }
        }
        return null;
    }
}
