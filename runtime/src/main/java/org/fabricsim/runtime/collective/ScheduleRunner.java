package org.fabricsim.runtime.collective;

import java.util.Arrays;
import java.util.Locale;

import org.fabricsim.runtime.network.NetworkModel;
import org.fabricsim.runtime.routing.Router;
import org.fabricsim.runtime.sim.ClockCause;
import org.fabricsim.runtime.sim.ClockLimit;
import org.fabricsim.runtime.sim.Simulation;
import org.fabricsim.runtime.topology.ClusterTopology;

/**
 * Runs a {@link Schedule} on a network model inside a {@link Simulation}.
 *
 * <p>A phase starts as a simulation event. Each transfer is routed ({@link TransferRoutes}: split into
 * queue pairs between scale-up domains and into subflows when spraying); consecutive transfers with the same path and size become one flow class of higher
 * multiplicity (e.g. the channels of a ring on one switch). A transfer arrives at its end of
 * transmission plus its path latency; a run of the phase lasts until the last arrival plus the
 * step overhead α_sw ({@link StepOverheads}, per transfer by where it runs: the largest for a phase
 * that runs once, the mean for a repeated phase; see {@link PhaseHops}), and the next run or
 * phase is scheduled then. Of a pipelined phase's runs (a tree's or chain's chunks) only the first
 * {@link Schedule#latencySteps} pay the time in flight and α_sw; later chunks overlap them.
 *
 * <p><b>Reuse.</b> With reuse on, the duration of a phase whose pattern key was already solved is
 * taken from the cache, and a phase repeated r times is solved once and counted r times; its
 * per-link bytes are counted apart ({@link ReplayedTraffic}), replayed by routing the same transfers again without
 * solving (routing is deterministic: same hash, same adaptive order). With reuse off every step is solved. Cost:
 * O(transfers · hops) per phase plus the network model's solves.
 */
final class ScheduleRunner {
    private final ClusterTopology topology;
    private final Router router;
    private final TransferRoutes routes;
    private final NetworkModel network;
    private final Simulation simulation;
    private final CollectiveRequest request;
    private final int startHandler;
    private final int[] path;
    private final int[] pendingPath;
    /** The bytes of the runs counted without solving (reuse). */
    private final ReplayedTraffic replayed;
    private final PhaseMemo memo;
    private final PhaseMemo.Shape shape;
    private final int run;
    private final double[] linkBytesBefore;
    private Schedule schedule;
    private PhaseHops[] hops;
    private long[] tagLatencyPs = new long[1024];
    private int outstanding;
    private int tags;
    private long phaseStartPs;
    private long phaseEndPs;
    private long lastFinishPs;
    private long propagationPs;
    private int executionsLeft;
    private int currentPhase;
    private long endPs;
    private long stepsReused;
    private int pendingLength;
    private double pendingBytes;
    private int pendingMultiplicity;
    private long pendingLatencyPs;
    private final TransferRoutes.Sink offerSink = this::offer;

    ScheduleRunner(ClusterTopology topology, Router router, NetworkModel network, Simulation simulation,
            CollectiveRequest request, Algorithm algorithm, PhaseMemo memo) {
        this.topology = topology;
        this.memo = memo;
        this.shape = PhaseMemo.Shape.of(request, algorithm);
        this.run = memo.newRun();
        this.linkBytesBefore = new double[topology.graph().linkCount()];
        this.router = router;
        this.network = network;
        this.simulation = simulation;
        this.request = request;
        this.path = new int[topology.maxRouteLinks()];
        this.routes = new TransferRoutes(topology, router, request, path);
        this.pendingPath = new int[topology.maxRouteLinks()];
        this.replayed = new ReplayedTraffic(topology, router, routes, path);
        this.startHandler = simulation.register(this::startPhase);
        network.setListener(this::onFinished);
    }

    /**
     * Runs the schedule to the end and returns its duration in picoseconds. A run whose flows did not all deliver
     * their bytes has no duration: it fails (a packet run that deadlocks says why first, {@code PacketDeadlockException}).
     */
    long run(Schedule toRun) {
        this.schedule = toRun;
        this.hops = new PhaseHops[toRun.phaseCount()];
        for (int phase = 0; phase < hops.length; phase++) {
            hops[phase] = PhaseHops.of(topology, toRun, phase);
        }
        long startPs = simulation.nowPs();
        endPs = startPs;
        if (toRun.phaseCount() > 0) {
            executionsLeft = toRun.repeat(0);
            simulation.schedule(startPs, startHandler, 0);
            simulation.run(network);
        }
        if (network.activeFlowClasses() > 0) {
            throw new IllegalStateException(String.format(Locale.ROOT, "the network model ended the run with"
                    + " %d flow classes unfinished, %.0f of %.0f bytes delivered: it has no time to report",
                    network.activeFlowClasses(), network.bytesDelivered(), network.bytesStarted()));
        }
        return endPs - startPs;
    }

    /** The hops of each phase of the schedule last run, counted once ({@link PhaseHops}). */
    PhaseHops[] hops() {
        return hops;
    }

    /** Time in flight after the phases' last bytes left, over the runs that pay latency, ps. */
    long propagationPs() {
        return propagationPs;
    }

    long stepsReused() {
        return stepsReused;
    }

    double replayedBytes() {
        return replayed.bytes();
    }

    double linkBytes(int link) {
        return network.linkBytes(link) + replayed.linkBytes(link);
    }

