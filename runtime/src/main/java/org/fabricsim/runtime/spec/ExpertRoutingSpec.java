package org.fabricsim.runtime.spec;

import java.util.Objects;

/**
 * How a mixture-of-experts router spreads tokens over the expert-parallel (EP) ranks, the one
 * meaning shared by training and inference, and the one place of its defaults ({@link #DEFAULT}).
 *
 * <p>Let a rank's mean expert load be the token copies (tokens × top-k) an EP rank receives when
 * routing is balanced. The busiest EP rank receives {@code routingSkew} × mean. Its experts take at
 * most {@code capacityFactor} × mean; the copies above are dropped (they skip the experts and pass
 * through the residual, Switch Transformer §2.2). So the busiest rank processes, and receives over
 * the dispatch all-to-all (and sends back over the combine), L × mean with
 * <pre>  L = min(skew, capacity)     ({@link #busiestLoad}),</pre>
 * and drops the fraction max(0, skew − capacity) ÷ skew of the copies routed to it
 * ({@link #droppedTokenFraction}). The other ranks of a group of G share the rest evenly, each
 * receiving min(capacity, (G − skew) ÷ (G − 1)) × mean ({@link #otherLoad}); dropped copies are not
 * sent (they are dropped before the dispatch, as Megatron-Core's token permutation does). A step
 * waits for its busiest rank, so its expert GEMMs and its all-to-all time the step; the other
 * ranks' idle time is not reclaimed.
 *
 * @param capacityFactor the capacity of an EP rank's experts over its mean load, {@code > 0}; {@link
 *                       #DROPLESS} (0) for no limit: no token is dropped, as DeepSeek-V3 (arXiv
 *                       2412.19437 §2.1.2, "no token-dropping") and Megatron-Core ({@code
 *                       --moe-expert-capacity-factor} unset) train by default
 * @param routingSkew    tokens the busiest EP rank receives over the mean, {@code ≥ 1}; 1 is balanced
 *                       routing, which DeepSeek-V3's auxiliary-loss-free balancing targets (§2.1.2)
 * @param dispatcher     how training moves the token copies to the expert ranks ({@link Dispatcher})
 * @param communicationSms SMs a training job's dispatch and combine kernels hold while DualPipe hides them
 *                       behind compute, {@code ≥ 0}; {@link #SMS_NOT_STATED} (0): not stated, the kernels hold
 *                       a collective's ({@code compute.ComputeCalibration#COLLECTIVE_SMS}). DeepSeek-V3 gives
 *                       20 of the H800's 132 (arXiv 2412.19437 §3.2.2); stated for DeepEP's kernels they are
 *                       dedicated for the whole F&amp;B pair, whose MoE layers compute on the rest
 *                       ({@code training.PairedExchange})
 * @param nodeLimit      the most scale-up domains (nodes) of its expert group the router sends a token to, {@code ≥
 *                       0}; {@link #UNLIMITED} (0) for no limit. DeepSeek-V3's node-limited routing sends each token
 *                       to at most 4 nodes (§2.1.2), which caps the copies DeepEP's dispatch sends across the scale-out
 *                       network ({@code training.DeduplicatedDispatch})
 */
