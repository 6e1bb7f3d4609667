package org.fabricsim.runtime.network;

import java.util.Arrays;

import org.fabricsim.runtime.sim.ClockCause;
import org.fabricsim.runtime.sim.ClockLimit;
import org.fabricsim.runtime.sim.IndexedMinHeap;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.Graph;

/**
 * What every flow-level model shares: flow classes in primitive arrays (handles recycled through
 * a free list; the int state of a class — path length, multiplicity, path — in one record of
 * {@code 2 + maxPathLinks} ints, so a class costs one cache miss), projected completions in an
 * {@link IndexedMinHeap}, per-link byte counters, and the batching of completions.
 *
 * <p><b>Batching.</b> When the earliest completion t is due, for a class started at t₀, every class
 * projected to finish by t + ε·(t − t₀) finishes in the same batch, followed by one re-solve: ε is
 * the relative completion tolerance (the time quantum, relative to the age of the flow, so it is
 * meaningful at every time scale). A class finishing early by at most that quantum releases its
 * bandwidth that much early, a relative error of at most ε on its duration. With ε = 0 only
 * exactly simultaneous completions are batched and the model is exact. A subclass may defer its
 * re-solve after a batch to a later time ({@link #solveDuePs}), which then is an event.
 *
 * <p>Subclasses decide rates ({@link #prepare()}) and bookkeeping on start and finish.
 */
abstract class FlowTable implements NetworkModel {
    static final double PS_PER_SECOND = 1e12;

    final Simulation simulation;
    final Graph graph;
    static final int LENGTH = 0;
    static final int MULTIPLICITY = 1;
    static final int LINKS = 2;

    /**
     * The link before entry {@code index} on the path of the record at {@code base} of {@code records} (the input
     * the class arrives over), -1 at the path's first link. O(1).
     */
    static int inputLink(int[] records, int base, int index) {
        return index > 0 ? records[base + LINKS + index - 1] : -1;
    }

    final int maxPathLinks;
    final int stride;
    private final double completionTolerance;
    int[] records;
    double[] bytesPerFlow;
    double[] remainingBytes;
    double[] rateBytesPerSecond;
    long[] lastUpdatePs;
    private long[] startPs;
    private int[] tag;
    private int[] freeHandles;
    private int freeCount;
    private int slots;
    private int active;
    final IndexedMinHeap completions;
    private final double[] linkBytes;
    private FlowListener listener = (t, p) -> { };
    private double bytesStarted;
    private double bytesDelivered;
    private long classesStarted;
    private long flowsStarted;
    private long batches;
    /** When the last batch fired (ps), -1 before one. */
    long lastBatchPs = -1;
    /** The end of its window: t + ε·(t − t₀) (ps), -1 before one. */
    long lastBatchLimitPs = -1;
    /** A re-solve the subclass deferred to this time ({@link #NONE} when none): an event then. */
    long solveDuePs = NONE;
    /** The last projection's remaining bytes, rate and instant, and the completion time they gave. */
    private double projectedBytes = -1;
    private double projectedRate;
    private long projectedAtPs = -1;
    private long projectedFinishPs;

    /** A table with room for {@code initialClasses} flow classes before its arrays grow (a hint, at least 1). */
    FlowTable(Simulation simulation, Graph graph, int maxPathLinks, double completionTolerance, int initialClasses) {
        if (completionTolerance < 0) {
            throw new IllegalArgumentException("completionTolerance must be non-negative");
        }
        this.simulation = simulation;
        this.graph = graph;
        this.maxPathLinks = maxPathLinks;
        this.stride = LINKS + maxPathLinks;
        this.completionTolerance = completionTolerance;
        int capacity = Math.max(1, initialClasses);
        records = new int[capacity * stride];
        bytesPerFlow = new double[capacity];
        remainingBytes = new double[capacity];
        rateBytesPerSecond = new double[capacity];
        lastUpdatePs = new long[capacity];
        startPs = new long[capacity];
        tag = new int[capacity];
        freeHandles = new int[capacity];
        completions = new IndexedMinHeap(capacity);
        linkBytes = new double[graph.flowLinkCount()];
    }

    @Override
    public final int start(int[] path, int length, double bytes, int count, int flowTag) {
        if (length < 1 || length > maxPathLinks) {
            throw new IllegalArgumentException("a path needs 1 to " + maxPathLinks + " links: " + length);
        }
        if (!(bytes > 0) || count < 1) {
            throw new IllegalArgumentException("a flow class needs positive bytes and multiplicity");
        }
        int flow = allocate();
        int base = flow * stride;
        records[base + LENGTH] = length;
        records[base + MULTIPLICITY] = count;
        System.arraycopy(path, 0, records, base + LINKS, length);
        bytesPerFlow[flow] = bytes;
        remainingBytes[flow] = bytes;
        rateBytesPerSecond[flow] = 0;
        lastUpdatePs[flow] = simulation.nowPs();
        startPs[flow] = simulation.nowPs();
        tag[flow] = flowTag;
        active++;
        classesStarted++;
        flowsStarted += count;
        bytesStarted += bytes * count;
        onStart(flow);
        return flow;
    }

