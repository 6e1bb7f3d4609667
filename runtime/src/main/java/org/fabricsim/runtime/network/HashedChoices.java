package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.topology.Graph;

/**
 * The factor a saturated link keeps for its contention episode where its flows reached it over a hashed choice
 * ({@link ChoiceHashing#capacityFactor}): at the episode's opening, the classes on the link whose link before it is
 * one of {@link ChoiceHashing#choices} c ≥ 2 links at its switch and has room in the ideal fill (capacity left above
 * 10⁻⁹ of it) are its hashed flows H (Σ multiplicity), their remaining bytes R_h against all its classes' R, and c
 * the largest such count; the answer holds until the episode ends. A link that is itself such a choice reads none
 * (its own switch chooses again past it). O(classes on the link) per opening, nothing per later reading; nothing at
 * all where the model has no {@link ContentionModel#choiceHashing}.
 */
final class HashedChoices {
    /** The model's choice hashing; null where it has none. */
    private final ChoiceHashing hashing;
    private final Graph graph;
    private final LinkFlowLists lists;
    private final ProgressiveFill ideal;
    /** Per link, the factor its current episode opened with, 1 outside one or where no flow came by a hashed choice. */
    private final double[] factor;

    HashedChoices(ContentionModel model, Graph graph, LinkFlowLists lists, ProgressiveFill ideal) {
        this.graph = graph;
        this.lists = lists;
        this.ideal = ideal;
        this.hashing = model.choiceHashing();
        factor = new double[graph.flowLinkCount()];
        Arrays.fill(factor, 1);
    }

    /** The factor {@code link}'s current episode holds. O(1). */
    double factor(int link) {
        return factor[link];
    }

    /**
     * A contention episode of {@code link} opens: reads its hashed flows (paths from {@code paths} when not null, as
     * {@link ContentionReading#factor} reads them) and asks the model. O(classes on the link).
     */
    void open(FlowTable table, int link, FixLog paths) {
        if (hashing == null || hashing.choices(link) > 1) {
            return;
        }
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        int indexMask = (1 << entryShift) - 1;
        int[] records = FixLog.recordsOf(paths, table);
        int stride = table.stride;
        double bytes = 0;
        double hashedBytes = 0;
        double hashedFlows = 0;
        int choices = 0;
        for (int k = 0; k < count; k++) {
            int flow = list[k] >>> entryShift;
            int base = FixLog.recordOf(paths, flow, stride);
            int index = list[k] & indexMask;
            int multiplicity = records[base + FlowTable.MULTIPLICITY];
            double remaining = multiplicity * table.remainingBytes[flow];
            bytes += remaining;
            int input = FlowTable.inputLink(records, base, index);
            int among = input >= 0 ? hashing.choices(input) : 0;
            if (among > 1 && ideal.remaining(input) > 1e-9 * graph.linkBytesPerSecond(input)) {
                hashedBytes += remaining;
                hashedFlows += multiplicity;
                choices = Math.max(choices, among);
            }
        }
        if (hashedFlows > 0) {
            factor[link] = hashing.capacityFactor(bytes, hashedBytes, hashedFlows, choices);
        }
    }

    /** {@code link}'s episode ended. O(1). */
    void end(int link) {
        factor[link] = 1;
    }
}
