package org.fabricsim.runtime.inference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.compute.Device;
import org.fabricsim.runtime.sim.Keywords;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.InferenceSpec.Role;
import org.fabricsim.runtime.spec.Precision;

/**
 * The metrics of an {@link InferenceRunner} result, read from a finished {@link ServingSimulation}.
 *
 * <p><b>Metrics</b> (seconds unless named otherwise):
 * <ul>
 * <li>{@code ttftSeconds}, {@code itlSeconds}, {@code e2eSeconds}: {p50, p90, p99, mean} over
 * completed requests of time to first token (first token − arrival), inter-token latency (the
 * request's mean time per output token once it decodes: (finish − decode start)/(output − 1), the
 * decode start being its first token when aggregated and the start of its first decode iteration
 * when disaggregated) and end-to-end latency (finish − arrival). Percentiles are nearest-rank.</li>
 * <li>{@code decodeQueueSeconds} (disaggregated, decode only): {p50, p90, p99, mean} of the time a
 * request's cache waited on the decode replica for a place in a batch.</li>
 * <li>{@code cachedInputTokens}, {@code computedInputTokens}, {@code poolFigures} and the per-node
 * rates: {@link PoolFigures}.</li>
 * <li>{@code outputTokensPerSecond}, {@code inputTokensPerSecond}: tokens ÷ makespan (the last
 * completion); {@code outputTokensPerSecondPerAccelerator} divides by the accelerators of all
 * pools.</li>
 * <li>{@code goodput}: the fraction of requests whose own TTFT, ITL and E2E meet every SLO's
 * limit (rejected requests miss), absent when the deployment states no SLO; {@code slos} lists each
 * SLO's achieved percentile.</li>
 * <li>{@code kvTransferSeconds}: {p50, p90, p99, mean} of the time from the end of a request's
 * prefill to its cache being usable on the decode replica (disaggregated only), and
 * {@code kvTransferBytes} in total.</li>
 * <li>{@code costPerMillionOutputTokens}, {@code costPerMillionInputTokens}: $/accelerator-hour
 * × accelerator-hours attributed to decode (resp. prefill) ÷ million tokens. A disaggregated
 * pool's whole time goes to its role; a serving pool's time is split by the prefill share of
 * its busy time (mixed iterations split by the time each part would take alone), idle time in
 * the same ratio.</li>
 * <li>{@code latencyCdf}: {ttft, itl, e2e, kvTransfer} → [[seconds, fraction], …] at 50 evenly
 * spaced fractions, for the HTML report's CDFs.</li>
 * <li>{@code acceleratorBusyFraction}: busy accelerator-time ÷ (accelerators × makespan);
 * {@code modelFlopsUtilization}: FLOPs executed ÷ (accelerators × peak × makespan), the peak being the
 * dense one at the precision of the weights' GEMMs (FP8 for FP8 weights on a part with an FP8 rate,
 * FP4 for FP4 weights, else BF16), named by the parameter {@code mfuPeakPrecision}; attention and the LM head run at
 * BF16 within it, so an FP8 run's 100% is out of reach.</li>
 * <li>{@code timeline}: per replica its iterations with their batch, per request its lifecycle, for the
 * trace ({@link ServingTimeline}).</li>
 * <li>{@code availability}, {@code goodputUnderFailures}, {@code failures}: replica failures and
 * recovery, on a cluster with a {@code reliability} ({@link ServingFailures}).</li>
 * </ul>
 *
 * <p>Cost O(requests) (the percentiles sort in linear time, {@link Percentiles}).
 */
final class ServingMetrics {
    private static final double PICOSECONDS_PER_SECOND = 1e12;
    /** Points of each latency CDF in the result (for the HTML report). */
    private static final int CDF_POINTS = 50;

    private ServingMetrics() {
    }

