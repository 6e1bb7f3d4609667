package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * What each link's contention episode opened with, for {@link ContentionReading}: its time, flows, overload and
 * input links, noted at the episode's first reading, and the factor the flows left inherit ({@link
 * ContentionModel#inheritedCapacityFactor}), 1 until the model gives one below 1. A model that does not {@link
 * ContentionModel#reasksInherited} is asked at each reading with fewer flows than the episode opened with until it
 * answers below 1, and that answer holds until the episode ends; one that does is asked again at each reading with
 * fewer flows than at its last answer, and the newest answer holds. O(1) per call; per-link arrays built once.
 */
final class EpisodeOpenings {
    private final ContentionModel model;
    private final boolean inherits;
    private final boolean reasks;
    /** Per link, when its current contention episode began, ps. */
    private final long[] openingPs;
    /** Per link, its flows (Σ multiplicity) when its current contention episode began. */
    private final double[] openingFlows;
    /** Per link, its overload when its current contention episode began. */
    private final double[] openingOverload;
    /** Per link, its input links when its current contention episode began. */
    private final int[] openingInputs;
    /** Per link, its flows at the model's last answer in the episode (its opening flows before one). */
    private final double[] askedFlows;
    /** Per link, the factor the flows left in its episode inherit (1 until the model gives one below 1). */
    private final double[] inherited;

    EpisodeOpenings(ContentionModel model, int links) {
        this.model = model;
        this.inherits = model.inheritsState();
        this.reasks = model.reasksInherited();
        openingPs = new long[links];
        openingFlows = new double[links];
        openingOverload = new double[links];
        openingInputs = new int[links];
        askedFlows = new double[links];
        inherited = new double[links];
        Arrays.fill(inherited, 1);
    }

    /**
     * {@code link}'s episode opens at {@code nowPs} with {@code flows} flows at {@code overload} over {@code inputs}
     * input links.
     */
    void open(int link, long nowPs, double flows, double overload, int inputs) {
        openingPs[link] = nowPs;
        openingFlows[link] = flows;
        openingOverload[link] = overload;
        openingInputs[link] = inputs;
        askedFlows[link] = flows;
        inherited[link] = 1;
    }

    /** Whether a reading of {@code link} with {@code flows} flows asks the model what they inherit. */
    boolean asks(int link, double flows) {
        return inherits && (reasks ? flows < askedFlows[link] : inherited[link] == 1 && flows < openingFlows[link]);
    }

    /** Asks the model for the {@code flows} flows left on {@code link} at {@code nowPs} with {@code remainingBytes}. */
    void ask(int link, long nowPs, double flows, double remainingBytes) {
        inherited[link] = model.inheritedCapacityFactor(link, openingOverload[link], openingFlows[link],
                openingInputs[link], (nowPs - openingPs[link]) * 1e-12, flows, remainingBytes);
        askedFlows[link] = flows;
    }

    /** The factor the flows left in {@code link}'s episode inherit. */
    double inherited(int link) {
        return inherited[link];
    }

    /** {@code link}'s episode ended: nothing is inherited. */
    void end(int link) {
        inherited[link] = 1;
    }
}
