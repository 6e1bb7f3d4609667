package org.fabricsim.runtime.network;

import java.util.Arrays;

/**
 * The factor a saturated link keeps for its contention episode where the model charges the bytes it delivers while
 * two input links or more feed it ({@link ContentionModel#sharedInputFactor}). At the episode's opening the classes on
 * the link are grouped by their input link (the link before it on their path; a class that starts on the link has
 * none); with r_f the remaining bytes of class f (multiplicity w_f) and r_i the largest r_f among input i's classes,
 * the link is fed by two inputs or more until the input with the second largest r_i, r*, has delivered its last
 * byte. Max-min gives the flows bottlenecked on the link equal rates, so a flow with r_f ≤ r* has ended by then and
 * one with more has delivered r*: the shared bytes are R_s = Σ_f w_f·min(r_f, r*), and 0 with fewer than two inputs.
 * The model's answer for (R = Σ_f w_f·r_f, R_s) holds until the episode ends. O(classes on the link) per opening,
 * nothing per later reading; nothing at all where the model does not {@link ContentionModel#chargesSharedInputs}.
 */
final class SharedInputs {
    private final ContentionModel model;
    private final boolean charges;
    private final LinkFlowLists lists;
    /** Per link, the factor its current episode opened with, 1 outside one. */
    private final double[] factor;
    /** Per input link, the largest remaining bytes of a class arriving over it, valid where its stamp is current. */
    private final double[] largest;
    /** Per input link, the opening that last wrote {@link #largest}, and the one that last read it. */
    private final int[] written;
    private final int[] read;
    private int stamp;

    SharedInputs(ContentionModel model, int links, LinkFlowLists lists) {
        this.model = model;
        this.charges = model.chargesSharedInputs();
        this.lists = lists;
        factor = new double[links];
        Arrays.fill(factor, 1);
        largest = charges ? new double[links] : null;
        written = charges ? new int[links] : null;
        read = charges ? new int[links] : null;
    }

    /** The factor {@code link}'s current episode holds. O(1). */
    double factor(int link) {
        return factor[link];
    }

    /**
     * A contention episode of {@code link} opens: reads its classes' inputs and remaining bytes (paths from {@code
     * paths} when not null, as {@link ContentionReading#factor} reads them) and asks the model. O(classes on the
     * link).
     */
    void open(FlowTable table, int link, FixLog paths) {
        if (!charges) {
            return;
        }
        if (stamp == Integer.MAX_VALUE) {
            Arrays.fill(written, 0);
            Arrays.fill(read, 0);
            stamp = 0;
        }
        int current = ++stamp;
        int[] list = lists.entries[link];
        int count = lists.count[link];
        int entryShift = lists.entryShift;
        int indexMask = (1 << entryShift) - 1;
        int[] records = FixLog.recordsOf(paths, table);
        int stride = table.stride;
        double bytes = 0;
        for (int k = 0; k < count; k++) {
            int flow = list[k] >>> entryShift;
            int base = FixLog.recordOf(paths, flow, stride);
            int index = list[k] & indexMask;
            double remaining = table.remainingBytes[flow];
            bytes += records[base + FlowTable.MULTIPLICITY] * remaining;
            int input = FlowTable.inputLink(records, base, index);
            if (input >= 0 && (written[input] != current || largest[input] < remaining)) {
                written[input] = current;
                largest[input] = remaining;
            }
        }
        double first = 0;
        double second = 0;
        for (int k = 0; k < count; k++) {
            int base = FixLog.recordOf(paths, list[k] >>> entryShift, stride);
            int index = list[k] & indexMask;
            int input = FlowTable.inputLink(records, base, index);
            if (input >= 0 && read[input] != current) {
                read[input] = current;
                double r = largest[input];
                second = Math.max(second, Math.min(first, r));
                first = Math.max(first, r);
            }
        }
        double shared = 0;
        for (int k = 0; second > 0 && k < count; k++) {
            int flow = list[k] >>> entryShift;
            int base = FixLog.recordOf(paths, flow, stride);
            shared += records[base + FlowTable.MULTIPLICITY] * Math.min(table.remainingBytes[flow], second);
        }
        factor[link] = model.sharedInputFactor(link, bytes, shared);
    }

    /** {@code link}'s episode ended. O(1). */
    void end(int link) {
        factor[link] = 1;
    }
}