    /** The metrics of the run {@code serving} has finished (see the class comment). */
    static Map<String, Object> of(InferenceSpec spec, ServingSimulation serving,
            ServingSimulation.Pool[] pools, int accelerators) {
        RequestTable requests = serving.requests();
        Replicas replicas = serving.replicas();
        int n = requests.size();
        Completed done = new Completed(n);
        done.gather(requests, spec.slos());
        long[] ttftPs = done.ttftPs;
        long[] e2ePs = done.e2ePs;
        long[] kvPs = done.kvPs;
        long[] queuePs = done.queuePs;
        double[] itl = done.itl;
        double[] ttft = new double[n];
        double[] e2e = new double[n];
        double[] kv = new double[n];
        long[] spare = new long[n];
        int completed = done.count;
        int itlCount = done.itlCount;
        int kvCount = done.kvCount;
        int good = done.good;
        double makespan = serving.makespanPs() / PICOSECONDS_PER_SECOND;
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("completedRequests", completed);
        metrics.put("rejectedRequests", requests.rejected());
        metrics.put("makespanSeconds", makespan);
        metrics.put("ttftSeconds", Percentiles.summaryOfPicoseconds(ttftPs, completed, ttft, spare));
        // ttftPs, sorted into ttft, is the ITL's scratch; the decode queue's seconds pass through kv
        metrics.put("itlSeconds", Percentiles.summary(itl, itlCount, ttftPs, spare));
        metrics.put("e2eSeconds", Percentiles.summaryOfPicoseconds(e2ePs, completed, e2e, spare));
        double outputRate = makespan > 0 ? serving.tokens().outputTokens() / makespan : 0;
        double inputRate = makespan > 0 ? serving.tokens().inputTokens() / makespan : 0;
        metrics.put("outputTokensPerSecond", outputRate);
        metrics.put("inputTokensPerSecond", inputRate);
        metrics.put("outputTokensPerSecondPerAccelerator", outputRate / accelerators);
        metrics.put("inputTokensPerSecondPerAccelerator", inputRate / accelerators);
        if (!spec.slos().isEmpty()) {
            metrics.put("goodput", n == 0 ? 0.0 : (double) good / n);
        }
        metrics.put("slos", sloRows(spec.slos(), ttft, completed, itl, itlCount, e2e));
        boolean transfers = kvCount > 0 && pools[0].role() == Role.PREFILL;
        if (kvCount > 0) {
            metrics.put("decodeQueueSeconds", Percentiles.summaryOfPicoseconds(queuePs, kvCount, kv, spare));
        }
        if (transfers) {
            metrics.put("kvTransferSeconds", Percentiles.summaryOfPicoseconds(kvPs, kvCount, kv, spare));
            metrics.put("kvTransferBytes", (double) serving.kvBytesMoved());
        }
        Map<String, Object> cdf = new LinkedHashMap<>();
        cdf.put("ttft", Percentiles.cdf(ttft, completed, CDF_POINTS));
        cdf.put("itl", Percentiles.cdf(itl, itlCount, CDF_POINTS));
        cdf.put("e2e", Percentiles.cdf(e2e, completed, CDF_POINTS));
        if (transfers) {
            cdf.put("kvTransfer", Percentiles.cdf(kv, kvCount, CDF_POINTS));
        }
        metrics.put("latencyCdf", cdf);
        double busy = 0;
        double prefillGpuPs = 0;
        double decodeGpuPs = 0;
        double makespanPs = serving.makespanPs();
        for (int p = 0; p < pools.length; p++) {
            int perReplica = pools[p].model().accelerators();
            double poolBusy = replicas.poolBusyPs(p);
            busy += poolBusy * perReplica;
            double poolGpuPs = makespanPs * pools[p].replicas() * perReplica;
            double prefillShare = pools[p].role() == Role.PREFILL ? 1 : pools[p].role() == Role.DECODE ? 0
                    : poolBusy > 0 ? replicas.poolPrefillBusyPs(p) / poolBusy : 0;
            prefillGpuPs += poolGpuPs * prefillShare;
            decodeGpuPs += poolGpuPs * (1 - prefillShare);
        }
        ClusterSpec cluster = spec.cluster();
        if (cluster.cost() != null && cluster.cost().dollarsPerHour() > 0) {
            double dollarsPerPsHour = cluster.cost().dollarsPerHour() / 3600 / PICOSECONDS_PER_SECOND;
            if (serving.tokens().outputTokens() > 0) {
                metrics.put("costPerMillionOutputTokens", decodeGpuPs * dollarsPerPsHour / serving.tokens().outputTokens() * 1e6);
            }
            if (serving.tokens().inputTokens() > 0) {
                metrics.put("costPerMillionInputTokens", prefillGpuPs * dollarsPerPsHour / serving.tokens().inputTokens() * 1e6);
            }
            metrics.put("costDollars", (prefillGpuPs + decodeGpuPs) * dollarsPerPsHour);
        }
        double acceleratorPs = makespanPs * accelerators;
        metrics.put("acceleratorBusyFraction", acceleratorPs > 0 ? busy / acceleratorPs : 0.0);
        double peak = Device.of(cluster.node().accelerator(), mfuPeakPrecision(spec), CalibrationProfile.defaults())
                .gemmFlopsPerSecond();
        metrics.put("modelFlopsUtilization", acceleratorPs > 0 && peak > 0
                ? serving.flops() / (peak * acceleratorPs / PICOSECONDS_PER_SECOND) : 0.0);
        metrics.put("iterations", serving.iterations());
        metrics.put("preemptions", replicas.preemptions());
        metrics.put("timeline", serving.timeline());
        if (spec.model().moe()) {
            metrics.put("droppedTokenFraction", spec.pools().stream()
                    .mapToDouble(pool -> RedundantExpertLoad.placed(pool.parallel().expertRouting(),
                            spec.model().experts(), pool.features().redundantExperts(),
                            Math.max(pool.parallel().expert(), pool.parallel().tensor()),
                            pool.features().expertBalance()).droppedTokenFraction())
                    .max().orElse(0));
        }
        return metrics;
    }

