package org.fabricsim.runtime.network;

/**
 * A fabric whose flows choose among a switch's uplinks by their hash wherever the hashed uplink has room ({@link
 * ContentionModel#choiceHashing}): which links are such choices, and the share of its capacity a link past them
 * delivers for a contention episode whose flows came partly by them ({@link HashedChoices}).
 */
public interface ChoiceHashing {
    /** The links a flow chose {@code link} among at the switch it leaves; 0 or 1 where there was no such choice. */
    int choices(int link);

    /**
     * The share of its capacity a saturated link delivers for its whole contention episode when, of the {@code bytes}
     * its flows had left as the episode opened, {@code hashedBytes} are those of {@code hashedFlows} flows (Σ
     * multiplicity) that reached it over a choice among {@code choices} links ({@link #choices}) which the ideal fill
     * left room on, where the flow model had spread them evenly; in (0, 1].
     */
    double capacityFactor(double bytes, double hashedBytes, double hashedFlows, int choices);
}
