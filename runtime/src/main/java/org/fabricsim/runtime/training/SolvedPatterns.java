package org.fabricsim.runtime.training;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.fabricsim.runtime.collective.StepOverheads;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * One run's view of the step patterns {@link FabricCollectiveTimer} has solved for a job: per
 * pattern key the seconds (step latency included), the size it was solved at and the bytes its
 * foreground transfers routed over every link, all shared by the job's runs ({@link #nextRun});
 * the link traffic counted and the engine counts (events fired, flows started) are the run's own.
 *
 * <p>Sizes: in the fluid max-min model a phase whose flows all scale by x lasts x times as long,
 * so a {@link #scaled} pattern is solved once at the first size asked for and a later size b
 * costs (T − o)·b/b₀ + o with T the solved seconds at b₀ and o the step latency: O(1) after the
 * solve. Counting a pattern adds its link bytes times a factor to the traffic, O(links).
 */
final class SolvedPatterns {
    private final Map<String, Double> seconds;
    private final Map<String, double[]> referenceBytes;
    private final Map<String, double[]> linkBytes;
    private final StepOverheads overheads;
    private final LinkTraffic traffic;
    private long eventsFired;
    private long flowsStarted;

    SolvedPatterns(ClusterTopology topology, StepOverheads overheads) {
        this.seconds = new HashMap<>();
        this.referenceBytes = new HashMap<>();
        this.linkBytes = new HashMap<>();
        this.overheads = overheads;
        this.traffic = new LinkTraffic(topology);
    }

    private SolvedPatterns(SolvedPatterns previous, ClusterTopology topology) {
        this.seconds = previous.seconds;
        this.referenceBytes = previous.referenceBytes;
        this.linkBytes = previous.linkBytes;
        this.overheads = previous.overheads;
        this.traffic = new LinkTraffic(topology);
    }

    /** The same solved patterns (shared both ways) with no traffic and no engine counts. O(links). */
    SolvedPatterns nextRun(ClusterTopology topology) {
        return new SolvedPatterns(this, topology);
    }

    /**
     * A pattern's seconds at {@code bytesPerRank}: solved once at the first size asked for (the
     * pattern built by {@code pattern}), later sizes scaled from it, each with the step latency of
     * a ring step {@code crossingShare} of whose hops leave a scale-up domain ({@link #stepOverheadSeconds}).
     */
    double scaled(String key, double bytesPerRank, double crossingShare, Supplier<FabricPhase> pattern) {
        double overhead = stepOverheadSeconds(crossingShare);
        double[] reference = referenceBytes.get(key);
        if (reference != null) {
            return (seconds.get(key) - overhead) * bytesPerRank / reference[0] + overhead;
        }
        referenceBytes.put(key, new double[] {bytesPerRank});
        double solved = solve(pattern.get(), key) + overhead;
        seconds.put(key, solved);
        return solved;
    }

    /** A pattern's seconds, solved once at its only size, with the step latency {@code crosses} selects. */
    double once(String key, Supplier<FabricPhase> pattern, BooleanSupplier crosses) {
        return seconds.computeIfAbsent(key,
                k -> solve(pattern.get(), k) + stepOverheadSeconds(crosses.getAsBoolean() ? 1 : 0));
    }

    /** The size {@code key} was solved at. */
    double referenceBytes(String key) {
        return referenceBytes.get(key)[0];
    }

    /** The size {@code key} is solved at: the first {@code bytes} asked for. */
    double referenceBytes(String key, double bytes) {
        return referenceBytes.computeIfAbsent(key, k -> new double[] {bytes})[0];
    }

    /** Adds {@code scale} times the link bytes of the solved pattern {@code key} to the run's traffic. */
    void count(String key, double scale) {
        traffic.add(linkBytes.get(key), scale);
    }

    LinkTraffic traffic() {
        return traffic;
    }

    long eventsFired() {
        return eventsFired;
    }

    long flowsStarted() {
        return flowsStarted;
    }

    /**
     * NCCL's per-step software latency, in seconds, of a step {@code crossingShare} of whose hops leave the scale-up
     * domain: a ring's ranks wait only for their own predecessor, so over its steps a chunk crosses every hop in turn
     * and each step pays the hops' mean, s·α_out + (1 − s)·α_up (NCCL's ring latency, src/graph/tuning.cc; {@link
     * org.fabricsim.runtime.collective.StepOverheads}); a synchronous phase that leaves the domain at all passes 1.
     */
    double stepOverheadSeconds(double crossingShare) {
        return (crossingShare * overheads.scaleOutPs() + (1 - crossingShare) * overheads.scaleUpPs()) / 1e12;
    }

    /**
     * NCCL's ring plateau on {@code steps} ring steps {@code crossingShare} of whose hops leave the scale-up domain:
     * (f − 1) · steps · {@link #stepOverheadSeconds}, f the step latencies' {@link StepOverheads#ringPlateau} (the
     * profile's {@code collective.ring-plateau-factor}); 0 for a ring inside one domain (NCCL: {@code nNodes > 1}).
     */
    double plateauSeconds(int steps, double crossingShare) {
        return crossingShare > 0 ? (overheads.ringPlateau() - 1) * steps * stepOverheadSeconds(crossingShare) : 0;
    }

    private double solve(FabricPhase phase, String key) {
        double solved = phase.solveForeground();
        eventsFired += phase.eventsFired();
        flowsStarted += phase.flowsStarted();
        linkBytes.put(key, phase.foregroundLinkBytes());
        return solved;
    }
}