    /**
     * The precision whose dense peak is the MFU denominator: the weights' GEMMs', FP8 only where the part has it, FP4
     * (a run at FP4 has the part's FP4 rate: {@code Device.of} refuses it otherwise), else BF16.
     */
    static Precision mfuPeakPrecision(InferenceSpec spec) {
        return switch (spec.precision()) {
            case FP8 -> Device.runsFp8(spec.cluster().node().accelerator(), Precision.FP8) ? Precision.FP8
                    : Precision.BF16;
            case FP4 -> Precision.FP4;
            default -> Precision.BF16;
        };
    }

    /**
     * The completed requests' latencies in one pass over the request table, in request order:
     * TTFT and E2E (ps), ITL (s) where a request has one, the KV wait and the decode queue (ps)
     * where its cache crossed, and how many meet every SLO. A method of its own, not a loop inside
     * {@link #of}: the JIT then compiles this pass alone (a small method, once) instead of
     * recompiling the whole of {@code of} (1.3 KB of bytecode, 0.15 s of C2 each time) on the
     * runs after a process's first, as a warm server or a harness runs them. O(requests).
     */
    private static final class Completed {
        final long[] ttftPs;
        final long[] e2ePs;
        final long[] kvPs;
        final long[] queuePs;
        final double[] itl;
        int count;
        int itlCount;
        int kvCount;
        int good;

        Completed(int n) {
            ttftPs = new long[n];
            e2ePs = new long[n];
            kvPs = new long[n];
            queuePs = new long[n];
            itl = new double[n];
        }

        void gather(RequestTable requests, List<InferenceSpec.Slo> sloList) {
            InferenceSpec.Slo[] slos = sloList.toArray(new InferenceSpec.Slo[0]);
            for (int q = 0; q < requests.size(); q++) {
                if (!requests.completed(q)) {
                    continue;
                }
                double t = requests.ttftPs(q) / PICOSECONDS_PER_SECOND;
                double e = requests.e2ePs(q) / PICOSECONDS_PER_SECOND;
                double i = requests.itlPs(q) / PICOSECONDS_PER_SECOND;
                ttftPs[count] = requests.ttftPs(q);
                e2ePs[count] = requests.e2ePs(q);
                count++;
                if (i >= 0) {
                    itl[itlCount++] = i;
                }
                if (requests.kvWaitPs(q) >= 0) {
                    queuePs[kvCount] = requests.decodeQueuePs(q);
                    kvPs[kvCount++] = requests.kvWaitPs(q);
                }
                if (meets(slos, t, Math.max(0, i), e)) {
                    good++;
                }
            }
        }
    }

    /** Whether a request's latencies meet every SLO; an array, so the per-request check allocates no iterator. */
    private static boolean meets(InferenceSpec.Slo[] slos, double ttft, double itl, double e2e) {
        for (InferenceSpec.Slo slo : slos) {
            double value = slo.metric() == InferenceSpec.SloMetric.TTFT ? ttft
                    : slo.metric() == InferenceSpec.SloMetric.ITL ? itl : e2e;
            if (value > slo.limitSeconds()) {
                return false;
            }
        }
        return true;
    }

    /**
     * One row per SLO, read off the latencies {@link Percentiles#summary} has already sorted: the achieved percentile
     * (O(1)) and its 95 % upper confidence bound ({@link Percentiles#upperBoundOfSorted}), which a serving search's
     * screen holds against the limit.
     */
    private static List<Object> sloRows(List<InferenceSpec.Slo> slos, double[] ttft, int ttftCount, double[] itl,
            int itlCount, double[] e2e) {
        List<Object> rows = new ArrayList<>();
        for (InferenceSpec.Slo slo : slos) {
            double[] sorted = slo.metric() == InferenceSpec.SloMetric.TTFT ? ttft
                    : slo.metric() == InferenceSpec.SloMetric.ITL ? itl : e2e;
            int count = slo.metric() == InferenceSpec.SloMetric.ITL ? itlCount : ttftCount;
            double achieved = Percentiles.ofSorted(sorted, count, slo.percentile());
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("metric", Keywords.of(slo.metric()));
            row.put("percentile", slo.percentile());
            row.put("limitSeconds", slo.limitSeconds());
            row.put("achievedSeconds", achieved);
            row.put("upperBoundSeconds", Percentiles.upperBoundOfSorted(sorted, count, slo.percentile()));
            row.put("met", achieved <= slo.limitSeconds());
            rows.add(row);
        }
        return rows;
    }
}
