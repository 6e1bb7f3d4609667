package org.fabricsim.runtime.collective;

import java.util.Arrays;

/**
 * A collective as a sequence of phases of transfers, in primitive arrays.
 *
 * <p>A phase's transfers all start together; the phase ends when the last one has arrived; the
 * next phase starts then (bulk-synchronous steps, as in NCCL's step-wise primitives). A phase runs
 * {@code repeat} times in a row. Phases with the same non-negative {@code patternKey} move exactly
 * the same transfers, so their duration is solved once and reused.
 *
 * <p>A transfer is (kind, source, destination, bytes, channel): {@link #POINT_TO_POINT} or {@link
 * #PROXY} between accelerators, or {@link #TO_SWITCH} / {@link #FROM_SWITCH} between an accelerator
 * and its reducing domain switch, or {@link #AGGREGATE} on one link of a scale-out aggregation tree.
 * The channel distinguishes connections for ECMP hashing.
 */
public final class Schedule {
    /** Transfer kind: accelerator to accelerator. */
    public static final byte POINT_TO_POINT = 0;
    /** Transfer kind: accelerator up to its reducing domain switch. */
    public static final byte TO_SWITCH = 1;
    /** Transfer kind: reducing domain switch down to an accelerator. */
    public static final byte FROM_SWITCH = 2;
    /**
     * Transfer kind: accelerator to accelerator, forwarding the next transfer's bytes (NCCL's PXN:
     * across NVLink to the GPU whose NIC is on the destination's rail); part of that transfer's
     * step, so it pays no step latency of its own.
     */
    public static final byte PROXY = 3;
    /**
     * Transfer kind: one link of an in-network aggregation tree (SHARP), its source the link's
     * handle: the switches reduce the streams of their children into one, so each tree link
     * carries the tree's bytes once ({@link CollNetSchedules}).
     */
    public static final byte AGGREGATE = 4;

    private int phases;
    private int[] phaseFirst = new int[8];
    private int[] phaseRepeat = new int[8];
    private int[] phaseLatencySteps = new int[8];
    private long[] phaseKey = new long[8];
    private int transfers;
    private byte[] kind = new byte[64];
    private int[] source = new int[64];
    private int[] destination = new int[64];
    private double[] bytes = new double[64];
    private int[] channel = new int[64];
    private long fixedLatencyPs;
    /**
     * Opens a new phase that runs {@code repeat} times, each paying the step latency;
     * {@code patternKey} ≥ 0 marks reusable patterns.
     */
    public Schedule phase(int repeat, long patternKey) {
        return phase(repeat, repeat, patternKey);
    }

    /**
     * Opens a new pipelined phase that runs {@code repeat} times, of which only the first {@code
     * latencySteps} pay the step latency: chunks follow each other down a tree or chain without
     * waiting, so only the pipeline's depth is latency (NCCL's tree and chain latency model).
     */
    public Schedule phase(int repeat, int latencySteps, long patternKey) {
        if (repeat < 1 || latencySteps < 0 || latencySteps > repeat) {
            throw new IllegalArgumentException("a phase runs at least once, at most all of its runs paying latency");
        }
        if (phases == phaseFirst.length) {
            phaseFirst = Arrays.copyOf(phaseFirst, phases * 2);
            phaseRepeat = Arrays.copyOf(phaseRepeat, phases * 2);
            phaseLatencySteps = Arrays.copyOf(phaseLatencySteps, phases * 2);
            phaseKey = Arrays.copyOf(phaseKey, phases * 2);
        }
        phaseFirst[phases] = transfers;
        phaseRepeat[phases] = repeat;
        phaseLatencySteps[phases] = latencySteps;
        phaseKey[phases] = patternKey;
        phases++;
        return this;
    }

