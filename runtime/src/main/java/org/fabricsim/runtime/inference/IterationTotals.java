package org.fabricsim.runtime.inference;

/**
 * The totals of the iteration a {@link BatchBuilder} last composed and their cost: T new tokens (prefill chunk tokens
 * plus the decoding sequences' tokens), T_l tokens that produce logits, A_p query–key pairs of the prefill chunks (A_x
 * of them against the chunks' cached prefixes), K_p cached prefix tokens, and the decoding sequences with their
 * tokens and cached context K_d. A decoding sequence's m tokens (1 + k with k drafted) attend to its context, m·K_d +
 * T_d query–key pairs in all, but read its cache once: the verification kernels fold a sequence's query tokens
 * into one pass over its cache (FlashMLA's {@code get_mla_metadata(cache_seqlens, s_q * h_q // h_kv, h_kv)},
 * github.com/deepseek-ai/FlashMLA README), so K_d counts each sequence's context once. Each pipeline stage of the
 * iteration lasts {@link ServingModel#iterationPs} of these totals (the whole iteration without pipeline
 * parallelism) plus the speculative draft ({@link ServingModel#draftPs}); a mixed iteration's prefill share is the
 * time its prefill part would take alone over the sum of both parts alone.
 * O(1) per sequence added; a costing is one {@link ServingModel#iterationPs}, three for a mixed iteration. The
 * totals are fields, so composing and costing allocate nothing.
 */
abstract class IterationTotals {
    /** Totals of the iteration last composed by {@link BatchBuilder#compose}. */
    long newTokens;
    long logitTokens;
    double prefillPairs;
    double prefixPairs;
    double prefixTokens;
    long decodeTokens;
    double decodeContext;
    long decodeSequences;
    long sequences;
    /** Prefill share of the iteration last costed by {@link #durationPs}. */
    double share;

    /** New tokens of the iteration last composed. */
    long newTokens() {
        return newTokens;
    }

    /** Prompt tokens the iteration last composed prefills. */
    long prefillTokens() {
        return newTokens - decodeTokens;
    }

    /** Sequences the iteration last composed decodes. */
    long decodeSequences() {
        return decodeSequences;
    }

    /**
     * Sequences the iteration last composed schedules: its prefill chunks and its decoding sequences
     * (the n of the host's time per sequence, {@link org.fabricsim.runtime.spec.IterationHost}).
     */
    long sequences() {
        return sequences;
    }

    /**
     * Adds one decoding sequence with {@code context} cached tokens and {@code perSequence} tokens through the
     * iteration to the totals: its context counts once, since its tokens' queries read the cache in one pass.
     */
    void addDecode(long context, int perSequence) {
        newTokens += perSequence;
        logitTokens += perSequence;
        decodeTokens += perSequence;
        decodeContext += context;
        decodeSequences++;
    }

    /**
     * Duration of one pipeline stage of the iteration last composed on {@code model}, picoseconds;
     * its prefill share is then {@link #prefillShare}.
     */
    long durationPs(ServingModel model) {
        long prefillTokens = newTokens - decodeTokens;
        double decodePairs = decodeContext * model.tokensPerDecodeStep() + decodeTokens;
        if (prefillTokens == 0) {
            share = 0;
        } else if (decodeTokens == 0) {
            share = 1;
        } else {
            double alonePrefill = model.iterationPs(prefillTokens, logitTokens - decodeTokens, prefillPairs,
                    prefixPairs, prefixTokens, 0, 0);
            double aloneDecode = model.iterationPs(decodeTokens, decodeTokens, 0, 0, 0, decodePairs, decodeContext);
            share = alonePrefill / (alonePrefill + aloneDecode);
        }
        long draftPs = decodeSequences == 0 ? 0 : model.draftPs(decodeSequences);
        return model.iterationPs(newTokens, logitTokens, prefillPairs, prefixPairs, prefixTokens, decodePairs,
                decodeContext) + draftPs;
    }

    /** Fraction of the last costed iteration's time attributed to prefill. */
    double prefillShare() {
        return share;
    }
}
