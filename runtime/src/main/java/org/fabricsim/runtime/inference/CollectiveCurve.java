package org.fabricsim.runtime.inference;

import java.util.Arrays;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * A collective's cost on the engine's curve: simulated at the points s_k = 2^e·(1 + (j + ½)/4), four to an
 * octave (k = 4·(e − {@link #FIRST_EXPONENT}) + j, e = {@link #FIRST_EXPONENT} … {@link #LAST_EXPONENT}, j = 0 …
 * 3), each when first needed, and straight between neighbours: t(S) = t_k + (t_(k+1) − t_k)·(S − s_k) ÷ (s_(k+1)
 * − s_k) for s_k ≤ S &lt; s_(k+1), the end segments extended past the ends. The points sit between the powers of
 * two, where the engine's chunking puts a step in its cost (an all-reduce of 8 MiB over eight ranks: 85.6 µs,
 * against 70.0 µs at 7.9 MiB and 75.8 µs at 8.05 MiB); the curve is within 1% of the engine elsewhere.
 *
 * <p>The all-reduce is not a line between 64 KiB and 64 MiB: NCCL's algorithm, protocol and channels, chosen by
 * size, each with its own step latencies, put it over eight NVLink ranks at 1.2–1.4 times that line at 1–4 MiB and
 * 1.1 times at 7–15 MiB, the sizes of a decode step's TP all-reduces at batches of a few hundred sequences of
 * 16,384-wide BF16 activations, and 0.9 times at 128 MiB. The engine's direct all-to-all (one phase of every pair)
 * and its send/recv (one flow) cost a fixed latency plus their bytes at the bottleneck's rate, affine in S, which
 * the interpolation reproduces to the picosecond rounding of its points. O(1) amortized per {@link #timePs}; one
 * engine run per point used.
 */
final class CollectiveCurve implements CollectiveFit {
    /** The curve's first octave: 1 KiB. */
    static final int FIRST_EXPONENT = 10;
    /** The curve's last octave: 1 GiB. */
    static final int LAST_EXPONENT = 30;
    /** Points to an octave. */
    static final int POINTS_PER_OCTAVE = 4;

    private final ClusterTopology topology;
    /** The collective simulated at each point, its size set per point. */
    private final CollectiveRequest request;
    /** t_k, NaN until simulated. */
    private final double[] curvePs;

    CollectiveCurve(ClusterTopology topology, CollectiveRequest request) {
        this.topology = topology;
        this.request = request;
        this.curvePs = new double[(LAST_EXPONENT - FIRST_EXPONENT + 1) * POINTS_PER_OCTAVE];
        Arrays.fill(curvePs, Double.NaN);
    }

    @Override
    public double timePs(double bytes) {
        int exponent = bytes < 1 ? FIRST_EXPONENT : Math.getExponent(bytes);
        double quarters = bytes < 1 ? 0 : POINTS_PER_OCTAVE * (bytes / Math.scalb(1.0, exponent) - 1) - 0.5;
        int k = POINTS_PER_OCTAVE * (exponent - FIRST_EXPONENT) + (int) Math.floor(quarters);
        k = Math.max(0, Math.min(curvePs.length - 2, k));
        double low = size(k);
        double lowPs = point(k);
        return Math.max(0, lowPs + (point(k + 1) - lowPs) * (bytes - low) / (size(k + 1) - low));
    }

    /** s_k, bytes. */
    private static double size(int k) {
        int octave = k / POINTS_PER_OCTAVE;
        int j = k % POINTS_PER_OCTAVE;
        return Math.scalb(1 + (j + 0.5) / POINTS_PER_OCTAVE, FIRST_EXPONENT + octave);
    }

    /** t_k, simulated when first needed. */
    private double point(int k) {
        if (Double.isNaN(curvePs[k])) {
            curvePs[k] = CollectiveEngine.run(topology, request.withSize(Math.round(size(k)))).timePs();
        }
        return curvePs[k];
    }
}
