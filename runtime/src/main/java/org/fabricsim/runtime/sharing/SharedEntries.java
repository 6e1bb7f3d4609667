package org.fabricsim.runtime.sharing;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.collective.CollectiveResult;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.InferenceSpec;

/**
 * One job's entry of a shared-fabric result: what running beside the others cost it, alone
 * against shared. A collective: time and bus bandwidth; a training step: step time and MFU; a
 * serving deployment: TTFT, ITL, end-to-end and KV-transfer time percentiles (a disaggregated
 * deployment's TTFT is its prefill's; the KV transfer delays its second token, so the fabric shows in
 * end-to-end latency). {@code slowdown} is shared time
 * ÷ time alone (a collective's time, a training step; a serving run's mean TTFT).
 */
final class SharedEntries {
    private SharedEntries() {
    }

    /** Accelerators of all the deployment's pools. */
    static int accelerators(InferenceSpec spec) {
        return spec.pools().stream().mapToInt(pool -> pool.replicas() * pool.parallel().accelerators()).sum();
    }

    static Map<String, Object> entry(String name, FluidSharing.Outcome outcome, boolean inNetwork) {
        if (outcome.alone().result() instanceof CollectiveResult alone) {
            return collective(name, alone, (CollectiveResult) outcome.shared().result(), inNetwork);
        }
        RunResult alone = (RunResult) outcome.alone().result();
        RunResult shared = (RunResult) outcome.shared().result();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("job", name);
        entry.put("kind", alone.kind());
        if ("training".equals(alone.kind())) {
            entry.put("stepTimeAloneSeconds", alone.metrics().get("stepTimeSeconds"));
            entry.put("stepTimeSharedSeconds", shared.metrics().get("stepTimeSeconds"));
            entry.put("slowdown", ratio(shared, alone, "stepTimeSeconds", null));
            entry.put("mfuAlone", alone.metrics().get("mfu"));
            entry.put("mfuShared", shared.metrics().get("mfu"));
        } else {
            for (String metric : new String[] {"ttft", "itl", "e2e", "kvTransfer"}) {
                if (alone.metrics().containsKey(metric + "Seconds")) {
                    entry.put(metric + "AloneSeconds", alone.metrics().get(metric + "Seconds"));
                    entry.put(metric + "SharedSeconds", shared.metrics().get(metric + "Seconds"));
                }
            }
            entry.put("slowdown", ratio(shared, alone, "ttftSeconds", "mean"));
        }
        return entry;
    }

    private static Map<String, Object> collective(String name, CollectiveResult alone, CollectiveResult shared,
            boolean inNetwork) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("job", name);
        entry.put("kind", "collective-benchmark");
        entry.put("bytes", alone.sizeBytes());
        entry.put("timeAloneSeconds", alone.timeSeconds());
        entry.put("timeSharedSeconds", shared.timeSeconds());
        entry.put("slowdown", new SharedResult(name, alone, shared, inNetwork).slowdown());
        entry.put("busbwAloneGBps", alone.busbwGBps());
        entry.put("busbwSharedGBps", shared.busbwGBps());
        entry.put("algorithmAlone", alone.algorithm().label());
        entry.put("algorithmShared", shared.algorithm().label());
        entry.put("inNetworkReduction", inNetwork);
        return entry;
    }

    /** shared ÷ alone of {@code metric} (of its {@code field} when it is a summary); 1 when alone is 0. */
    private static double ratio(RunResult shared, RunResult alone, String metric, String field) {
        double a = value(alone.metrics().get(metric), field);
        return a > 0 ? value(shared.metrics().get(metric), field) / a : 1;
    }

    private static double value(Object metric, String field) {
        Object value = field == null ? metric : ((Map<?, ?>) metric).get(field);
        return ((Number) value).doubleValue();
    }
}
