package org.fabricsim.runtime.inference;

import java.util.Arrays;

import org.fabricsim.runtime.collective.CollectiveEngine;
import org.fabricsim.runtime.collective.CollectiveOperation;
import org.fabricsim.runtime.collective.CollectiveRequest;
import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * A collective's cost per rank buffer of S bytes from simulations on the fabric, so that the
 * per-layer collectives of millions of iterations cost O(1) each instead of one flow simulation each.
 * Two forms:
 * <ul>
 * <li>the line t(S) = α + β·S through the simulations at {@link #SMALL_BYTES} and {@link #LARGE_BYTES}
 * (the all-to-all and the pipeline send);</li>
 * <li>for the all-reduce, the engine's curve: simulated at the points s_k = 2^e·(1 + (j + ½)/4), four
 * to an octave (k = 4·(e − {@link #FIRST_EXPONENT}) + j, e = {@link #FIRST_EXPONENT} … {@link
 * #LAST_EXPONENT}, j = 0 … 3), each when first needed, and straight between neighbours:
 * t(S) = t_k + (t_(k+1) − t_k)·(S − s_k) ÷ (s_(k+1) − s_k) for s_k ≤ S &lt; s_(k+1), the end segments
 * extended past the ends. The engine's all-reduce (NCCL's algorithm, protocol and channels chosen
 * by size, each with its own step latencies) is not a line between 64 KiB and 64 MiB: over eight
 * NVLink ranks it is 1.2–1.4 times the line at 1–4 MiB and 1.1 times at 7–15 MiB, the sizes of a
 * decode step's TP all-reduces at batches of a few hundred sequences of 16,384-wide BF16
 * activations, and 0.9 times at 128 MiB. The points sit between the powers of two, where the
 * engine's chunking puts a step in its cost (8 MiB over eight ranks: 85.6 µs, against 70.0 µs at
 * 7.9 MiB and 75.8 µs at 8.05 MiB); the curve is within 1% of the engine elsewhere.
 * </ul>
 * {@link #timePs} is O(1) amortized; the curve costs one engine run per point used.
 */
final class CollectiveFit {
    /** 64 KiB: a decode step's activations, latency-dominated. */
    static final long SMALL_BYTES = 64L << 10;
    /** 64 MiB: a long prefill chunk's activations, bandwidth-dominated. */
    static final long LARGE_BYTES = 64L << 20;
    /** The curve's first octave: 1 KiB. */
    static final int FIRST_EXPONENT = 10;
    /** The curve's last octave: 1 GiB. */
    static final int LAST_EXPONENT = 30;
    /** Points to an octave. */
    static final int POINTS_PER_OCTAVE = 4;

    private final double alphaPs;
    private final double psPerByte;
    private final ClusterTopology topology;
    /** The collective simulated at each point; null for the line. */
    private final CollectiveRequest request;
    /** t_k, NaN until simulated. */
    private final double[] curvePs;

    /**
     * The line t(S) = α + β·S.
     *
     * @param alphaPs   fixed cost, picoseconds
     * @param psPerByte cost per byte of the per-rank buffer, picoseconds
     */
    CollectiveFit(double alphaPs, double psPerByte) {
        this.alphaPs = alphaPs;
        this.psPerByte = psPerByte;
        this.topology = null;
        this.request = null;
        this.curvePs = null;
    }

    private CollectiveFit(ClusterTopology topology, CollectiveRequest request) {
        this.alphaPs = 0;
        this.psPerByte = 0;
        this.topology = topology;
        this.request = request;
        this.curvePs = new double[(LAST_EXPONENT - FIRST_EXPONENT + 1) * POINTS_PER_OCTAVE];
        Arrays.fill(curvePs, Double.NaN);
    }

    /** Cost of one collective of {@code bytes} per rank, picoseconds; never negative. */
    double timePs(double bytes) {
        if (request == null) {
            return alphaPs + psPerByte * bytes;
        }
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

    /**
     * Fits {@code operation} over the first {@code ranks} accelerators of {@code topology} with
     * NCCL's step {@code overheads}: the curve for an all-reduce, else the line; null when {@code
     * ranks} is 1 (no collective).
     */
    static CollectiveFit of(ClusterTopology topology, CollectiveOperation operation, int ranks,
            StepOverheads overheads) {
        if (ranks < 2) {
            return null;
        }
        CollectiveRequest request = CollectiveRequest.of(operation, SMALL_BYTES, ranks).withStepOverheads(overheads);
        return operation == CollectiveOperation.ALL_REDUCE ? new CollectiveFit(topology, request)
                : fit(topology, request);
    }

    /**
     * Fits a send/recv from accelerator 0 to accelerator {@code peer} of {@code topology} with
     * NCCL's step {@code overheads}: the hop between pipeline stages {@code peer} ranks apart.
     */
    static CollectiveFit sendRecv(ClusterTopology topology, int peer, StepOverheads overheads) {
        return fit(topology, CollectiveRequest.of(CollectiveOperation.SEND_RECV, SMALL_BYTES, peer + 1)
                .withEndpoints(0, peer).withStepOverheads(overheads));
    }

    private static CollectiveFit fit(ClusterTopology topology, CollectiveRequest request) {
        long smallPs = CollectiveEngine.run(topology, request).timePs();
        long largePs = CollectiveEngine.run(topology, request.withSize(LARGE_BYTES)).timePs();
        double psPerByte = Math.max(0, (double) (largePs - smallPs) / (LARGE_BYTES - SMALL_BYTES));
        return new CollectiveFit(Math.max(0, smallPs - psPerByte * SMALL_BYTES), psPerByte);
    }
}
