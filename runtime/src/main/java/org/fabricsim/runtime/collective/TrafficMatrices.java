package org.fabricsim.runtime.collective;

/**
 * All-to-all traffic matrices, row-major n×n bytes from i to j (diagonal zero), for {@link
 * CollectiveRequest#withTrafficMatrixBytes(double[])}.
 */
public final class TrafficMatrices {
    private TrafficMatrices() {
    }

    /**
     * Skewed traffic as with MoE routing to popular experts: rank i sends bytesPerRank in total,
     * split over the other ranks j in proportion to w_j = 1 / (1 + j)^exponent, so low-numbered
     * ranks are hot for everyone (exponent 0 is uniform). O(n²).
     */
    public static double[] zipf(int ranks, double bytesPerRank, double exponent) {
        double[] matrix = new double[ranks * ranks];
        for (int i = 0; i < ranks; i++) {
            double total = 0;
            for (int j = 0; j < ranks; j++) {
                if (j != i) {
                    total += Math.pow(1 + j, -exponent);
                }
            }
            for (int j = 0; j < ranks; j++) {
                if (j != i) {
                    matrix[i * ranks + j] = bytesPerRank * Math.pow(1 + j, -exponent) / total;
                }
            }
        }
        return matrix;
    }

    /** A permutation: rank i sends {@code bytes} to rank (i + shift) mod n, nothing else. O(n²). */
    public static double[] shift(int ranks, int shift, double bytes) {
        double[] matrix = new double[ranks * ranks];
        for (int i = 0; i < ranks; i++) {
            int j = Math.floorMod(i + shift, ranks);
            if (j != i) {
                matrix[i * ranks + j] = bytes;
            }
        }
        return matrix;
    }
}