    @Override
    public final void setListener(FlowListener flowListener) {
        this.listener = flowListener;
    }

    @Override
    public final long nextEventPs() {
        prepare();
        return Math.min(completions.isEmpty() ? NONE : completions.peekKey(), solveDuePs);
    }

    @Override
    public final void fire(Simulation sim) {
        if (completions.isEmpty()) {
            return;
        }
        long nowPs = sim.nowPs();
        long limitPs = nowPs + (long) (completionTolerance * (nowPs - startPs[completions.peek()]));
        lastBatchPs = nowPs;
        lastBatchLimitPs = limitPs;
        batches++;
        while (!completions.isEmpty() && completions.peekKey() <= limitPs) {
            long finishPs = completions.peekKey();
            int flow = completions.poll();
            int base = flow * stride;
            double bytes = bytesPerFlow[flow] * records[base + MULTIPLICITY];
            int end = base + LINKS + records[base + LENGTH];
            for (int at = base + LINKS; at < end; at++) {
                linkBytes[records[at]] += bytes;
            }
            bytesDelivered += bytes;
            onFinish(flow);
            int flowTag = tag[flow];
            records[base + LENGTH] = 0;
            freeHandles[freeCount++] = flow;
            active--;
            listener.onFinished(flowTag, finishPs);
        }
    }

    /** Brings rates and projected completions up to date with the arrivals and departures so far. */
    abstract void prepare();

    /** Called after a flow class is stored. */
    abstract void onStart(int flow);

    /** Called when a flow class finishes, before its handle is recycled. */
    abstract void onFinish(int flow);

    /**
     * Schedules the completion of {@code flow} from its remaining bytes and current rate. The same inputs as the last
     * projection's (a KV transfer's flows, started at one instant with equal bytes on links of equal capacity) give
     * its time without the division: the same operations on the same values.
     */
    final void project(int flow, long nowPs) {
        double rate = rateBytesPerSecond[flow];
        if (!(rate > 0)) {
            throw new IllegalStateException("flow class " + flow + " got no bandwidth");
        }
        double remaining = remainingBytes[flow];
        if (remaining != projectedBytes || rate != projectedRate || nowPs != projectedAtPs) {
            double seconds = remaining / rate;
            projectedFinishPs = ClockLimit.after(nowPs, Math.max(0L, (long) Math.ceil(seconds * PS_PER_SECOND)),
                    ClockCause.TRANSFER);
            projectedBytes = remaining;
            projectedRate = rate;
            projectedAtPs = nowPs;
        }
        completions.put(flow, projectedFinishPs, 0);
    }

    /** Deducts what {@code flow} sent at its current rate since its last update. */
    final void advance(int flow, long nowPs) {
        long elapsedPs = nowPs - lastUpdatePs[flow];
        if (elapsedPs > 0) {
            remainingBytes[flow] = Math.max(0, remainingBytes[flow]
                    - rateBytesPerSecond[flow] * (elapsedPs / PS_PER_SECOND));
        }
        lastUpdatePs[flow] = nowPs;
    }

    /** Its own bytes and each enclosing group's ÷ that group's members (groups nest, {@link Graph}). */
    @Override
    public final double linkBytes(int link) {
        double bytes = linkBytes[link];
        for (int group = graph.groupOf(link); group >= 0; group = graph.groupOf(group)) {
            bytes += linkBytes[group] / graph.groupSize(group);
        }
        return bytes;
    }

    @Override
    public final double bytesStarted() {
        return bytesStarted;
    }

    @Override
    public final double bytesDelivered() {
        return bytesDelivered;
    }

    @Override
    public final int activeFlowClasses() {
        return active;
    }

    @Override
    public NetworkStatistics statistics() {
        return new NetworkStatistics(classesStarted, flowsStarted, solves(), flowClassesSolved(), batches);
    }

    abstract long solves();

    abstract long flowClassesSolved();

    /** Handles ever allocated: every live class has a handle below this (freed ones have length 0). */
    final int handleBound() {
        return slots;
    }

    /** The capacity of the handle space, for subclasses sizing per-flow arrays. */
    final int flowCapacity() {
        return remainingBytes.length;
    }

    /** Called when the handle space has grown to {@code capacity}. */
    abstract void grow(int capacity);

    private int allocate() {
        if (freeCount > 0) {
            return freeHandles[--freeCount];
        }
        if (slots == remainingBytes.length) {
            int capacity = slots * 2;
            records = Arrays.copyOf(records, capacity * stride);
            bytesPerFlow = Arrays.copyOf(bytesPerFlow, capacity);
            remainingBytes = Arrays.copyOf(remainingBytes, capacity);
            rateBytesPerSecond = Arrays.copyOf(rateBytesPerSecond, capacity);
            lastUpdatePs = Arrays.copyOf(lastUpdatePs, capacity);
            startPs = Arrays.copyOf(startPs, capacity);
            tag = Arrays.copyOf(tag, capacity);
            freeHandles = Arrays.copyOf(freeHandles, capacity);
            grow(capacity);
        }
        return slots++;
    }
}
