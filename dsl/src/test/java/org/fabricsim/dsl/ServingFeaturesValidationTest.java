package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** Prefix caching, speculative decoding, closed loops and expert redundancy: each rule fires once and stays quiet once. */
class ServingFeaturesValidationTest extends FabricModelTest {

    /** An MoE deployment of 16 experts with {@code pool} as its serving pool's body and {@code traffic} its traffic. */
    private Model moe(String pool, String traffic) throws Exception {
        return deployment("serving pool { replicas 1 " + pool + " }", traffic);
    }

    /** The MoE deployment with {@code pools} written out. */
    private Model deployment(String pools, String traffic) throws Exception {
        return parser.parse("""
                cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                model M moe { layers 2 hidden 64 heads 4 vocab 100 experts 16 top-k 2 expert-ffn 64 }
                inference Serve {
                    model M on C
                    %s
                    traffic { arrival all-at-once prompt fixed 10 output fixed 10 %s }
                }
                """.formatted(pools, traffic));
    }

    @Test
    void shouldRejectAPrefixHitRatioAboveOne() throws Exception {
        validation.assertError(moe("parallel expert 8", "prefix-cache hit 1.5"), Literals.TRAFFIC,
                IssueCodes.PREFIX_HIT_RATIO, "'prefix-cache hit 1.5' is not a share of the prompt");
    }

    @Test
    void shouldAcceptAPrefixHitRatioWithinOne() throws Exception {
        validation.assertNoIssue(moe("parallel expert 8", "prefix-cache hit 0.563"), Literals.TRAFFIC,
                IssueCodes.PREFIX_HIT_RATIO);
    }

    @Test
    void shouldRejectAnAcceptanceRateAboveOne() throws Exception {
        validation.assertError(moe("parallel expert 8 speculative draft-tokens 1 acceptance 1.2", ""),
                Literals.SPECULATIVE, IssueCodes.SPECULATIVE_SETTINGS, "'acceptance 1.2' is not a probability");
    }

    @Test
    void shouldAcceptAnAcceptanceRateWithinOne() throws Exception {
        validation.assertNoIssue(moe("parallel expert 8 speculative draft-tokens 1 acceptance 0.85", ""),
                Literals.SPECULATIVE, IssueCodes.SPECULATIVE_SETTINGS);
    }

    @Test
    void shouldRejectNoDraftedTokens() throws Exception {
        validation.assertError(moe("parallel expert 8 speculative draft-tokens 0 acceptance 0.85", ""),
                Literals.SPECULATIVE, IssueCodes.SPECULATIVE_SETTINGS, "write 'draft-tokens 1' or more");
    }

    @Test
    void shouldRejectAClosedLoopWithoutClients() throws Exception {
        validation.assertError(closedLoop("arrival closed-loop 0 clients"), Literals.CLOSED_LOOP_ARRIVAL,
                IssueCodes.NOT_POSITIVE, "A closed loop needs at least one client");
    }

    /** A dense deployment whose traffic is {@code traffic}'s closed loop and request count. */
    private Model closedLoop(String traffic) throws Exception {
        return parser.parse("""
                cluster C { nodes 1 x 8 accelerators link 400 Gb/s latency 1 us }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Serve {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { %s prompt fixed 10 output fixed 10 }
                }
                """.formatted(traffic));
    }

    @Test
    void shouldWarnThatFewerRequestsThanClientsLowerTheConcurrency() throws Exception {
        // 256 clients send 100 requests in all: at most 100 in flight; ten a client is 2,560
        validation.assertWarning(closedLoop("arrival closed-loop 256 clients requests 100"), Literals.TRAFFIC,
                IssueCodes.CLIENTS_BEYOND_REQUESTS, "the run measures a concurrency of 100, not 256. Write 'requests"
                        + " 2560'");
    }

    @Test
    void shouldAcceptAsManyRequestsAsClientsOrTheDefault() throws Exception {
        validation.assertNoIssue(closedLoop("arrival closed-loop 256 clients requests 256"), Literals.TRAFFIC,
                IssueCodes.CLIENTS_BEYOND_REQUESTS);
        // unstated, the requests are 10,000
        validation.assertNoIssue(closedLoop("arrival closed-loop 256 clients"), Literals.TRAFFIC,
                IssueCodes.CLIENTS_BEYOND_REQUESTS);
    }

    @Test
    void shouldRejectAnExpertDegreeThatDoesNotDivideTheExpertsWithoutRedundancy() throws Exception {
        // 16 experts over EP 6: ⌈16/6⌉ · 6 = 18, so 2 redundant experts make them split (3 per rank)
        validation.assertError(moe("parallel data 6 expert 6", ""), Literals.PARALLELISM,
                IssueCodes.EXPERTS_NOT_DIVISIBLE, "16 experts do not split over EP 6: choose an expert degree that"
                        + " divides 16, or write 'redundant-experts 2' (18 = 3 per rank");
    }