public record ExpertRoutingSpec(double capacityFactor, double routingSkew, Dispatcher dispatcher,
        int communicationSms, int nodeLimit) {
    /** The {@link #communicationSms} of a plan that states none: as many as any hidden collective holds. */
    public static final int SMS_NOT_STATED = 0;
    /** The {@link #nodeLimit} that means "a token may go to every node of its expert group". */
    public static final int UNLIMITED = 0;
    /** The {@link #capacityFactor} that means "no capacity limit". */
    public static final double DROPLESS = 0;
    /** Balanced routing: every EP rank receives the mean. */
    public static final double BALANCED = 1;
    /** What a plan that says nothing about routing means: dropless and balanced. */
    public static final ExpertRoutingSpec DEFAULT = new ExpertRoutingSpec(DROPLESS, BALANCED);

    /**
     * Training's token dispatcher. {@code ALL_TO_ALL}: every one of a token's k routed copies goes
     * straight to its expert's rank (Megatron-Core's {@code alltoall} dispatcher). {@code DEEPEP}:
     * DeepEP's normal kernels (Megatron-Core {@code --moe-token-dispatcher-type flex
     * --moe-enable-deepep}), which send a token to another scale-up domain once per domain holding one
     * of its experts and forward it inside that domain over the scale-up links
     * ({@code training.DeduplicatedDispatch}). Serving pools pick their kernels themselves.
     */
    public enum Dispatcher {
        ALL_TO_ALL, DEEPEP
    }

    /** Routing with the {@link Dispatcher#ALL_TO_ALL} dispatcher. */
    public ExpertRoutingSpec(double capacityFactor, double routingSkew) {
        this(capacityFactor, routingSkew, Dispatcher.ALL_TO_ALL);
    }

    /** Routing with {@code dispatcher} whose kernels hold a collective's SMs. */
    public ExpertRoutingSpec(double capacityFactor, double routingSkew, Dispatcher dispatcher) {
        this(capacityFactor, routingSkew, dispatcher, SMS_NOT_STATED);
    }

    /** Routing whose tokens may go to every node of their expert group. */
    public ExpertRoutingSpec(double capacityFactor, double routingSkew, Dispatcher dispatcher, int communicationSms) {
        this(capacityFactor, routingSkew, dispatcher, communicationSms, UNLIMITED);
    }

    public ExpertRoutingSpec {
        Specs.requireNonNegative("capacityFactor", capacityFactor);
        Objects.requireNonNull(dispatcher, "dispatcher");
        if (communicationSms < 0) {
            throw new IllegalArgumentException("communicationSms must not be negative, was " + communicationSms);
        }
        if (nodeLimit < 0) {
            throw new IllegalArgumentException("nodeLimit must not be negative, was " + nodeLimit);
        }
        if (!(routingSkew >= BALANCED)) {
            throw new IllegalArgumentException("routingSkew must be at least 1, was " + routingSkew);
        }
    }

    /** This routing with {@code dispatcher}, everything else kept. */
    public ExpertRoutingSpec withDispatcher(Dispatcher dispatcher) {
        return new ExpertRoutingSpec(capacityFactor, routingSkew, dispatcher, communicationSms, nodeLimit);
    }

    /** This routing with the busiest rank loaded {@code skew} times the mean, everything else kept. */
    public ExpertRoutingSpec withRoutingSkew(double skew) {
        return new ExpertRoutingSpec(capacityFactor, skew, dispatcher, communicationSms, nodeLimit);
    }

    /** This routing with the experts' capacity {@code factor} times the mean, everything else kept. */
    public ExpertRoutingSpec withCapacityFactor(double factor) {
        return new ExpertRoutingSpec(factor, routingSkew, dispatcher, communicationSms, nodeLimit);
    }

    /** Whether the experts take every token routed to them. */
    public boolean dropless() {
        return capacityFactor == DROPLESS;
    }

    /** L = min(skew, capacity): the busiest EP rank's processed (and received) load over the mean. */
    public double busiestLoad() {
        return dropless() ? routingSkew : Math.min(routingSkew, capacityFactor);
    }

    /**
     * The busiest rank's load over the mean when random routing alone would load it {@code routedMaximum}
     * times the mean (the expected maximum of a batch's sampling noise, ≥ 1): the larger of that and the
     * stated skew, a lower bound on their combined expectation (each alone is reached), capped at the
     * capacity unless dropless. With {@code routedMaximum} 1 it is {@link #busiestLoad()}.
     */
    public double busiestLoad(double routedMaximum) {
        double load = Math.max(routingSkew, routedMaximum);
        return dropless() ? load : Math.min(load, capacityFactor);
    }

    /**
     * The load over the mean of each other rank of a group of {@code ranks} (≥ 2) EP ranks: they share
     * the rest of the tokens evenly, (ranks − skew) ÷ (ranks − 1), each capped at the capacity.
     */
    public double otherLoad(int ranks) {
        if (ranks < 2 || routingSkew > ranks) {
            throw new IllegalArgumentException("the busiest of " + ranks + " expert ranks receives at most " + ranks
                    + " times the mean, not " + routingSkew);
        }
        double rest = (ranks - routingSkew) / (ranks - 1);
        return dropless() ? rest : Math.min(rest, capacityFactor);
    }

    /** max(0, skew − capacity) ÷ skew: the fraction of the busiest rank's routed copies that are dropped. */
    public double droppedTokenFraction() {
        return dropless() ? 0 : Math.max(0, routingSkew - capacityFactor) / routingSkew;
    }
}