    /** Adds a transfer to the current phase; transfers of zero bytes are dropped. */
    public Schedule transfer(byte transferKind, int src, int dst, double transferBytes, int transferChannel) {
        if (phases == 0) {
            throw new IllegalStateException("open a phase first");
        }
        if (!(transferBytes > 0)) {
            return this;
        }
        if (transfers == kind.length) {
            int capacity = transfers * 2;
            kind = Arrays.copyOf(kind, capacity);
            source = Arrays.copyOf(source, capacity);
            destination = Arrays.copyOf(destination, capacity);
            bytes = Arrays.copyOf(bytes, capacity);
            channel = Arrays.copyOf(channel, capacity);
        }
        kind[transfers] = transferKind;
        source[transfers] = src;
        destination[transfers] = dst;
        bytes[transfers] = transferBytes;
        channel[transfers] = transferChannel;
        transfers++;
        return this;
    }

    /**
     * Adds latency the schedule pays outside its flows: the pipeline depth of an aggregation tree,
     * whose first bytes reach the root and come back before the stream flows.
     */
    public Schedule addFixedLatency(long latencyPs) {
        fixedLatencyPs += latencyPs;
        return this;
    }

    /** Latency outside the flows ({@link #addFixedLatency}), ps. */
    public long fixedLatencyPs() {
        return fixedLatencyPs;
    }

    /** Adds a point-to-point transfer to the current phase. */
    public Schedule send(int src, int dst, double transferBytes, int transferChannel) {
        return transfer(POINT_TO_POINT, src, dst, transferBytes, transferChannel);
    }

    /**
     * This schedule with rank r's transfers moved to accelerator {@code accelerators[r]} (aggregation
     * tree links, already placed, stay). O(phases + transfers).
     */
    Schedule placed(int[] accelerators) {
        Schedule copy = new Schedule();
        for (int p = 0; p < phases; p++) {
            copy.phase(phaseRepeat[p], phaseLatencySteps[p], phaseKey[p]);
            for (int t = firstTransfer(p); t < endTransfer(p); t++) {
                boolean ranks = kind[t] != AGGREGATE;
                copy.transfer(kind[t], ranks ? accelerators[source[t]] : source[t],
                        ranks ? accelerators[destination[t]] : destination[t], bytes[t], channel[t]);
            }
        }
        return copy.addFixedLatency(fixedLatencyPs);
    }

    public int phaseCount() {
        return phases;
    }

    public int firstTransfer(int phase) {
        return phaseFirst[phase];
    }

    public int endTransfer(int phase) {
        return phase + 1 < phases ? phaseFirst[phase + 1] : transfers;
    }

    public int repeat(int phase) {
        return phaseRepeat[phase];
    }

    /** How many of the phase's runs pay the step latency. */
    public int latencySteps(int phase) {
        return phaseLatencySteps[phase];
    }

    public long patternKey(int phase) {
        return phaseKey[phase];
    }

    public byte kind(int transfer) {
        return kind[transfer];
    }

    public int source(int transfer) {
        return source[transfer];
    }

    public int destination(int transfer) {
        return destination[transfer];
    }

    public double bytes(int transfer) {
        return bytes[transfer];
    }

    public int channel(int transfer) {
        return channel[transfer];
    }

    /** The bytes every transfer of {@code phase} carries, or NaN when they differ. O(transfers). */
    public double uniformBytes(int phase) {
        int first = firstTransfer(phase);
        int end = endTransfer(phase);
        if (end == first) {
            return Double.NaN;
        }
        double value = bytes[first];
        for (int t = first + 1; t < end; t++) {
            if (bytes[t] != value) {
                return Double.NaN;
            }
        }
        return value;
    }

    /** Bytes injected by all transfers, repeats included. */
    public double totalBytes() {
        double total = 0;
        for (int p = 0; p < phases; p++) {
            double phaseBytes = 0;
            for (int t = firstTransfer(p); t < endTransfer(p); t++) {
                phaseBytes += bytes[t];
            }
            total += phaseBytes * phaseRepeat[p];
        }
        return total;
    }

    /** Steps executed, repeats included. */
    public long steps() {
        long steps = 0;
        for (int p = 0; p < phases; p++) {
            steps += phaseRepeat[p];
        }
        return steps;
    }
}