    @Test
    void shouldAcceptAnExpertDegreeThatRedundantExpertsFill() throws Exception {
        validation.assertNoIssue(moe("parallel data 6 expert 6 redundant-experts 2", ""), Literals.PARALLELISM,
                IssueCodes.EXPERTS_NOT_DIVISIBLE);
    }

    @Test
    void shouldRejectAnExpertBalanceAboveOne() throws Exception {
        validation.assertError(moe("parallel data 8 expert 8 expert-balance 1.25", ""), Literals.POOL,
                IssueCodes.EXPERT_BALANCE, "'expert-balance 1.25' is not a balance");
    }

    @Test
    void shouldRejectAnExpertBalanceBelowOneOverTheExpertDegree() throws Exception {
        // the busiest of EP 8 receives at most every token, 8 times the mean: a balance of at least 1/8 = 0.125
        validation.assertError(moe("parallel data 8 expert 8 expert-balance 0.1", ""), Literals.POOL,
                IssueCodes.EXPERT_BALANCE, "Write a value in [0.125, 1]");
    }

    @Test
    void shouldAcceptSglangsBalancednessAtThirtyTwoGpus() throws Exception {
        validation.assertNoIssue(moe("parallel data 8 expert 8 expert-balance 0.80", ""), Literals.POOL,
                IssueCodes.EXPERT_BALANCE);
        validation.assertNoIssue(moe("parallel data 8 expert 8 expert-balance 0.80", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED);
    }

    @Test
    void shouldSayAnExpertBalanceChangesNothingWithoutExpertParallelism() throws Exception {
        validation.assertIssue(moe("parallel tensor 8 expert-balance 0.80", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "this pool has no EP ranks to load");
    }

    @Test
    void shouldSayARoutingSkewChangesNothingBesideAnExpertBalance() throws Exception {
        validation.assertIssue(moe("parallel data 8 expert 8 routing-skew 2.0 expert-balance 0.80", ""),
                Literals.PARALLELISM, IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "'routing-skew 2.0' changes nothing beside this pool's 'expert-balance 0.80'");
    }

    @Test
    void shouldLetARoutingSkewStandWithoutAnExpertBalance() throws Exception {
        validation.assertNoIssue(moe("parallel data 8 expert 8 routing-skew 2.0", ""), Literals.PARALLELISM,
                IssueCodes.SERVING_FEATURE_IGNORED);
    }

    @Test
    void shouldSayPrefixCachingChangesNothingAtALoneDecodePool() throws Exception {
        validation.assertIssue(deployment("decode pool { replicas 1 parallel expert 8 }", "prefix-cache hit 0.5"),
                Literals.TRAFFIC, IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "'prefix-cache hit' shortens prefills, and a decode pool alone receives its requests prefilled");
        validation.assertIssue(deployment("decode pool { replicas 1 parallel expert 8 }",
                "shared-prefixes 4 x 5 tokens cached 10 tokens per replica"), Literals.TRAFFIC,
                IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "'shared-prefixes' shortens prefills");
    }

    @Test
    void shouldLetPrefixCachingStandBesideAPrefillPool() throws Exception {
        validation.assertNoIssue(deployment("prefill pool { replicas 1 parallel expert 8 } decode pool { replicas 1"
                + " parallel expert 8 }", "prefix-cache hit 0.5"), Literals.TRAFFIC, IssueCodes.SERVING_FEATURE_IGNORED);
    }

    /** 16 experts of 3 · 4096 · 16384 parameters in 8 layers, BF16 (3.2 GB each), at EP 16 on H100s, R redundant. */
    private Model redundant(int experts) throws Exception {
        return parser.parse("""
                import fabric.catalog.nvidia.*
                cluster C { nodes 2 x DGX_H100 scale-out InfiniBand_NDR fat-tree { switch QM9700 tiers 2 } }
                model M moe { layers 8 hidden 4096 heads 32 vocab 32000 experts 16 top-k 2 expert-ffn 16384 }
                inference Serve {
                    model M on C
                    serving pool { replicas 1 parallel data 16 expert 16 redundant-experts %d }
                    traffic { arrival all-at-once prompt fixed 10 output fixed 10 }
                }
                """.formatted(experts));
    }

    @Test
    void shouldRejectMoreRedundantExpertsThanMemoryHolds() throws Exception {
        // EP 16 holds one expert per GPU (3.2 GB), 16 · 48 redundant ones add 48 per GPU: 155 GB, more than an
        // 80 GB GPU; 16 add one (6.4 GB in all)
        validation.assertError(redundant(768), Literals.POOL, IssueCodes.INFERENCE_MEMORY,
                "fewer redundant experts (at most");
        validation.assertNoIssue(redundant(16), Literals.POOL, IssueCodes.INFERENCE_MEMORY);
    }

    /**
     * The bound the memory error names splits over the EP ranks (16 + R a multiple of 16), fits, and the next R that
     * splits does not: before session 70 it was the continuous bound, which the split rule then refused and whose
     * fix, rounded up, the memory refused again.
     */
    @Test
    void shouldNameAsManyRedundantExpertsAsFitAndSplitOverTheRanks() throws Exception {
        String message = validation.validate(redundant(768)).stream()
                .filter(issue -> IssueCodes.INFERENCE_MEMORY.equals(issue.getCode())).findFirst().orElseThrow()
                .getMessage();
        Matcher named = Pattern.compile("at most (\\d+) fit").matcher(message);
        assertTrue(named.find(), message);
        int most = Integer.parseInt(named.group(1));
        assertEquals(0, most % 16, message);
        validation.assertNoIssue(redundant(most), Literals.POOL, IssueCodes.INFERENCE_MEMORY);
        validation.assertNoIssue(redundant(most), Literals.PARALLELISM, IssueCodes.EXPERTS_NOT_DIVISIBLE);
        validation.assertError(redundant(most + 16), Literals.POOL, IssueCodes.INFERENCE_MEMORY, "at most " + most);
    }

    @Test
    void shouldSayTwoBatchOverlapChangesNothingWithoutExpertParallelism() throws Exception {
        validation.assertIssue(moe("parallel tensor 8 two-batch-overlap", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "this pool has no EP all-to-all to hide");
        validation.assertNoIssue(moe("parallel data 8 expert 8 two-batch-overlap", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED);
    }

    @Test
    void shouldSayNoEvictAdmissionChangesNothingOnAPrefillPool() throws Exception {
        validation.assertIssue(disaggregated("admission no-evict", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "'admission no-evict' has no output to reserve");
    }

    @Test
    void shouldAcceptNoEvictAdmissionOnADecodePool() throws Exception {
        validation.assertNoIssue(disaggregated("", "admission no-evict"), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED);
    }

    @Test
    void shouldSayPrefillFirstBatchingChangesNothingOnAPrefillPool() throws Exception {
        validation.assertIssue(disaggregated("prefill-first", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "'prefill-first' has no decodes to put off");
        validation.assertNoIssue(moe("parallel tensor 8 prefill-first", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED);
    }

    @Test
    void shouldSaySeparateActivationQuantizationChangesNothingWithoutFp8Gemms() throws Exception {
        validation.assertIssue(moe("parallel tensor 8 separate-activation-quantization", ""), Literals.POOL,
                IssueCodes.SERVING_FEATURE_IGNORED, org.eclipse.xtext.diagnostics.Severity.INFO,
                "this deployment's GEMMs run at BF16, so it changes nothing");
        validation.assertNoIssue(deployment("precision fp8\nserving pool { replicas 1 parallel tensor 8"
                + " separate-activation-quantization }", ""), Literals.POOL, IssueCodes.SERVING_FEATURE_IGNORED);
    }

    @Test
    void shouldRejectAnIterationHostTimeThatIsNotATime() throws Exception {
        validation.assertError(moe("parallel tensor 8 iteration-host 4 GB", ""), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION, "Expected a time here");
        validation.assertNoIssue(moe("parallel tensor 8 iteration-host 4 ms overlapped", ""), Literals.QUANTITY,
                IssueCodes.WRONG_DIMENSION);
    }

    @Test
    void shouldRejectANegativeHostTimePerSequenceWithItsFix() throws Exception {
        validation.assertError(moe("parallel tensor 8 iteration-host 4 ms + -0.067 ms per sequence", ""),
                Literals.QUANTITY, IssueCodes.NEGATIVE, "This cannot be below zero", "Write 0 ms or more");
        validation.assertNoIssue(moe("parallel tensor 8 iteration-host 4 ms + 0.067 ms per sequence", ""),
                Literals.QUANTITY, IssueCodes.NEGATIVE);
        // zero is meaningful: a host time that does not grow with the batch
        validation.assertNoIssue(moe("parallel tensor 8 iteration-host 4 ms + 0 ms per sequence overlapped", ""),
                Literals.QUANTITY, IssueCodes.NOT_POSITIVE);
    }

    @Test
    void shouldRejectAHostTimePerSequenceThatIsNotATime() throws Exception {
        validation.assertError(moe("parallel tensor 8 iteration-host 4 ms + 64 KB per sequence", ""),
                Literals.QUANTITY, IssueCodes.WRONG_DIMENSION, "Expected a time here");
    }

    /** A disaggregated MoE deployment whose prefill and decode pools end with {@code prefill} and {@code decode}. */
    private Model disaggregated(String prefill, String decode) throws Exception {
        return deployment("prefill pool { replicas 1 parallel expert 8 " + prefill + " }\n"
                + "decode pool { replicas 1 parallel expert 8 " + decode + " }", "");
    }
}