    private void startPhase(int phase) {
        phaseStartPs = simulation.nowPs();
        currentPhase = phase;
        long key = schedule.patternKey(phase);
        if (request.reuseSymmetricSteps() && key >= 0) {
            double bytes = schedule.uniformBytes(phase);
            PhaseMemo.Solved entry = memo.find(shape, key, run, transfers(phase), bytes);
            if (entry != null) {
                double scale = Double.isNaN(bytes) ? 1 : bytes / entry.referenceBytes();
                int times = executionsLeft;
                replayed.addSolved(schedule, phase, entry, scale, times);
                stepsReused += times;
                finishPhase(phase, runsEndPs(phase, times, Math.round(entry.transferPs() * scale),
                        entry.propagationPs()));
                return;
            }
            PhaseMemo.snapshot(network, linkBytesBefore);
        }
        launch(phase);
    }

    private void launch(int phase) {
        router.resetLoad();
        outstanding = 0;
        tags = 0;
        phaseEndPs = phaseStartPs;
        lastFinishPs = phaseStartPs;
        pendingLength = 0;
        for (int t = schedule.firstTransfer(phase); t < schedule.endTransfer(phase); t++) {
            if (routes.onOneLink(schedule, t)) {
                path[0] = routes.singleLink(schedule, t);
                offer(1, schedule.bytes(t));
            } else {
                routes.route(schedule, t, offerSink);
            }
        }
        flushPending();
        if (outstanding == 0) {
            phaseDone();
        }
    }

    /** Merges the flow in {@code path} into the pending class if identical, else starts the pending class. */
    private void offer(int length, double bytes) {
        if (pendingLength == length && pendingBytes == bytes
                && Arrays.equals(pendingPath, 0, length, path, 0, length)) {
            pendingMultiplicity++;
            return;
        }
        flushPending();
        System.arraycopy(path, 0, pendingPath, 0, length);
        pendingLength = length;
        pendingBytes = bytes;
        pendingMultiplicity = 1;
        pendingLatencyPs = topology.pathLatencyPs(path, length);
    }

    private void flushPending() {
        if (pendingLength == 0) {
            return;
        }
        if (tags == tagLatencyPs.length) {
            tagLatencyPs = Arrays.copyOf(tagLatencyPs, tags * 2);
        }
        tagLatencyPs[tags] = pendingLatencyPs;
        outstanding++;
        network.start(pendingPath, pendingLength, pendingBytes, pendingMultiplicity, tags++);
        pendingLength = 0;
    }

    private void onFinished(int tag, long finishPs) {
        phaseEndPs = Math.max(phaseEndPs, finishPs + tagLatencyPs[tag]);
        lastFinishPs = Math.max(lastFinishPs, finishPs);
        if (--outstanding == 0) {
            phaseDone();
        }
    }

    private void phaseDone() {
        int phase = currentPhase;
        long transferPs = lastFinishPs - phaseStartPs;
        long phasePropagationPs = phaseEndPs - lastFinishPs;
        long key = schedule.patternKey(phase);
        if (request.reuseSymmetricSteps()) {
            int extra = executionsLeft - 1;
            if (key >= 0) {
                PhaseMemo.Solved entry = PhaseMemo.solvedFrom(run, transfers(phase), schedule.uniformBytes(phase),
                        transferPs, phasePropagationPs, linkBytesBefore, network);
                memo.store(shape, key, entry);
                replayed.addSolved(schedule, phase, entry, 1, extra);
            } else {
                replayed.replay(schedule, phase, extra);
            }
            stepsReused += extra;
            finishPhase(phase, runsEndPs(phase, executionsLeft, transferPs, phasePropagationPs));
        } else if (--executionsLeft > 0) {
            simulation.schedule(runsEndPs(phase, 1, transferPs, phasePropagationPs), startHandler, phase);
        } else {
            finishPhase(phase, runsEndPs(phase, 1, transferPs, phasePropagationPs));
        }
    }

    /**
     * When the next {@code runs} runs of {@code phase}, from its start, end: each transfers for {@code transferPs};
     * the runs among the phase's first {@link Schedule#latencySteps} also pay the time in flight and the step latency
     * (a pipelined phase overlaps them with the next chunk's transfer). Adds the time in flight paid to {@link
     * #propagationPs()}. Checked ({@link ClockLimit}): runs too long for the clock fail the run instead of wrapping,
     * naming the step latencies or the transfers, whichever overran (of their two sums, the larger).
     */
    private long runsEndPs(int phase, int runs, long transferPs, long phasePropagationPs) {
        int done = schedule.repeat(phase) - executionsLeft - (request.reuseSymmetricSteps() ? 0 : 1);
        long paying = Math.max(0, Math.min(runs, schedule.latencySteps(phase) - done));
        long nowPs = simulation.nowPs();
        ClockCause steps = ClockCause.STEP_LATENCY;
        long latencyPs = ClockLimit.times(ClockLimit.plus(phasePropagationPs,
                hops[phase].overheadPs(request.stepOverheads()), nowPs, steps), paying, nowPs, steps);
        propagationPs += phasePropagationPs * paying;
        long transfersPs = ClockLimit.times(transferPs, runs, nowPs, ClockCause.TRANSFER);
        ClockCause larger = latencyPs > transfersPs ? steps : ClockCause.TRANSFER;
        return ClockLimit.plus(phaseStartPs, ClockLimit.plus(transfersPs, latencyPs, nowPs, larger), nowPs, larger);
    }

    private void finishPhase(int phase, long phaseDonePs) {
        endPs = phaseDonePs;
        int next = phase + 1;
        if (next < schedule.phaseCount()) {
            executionsLeft = schedule.repeat(next);
            simulation.schedule(phaseDonePs, startHandler, next);
        }
    }

    private int transfers(int phase) {
        return schedule.endTransfer(phase) - schedule.firstTransfer(phase);
    }
}
