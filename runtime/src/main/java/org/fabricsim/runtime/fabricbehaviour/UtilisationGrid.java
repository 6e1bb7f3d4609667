package org.fabricsim.runtime.fabricbehaviour;

import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.FLOWS_PER_SENDER;
import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.INCAST_DEGREES;
import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.PATH_LINKS;
import static org.fabricsim.runtime.fabricbehaviour.FabricBehaviour.SENDER_BYTES;

/**
 * Reads a {@link FabricBehaviour}'s measured utilisations between the points the table measured: u(ρ, m, L̄, B),
 * linear in log₂ B between {@link FabricBehaviour#SENDER_BYTES}, in L̄ between {@link FabricBehaviour#PATH_LINKS},
 * in log₂ ρ between u(1, m) = 1 and {@link FabricBehaviour#INCAST_DEGREES}, in log₂ m between {@link
 * FabricBehaviour#FLOWS_PER_SENDER}; held at the measured ends outside. O(degrees + flow counts) per
 * (size, length) block read, at most 4 blocks; no allocation.
 */
final class UtilisationGrid {
    /** The table's most crowded incast: its largest degree ρ (senders), each with its most flows m (16 × 8). */
    static final int CROWDED_DEGREE = INCAST_DEGREES[INCAST_DEGREES.length - 1];
    static final int CROWDED_FLOWS_PER_SENDER = FLOWS_PER_SENDER[FLOWS_PER_SENDER.length - 1];
    /** ln(ρ_i / ρ_{i−1}) between neighbouring measured degrees (ρ_{−1} = 1), the divisors of the log₂ ρ weights. */
    private static final double[] LOG_DEGREE_STEP = new double[INCAST_DEGREES.length];
    /** ln(m_j / m_{j−1}) between neighbouring measured flow counts (entry 0 unused), the divisors of the log₂ m weights. */
    private static final double[] LOG_FLOWS_STEP = new double[FLOWS_PER_SENDER.length];

    static {
        for (int i = 0; i < INCAST_DEGREES.length; i++) {
            LOG_DEGREE_STEP[i] = Math.log((double) INCAST_DEGREES[i] / (i == 0 ? 1 : INCAST_DEGREES[i - 1]));
        }
        for (int j = 1; j < FLOWS_PER_SENDER.length; j++) {
            LOG_FLOWS_STEP[j] = Math.log((double) FLOWS_PER_SENDER[j] / FLOWS_PER_SENDER[j - 1]);
        }
    }

    private UtilisationGrid() {
    }

    /** u(ρ, m, L̄, B): linear in log₂ B between the measured sizes, held outside them. */
    static double at(double[] u, double overload, double flowsPerSender, double pathLinks, double bytesPerSender) {
        int last = SENDER_BYTES.length - 1;
        if (!(bytesPerSender > SENDER_BYTES[0])) {
            return atSize(u, 0, overload, flowsPerSender, pathLinks);
        }
        if (bytesPerSender >= SENDER_BYTES[last]) {
            return atSize(u, last, overload, flowsPerSender, pathLinks);
        }
        int s = 1;
        while (bytesPerSender >= SENDER_BYTES[s]) {
            s++;
        }
        double t = Math.log(bytesPerSender / SENDER_BYTES[s - 1]) / Math.log(SENDER_BYTES[s] / SENDER_BYTES[s - 1]);
        double low = atSize(u, s - 1, overload, flowsPerSender, pathLinks);
        return low + (atSize(u, s, overload, flowsPerSender, pathLinks) - low) * t;
    }

    /** u(ρ, m, L̄) at {@code SENDER_BYTES[s]}: linear in L̄ between the measured path lengths, held outside them. */
    private static double atSize(double[] u, int s, double overload, double flowsPerSender, double pathLinks) {
        int last = PATH_LINKS.length - 1;
        int first = s * PATH_LINKS.length;
        if (pathLinks <= PATH_LINKS[0]) {
            return inBlock(u, first, overload, flowsPerSender);
        }
        if (pathLinks >= PATH_LINKS[last]) {
            return inBlock(u, first + last, overload, flowsPerSender);
        }
        int h = 1;
        while (pathLinks >= PATH_LINKS[h]) {
            h++;
        }
        double t = (pathLinks - PATH_LINKS[h - 1]) / (PATH_LINKS[h] - PATH_LINKS[h - 1]);
        double low = inBlock(u, first + h - 1, overload, flowsPerSender);
        return low + (inBlock(u, first + h, overload, flowsPerSender) - low) * t;
    }

    /**
     * u(ρ, m) in block h (bytes per sender, path length): linear in log₂ ρ between u(1, m) = 1 and the
     * measured degrees, each read at m ({@link #atDegree}), held at ρ = 16 above. Reads the two degrees
     * around ρ only: O(degrees) comparisons and at most 3 logarithms (the divisors are tabled).
     */
    static double inBlock(double[] u, int h, double overload, double flowsPerSender) {
        if (overload <= 1) {
            return 1;
        }
        int last = INCAST_DEGREES.length - 1;
        if (overload >= INCAST_DEGREES[last]) {
            return atDegree(u, h, last, flowsPerSender);
        }
        int i = 0;
        while (overload >= INCAST_DEGREES[i]) {
            i++;
        }
        double lowDegree = i == 0 ? 1 : INCAST_DEGREES[i - 1];
        double lowU = i == 0 ? 1 : atDegree(u, h, i - 1, flowsPerSender);
        double t = Math.log(overload / lowDegree) / LOG_DEGREE_STEP[i];
        return lowU + (atDegree(u, h, i, flowsPerSender) - lowU) * t;
    }

    /**
     * u in block h (bytes per sender, path length) at {@code INCAST_DEGREES[i]} and m flows per sender:
     * linear in log₂ m between the measured counts, held outside.
     */
    private static double atDegree(double[] u, int h, int i, double flowsPerSender) {
        int base = (h * INCAST_DEGREES.length + i) * FLOWS_PER_SENDER.length;
        if (flowsPerSender <= FLOWS_PER_SENDER[0]) {
            return u[base];
        }
        int j = 1;
        while (j < FLOWS_PER_SENDER.length && flowsPerSender >= FLOWS_PER_SENDER[j]) {
            j++;
        }
        if (j == FLOWS_PER_SENDER.length) {
            return u[base + j - 1];
        }
        double low = u[base + j - 1];
        double t = Math.log(flowsPerSender / FLOWS_PER_SENDER[j - 1]) / LOG_FLOWS_STEP[j];
        return low + (u[base + j] - low) * t;
    }
}
