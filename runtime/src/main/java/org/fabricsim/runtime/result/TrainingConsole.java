package org.fabricsim.runtime.result;

import java.util.Locale;
import java.util.Map;

/** The console breakdown of a training run: throughput, MFU, and where the step's time goes. */
final class TrainingConsole {

    private static final String[] AXES = {"tp", "pp", "dp", "cp", "ep"};
    private static final double SECONDS_PER_DAY = 86_400;

    private TrainingConsole() {
    }

    static String render(RunResult run) {
        Map<String, Object> p = run.parameters();
        Map<String, Object> m = run.metrics();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "# %s: training on %s accelerators (TP %s, PP %s, DP %s, CP %s, EP %s),"
                + " sequence %s, global batch %s%n", run.name(), Metrics.countOf(p.get("accelerators")), p.get("tp"),
                p.get("pp"), p.get("dp"), p.get("cp"), p.get("ep"), Metrics.countOf(p.get("sequence")),
                Metrics.countOf(p.get("globalBatch"))));
        if (p.get("cluster") != null) {
            out.append("  on cluster ").append(p.get("cluster")).append(fabrics(p)).append('\n');
        }
        double step = number(m, "stepTimeSeconds");
        out.append(String.format(Locale.ROOT, "  step time        %10s%n", Metrics.duration(step)));
        out.append(String.format(Locale.ROOT, "  MFU / HFU        %9.1f%% / %.1f%%%n", 100 * number(m, "mfu"),
                100 * number(m, "hfu")));
        out.append(String.format(Locale.ROOT, "  TFLOPS per GPU   %10.1f%n", number(m, "tflopsPerAccelerator")));
        out.append(String.format(Locale.ROOT, "  tokens/s         %10s%n", Metrics.count(number(m, "tokensPerSecond"))));
        out.append(String.format(Locale.ROOT, "  pipeline bubble  %10s  %5.1f%%  (%s micro-batch%s, virtual"
                + " stages %s)%n", Metrics.duration(number(m, "bubbleFraction") * step), 100 * number(m, "bubbleFraction"),
                p.get("microBatches"), number(p, "microBatches") == 1 ? "" : "es", p.get("virtualStages")));
        if (m.get("stageImbalanceFraction") instanceof Number imbalance && imbalance.doubleValue() > 0) {
            out.append(String.format(Locale.ROOT, "  stage imbalance  %10s  %5.1f%%  (idle time of the average"
                    + " stage, not a part of the step)%n", Metrics.duration(imbalance.doubleValue() * step),
                    100 * imbalance.doubleValue()));
        }
        out.append(String.format(Locale.ROOT, "  exposed comm     %10s  %5.1f%%%n",
                Metrics.duration(number(m, "exposedCommunicationFraction") * step),
                100 * number(m, "exposedCommunicationFraction")));
        Object exposed = m.get("exposedCommunicationSeconds");
        if (exposed instanceof Map<?, ?> byAxis) {
            for (String axis : AXES) {
                Object value = byAxis.get(axis);
                double seconds = value instanceof Number n ? n.doubleValue() : 0;
                out.append(String.format(Locale.ROOT, "    %-14s %10s  %5.1f%%%n", axis, Metrics.duration(seconds),
                        step > 0 ? 100 * seconds / step : 0));
            }
        }
        if (m.get("collnetGroups") instanceof Number groups && m.get("collnetGroupsGranted") instanceof Number granted) {
            out.append(String.format(Locale.ROOT, "  collnet          %d of %d DP groups granted SHARP trees; %s%n",
                    granted.intValue(), groups.intValue(), !Boolean.TRUE.equals(m.get("collnetChosen"))
                            ? "DP collectives on rings" : Boolean.TRUE.equals(m.get("collnetForced"))
                                    ? "DP collectives on CollNet, as dp-algorithm collnet-direct forces"
                                    : "DP collectives on CollNet where NCCL would run them"));
        }
        if (p.get("routingSkew") instanceof Number skew && p.get("capacityFactor") instanceof Number capacity) {
            String limit = capacity.doubleValue() > 0
                    ? String.format(Locale.ROOT, "capacity factor %.2f", capacity.doubleValue()) : "dropless";
            out.append(String.format(Locale.ROOT, "  expert routing   skew %.2f, %s: %.1f%% of the busiest EP rank's"
                    + " tokens dropped%n", skew.doubleValue(), limit, 100 * number(m, "droppedTokenFraction")));
        }
        if (m.get("memoryPerAcceleratorBytes") instanceof Number memory) {
            out.append(String.format(Locale.ROOT, "  memory per GPU   %10s%s%n", Metrics.gigabytes(memory.doubleValue()),
                    m.get("memoryCapacityBytes") instanceof Number capacity && capacity.doubleValue() > 0
                            ? String.format(Locale.ROOT, " of %s (%.1f%%)", Metrics.gigabytes(capacity.doubleValue()),
                                    100 * memory.doubleValue() / capacity.doubleValue()) : ""));
        }
        if (m.get("memoryBreakdownBytes") instanceof Map<?, ?> parts) {
            parts.forEach((part, bytes) -> {
                if (bytes instanceof Number n && n.doubleValue() > 0) {
                    out.append(String.format(Locale.ROOT, "    %-21s %8.1f GB%n", MetricText.label(String.valueOf(part)),
                            n.doubleValue() / 1e9));
                }
            });
        }
        if (m.get("costPerHour") instanceof Number perHour) {
            out.append(String.format(Locale.ROOT, "  cost             %s per hour, %s per step, %s per million tokens, %s"
                    + " per MFU point per year%n", MetricText.dollars(perHour.doubleValue()),
                    MetricText.dollars(number(m, "costPerStep")), MetricText.dollars(number(m, "costPerMillionTokens")),
                    MetricText.dollars(number(m, "costPerMfuPointPerYear"))));
        }
        reliability(m, out);
        if (m.get("timeToTrainDays") instanceof Number days) {
            out.append(String.format(Locale.ROOT, "  time to train    %10.1f days%s%n", days.doubleValue(),
                    m.get("timeToTrainCost") instanceof Number cost
                            ? String.format(Locale.ROOT, ", $%,.0f", cost.doubleValue()) : ""));
        }
        return out.toString();
    }

    /** The fabrics of the cluster a run used, as {@code : scale-up NVLink4, scale-out NDR}, or nothing. */
    private static String fabrics(Map<String, Object> p) {
        StringBuilder out = new StringBuilder();
        for (String[] fabric : new String[][] {{"scaleUpFabric", "scale-up"}, {"scaleOutFabric", "scale-out"}}) {
            if (p.get(fabric[0]) != null) {
                out.append(out.length() == 0 ? ": " : ", ").append(fabric[1]).append(' ').append(p.get(fabric[0]));
            }
        }
        return out.toString();
    }

    /** Interruptions, ETTR, where the wall time goes and goodput, when the cluster states its reliability. */
    private static void reliability(Map<String, Object> m, StringBuilder out) {
        if (!(m.get("interruptionsPerDay") instanceof Number perDay)) {
            return;
        }
        out.append(String.format(Locale.ROOT, "  interruptions    %10.2f per day, one every %.2f h of running%n",
                perDay.doubleValue(), number(m, "meanTimeToInterruptionHours")));
        degradedFabric(m, out);
        if (m.get("straggler") instanceof Map<?, ?> straggler) {
            out.append(String.format(Locale.ROOT, "  straggler        %s at %.0f%% speed: step %.3f s (+%.1f%%), %.1f%% of"
                    + " the time%n", straggler.get("part"), 100 * number(straggler, "speed"),
                    number(straggler, "stepTimeSeconds"), 100 * number(straggler, "slowdown"),
                    100 * number(straggler, "share")));
        }
        if (m.get("stepTimeTail") instanceof Map<?, ?> tail) {
            out.append(String.format(Locale.ROOT, "  step-time tail   p50 %s, p99 %s, p99.9 %s, mean %s over steps;"
                    + " %.3g%% of steps slower than the intact one%n",
                    Metrics.duration(number(tail, "p50Seconds")), Metrics.duration(number(tail, "p99Seconds")),
                    Metrics.duration(number(tail, "p999Seconds")), Metrics.duration(number(tail, "meanSeconds")),
                    100 * number(tail, "slowStepShare")));
        }
        if (!(m.get("wallTimeShares") instanceof Map<?, ?> shares)
                || !(m.get("monteCarlo") instanceof Map<?, ?> monteCarlo)) {
            return;
        }
        out.append(String.format(Locale.ROOT, "  ETTR             %9.1f%%  (Monte Carlo %.2f%%, 95%% CI"
                + " %.2f-%.2f%%, p5-p95 %.1f-%.1f%% over %s replications of %.0f days)%n", 100 * number(m, "ettr"),
                100 * number(monteCarlo, "ettrMean"),
                100 * number(monteCarlo, "ettrLow95"), 100 * number(monteCarlo, "ettrHigh95"),
                100 * number(monteCarlo, "ettrP5"), 100 * number(monteCarlo, "ettrP95"),
                Metrics.count(number(monteCarlo, "replications")),
                number(monteCarlo, "windowDays")));
        ettrShown(m, monteCarlo, out);
        double lost = number(shares, "checkpoint") + number(shares, "lostWork") + number(shares, "restart");
        // What the lost share of the wall time costs on a cluster with a cost: lost × $/h × 8,760 h a year, which is
        // lost × 100 MFU points × the run's costPerMfuPointPerYear ($/h × 8,760 ÷ 100)
        String dollars = m.get("costPerMfuPointPerYear") instanceof Number perPoint ? ": " + MetricText.dollars(lost
                * 100 * perPoint.doubleValue()) + " a year of the cluster's cost" : "";
        out.append(String.format(Locale.ROOT, "  wall time lost   checkpoints %.1f%%, lost work %.1f%%, restarts"
                + " %.1f%%%s%n", 100 * number(shares, "checkpoint"), 100 * number(shares, "lostWork"),
                100 * number(shares, "restart"), dollars));
        out.append(String.format(Locale.ROOT, "  goodput          %10s tokens/s, effective MFU %.1f%%%n",
                Metrics.count(number(m, "goodputTokensPerSecond")), 100 * number(m, "effectiveMfu")));
        if (m.get("optimalCheckpointIntervalSeconds") instanceof Number young) {
            out.append(String.format(Locale.ROOT, "  checkpoint every %10.0f s  (Young's optimum %.0f s)%n",
                    number(m, "checkpointIntervalSeconds"), young.doubleValue()));
        }
    }

    /**
     * Which ETTR the line above shows when its two figures differ: the closed form beyond the Monte Carlo's 99.9%
     * interval (its 95% half-width × 3.29 ÷ 1.96), which a window short against the checkpoint interval gives (each
     * window starts just after a checkpoint, so it never reaches the long run; a chance miss is one in a thousand).
     */
    private static void ettrShown(Map<String, Object> m, Map<?, ?> monteCarlo, StringBuilder out) {
        double mean = number(monteCarlo, "ettrMean");
        double halfWidth999 = (number(monteCarlo, "ettrHigh95") - mean) * 3.29 / 1.96;
        if (Math.abs(number(m, "ettr") - mean) <= halfWidth999) {
            return;
        }
        out.append(String.format(Locale.ROOT, "                   shown: the closed form (long run); the Monte Carlo's"
                + " %.0f-day windows start after a checkpoint and span %.3g checkpoint intervals%n",
                number(monteCarlo, "windowDays"),
                number(monteCarlo, "windowDays") * SECONDS_PER_DAY / number(m, "checkpointIntervalSeconds")));
    }

    /** The step with one re-routable cable or switch failed, and what such failures cost over the run. */
    private static void degradedFabric(Map<String, Object> m, StringBuilder out) {
        if (!(m.get("degradedFabric") instanceof Map<?, ?> fabric)) {
            return;
        }
        for (String part : new String[] {"link", "switch"}) {
            if (fabric.get(part) instanceof Map<?, ?> failed) {
                out.append(String.format(Locale.ROOT, "  %-6s failed    step %.3f s (+%.1f%%), %.3g failures per day,"
                        + " degraded %.2f%% of the time%n", part, number(failed, "stepTimeSeconds"),
                        100 * number(failed, "slowdown"), number(failed, "failuresPerDay"),
                        100 * number(failed, "degradedShare")));
            }
        }
        out.append(String.format(Locale.ROOT, "  degraded fabric  %9.2f%% of the intact fabric's throughput%n",
                100 * number(fabric, "throughputFactor")));
    }

    private static double number(Map<?, ?> metrics, String key) {
        Object value = metrics.get(key);
        return value instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
