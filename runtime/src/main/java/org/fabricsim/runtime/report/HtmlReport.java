package org.fabricsim.runtime.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.Comparison;
import org.fabricsim.runtime.result.ExpectationText;
import org.fabricsim.runtime.result.Json;
import org.fabricsim.runtime.result.MetricText;
import org.fabricsim.runtime.result.Metrics;
import org.fabricsim.runtime.picture.ParallelGroupsPicture;
import org.fabricsim.runtime.picture.TopologyPicture;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.result.StudyVerdict;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.TrainingSpec;

/**
 * The self-contained HTML report: one file that works offline. It embeds the JSON result (plus the
 * studies' comparisons) as data and Apache ECharts (unpacked from the {@code org.webjars.npm:echarts}
 * jar into the runtime's resources at build time) as the charting library; the page's script draws
 * each study's verdict first (the winner, and how far each other run is behind it: {@link StudyVerdict}), headline cards per run (MFU, HFU, step time, TFLOPS, tokens/s, memory against capacity, cost), the runs
 * table, the picture of each cluster's network as built, each run's predictions against the figures its study expects, the side-by-side comparisons with
 * deltas, bandwidth against size for benchmarks, the step-time breakdown, per-tier link-utilization heat
 * maps with numbers and the busiest links, memory per accelerator by component against capacity, the lock-in of
 * each cluster (supplier, standard and accelerator tie of each fabric, and the seam), one latency CDF per study and metric on a log axis, latency
 * against load for a study that varies the arrival rate, and cost in its unit (each chart titled in words, from the
 * {@code labels} of every run's flattened metrics, {@link MetricText#label}), from whatever
 * metrics the runs carry (keys in {@code docs/results-schema.md}). A section whose data no run
 * carries says so instead of drawing an empty chart. The page's script is kept in parts
 * ({@link #SCRIPTS}), inlined in order into one function of the template. Once a chart has drawn, its element gets
 * {@code data-rendered="true"} and the body's {@code data-charts-rendered} counts it.
 */
public final class HtmlReport {
    private static final String TEMPLATE = "report.html";
    private static final String LIBRARY = "echarts.min.js";
    private static final String DATA_SLOT = "/*FABRICSIM:DATA*/";
    private static final String LIBRARY_SLOT = "/*FABRICSIM:ECHARTS*/";
    private static final String SCRIPTS_SLOT = "/*FABRICSIM:SCRIPTS*/";
    /** The page's script in parts, run in this order in one function: helpers first, then the sections. */
    private static final List<String> SCRIPTS = List.of("report-base.js", "report-runs.js", "report-topology.js",
            "report-training.js", "report-design.js", "report-serving.js");

    private HtmlReport() {
    }

    /** The report of {@code result} as one HTML document, its topology section without pictures. */
    public static String render(StudyResult result) {
        return render(result, List.of());
    }

    /**
     * The report of {@code result} as one HTML document, its topology section with the picture of each
     * of {@code clusters} ({@link TopologyPicture}, once per cluster name, in order).
     */
    public static String render(StudyResult result, List<ClusterSpec> clusters) {
        return render(result, clusters, List.of());
    }

    /**
     * The same, each cluster's picture followed by where the TP, CP, PP and DP groups of each of
     * {@code jobs} on it land ({@link ParallelGroupsPicture}, once per job name).
     */
    public static String render(StudyResult result, List<ClusterSpec> clusters, List<TrainingSpec> jobs) {
        Map<String, Object> data = new LinkedHashMap<>(result.toJsonMap());
        Map<String, Object> pictures = new LinkedHashMap<>();
        clusters.forEach(cluster -> pictures.computeIfAbsent(cluster.name(), name -> {
            Map<String, Object> picture = new LinkedHashMap<>();
            picture.put("cluster", name);
            picture.put("svg", TopologyPicture.render(cluster));
            Map<String, Object> groups = new LinkedHashMap<>();
            jobs.stream().filter(job -> job.cluster().name().equals(name)).forEach(job -> groups.computeIfAbsent(
                    job.name(), jobName -> Map.of("job", jobName,
                            "svg", ParallelGroupsPicture.render(jobName, job.cluster(), job.parallel()))));
            picture.put("groups", List.copyOf(groups.values()));
            return picture;
        }));
        data.put("topologies", List.copyOf(pictures.values()));
        data.put("comparisons", Comparison.of(result).stream().map(Comparison::toJsonMap).toList());
        Map<String, Object> breakdowns = new LinkedHashMap<>();
        result.runs().forEach(run -> {
            Map<String, Double> breakdown = Metrics.stepBreakdown(run.metrics());
            if (breakdown != null) {
                breakdowns.put(run.name(), breakdown);
            }
        });
        data.put("stepBreakdowns", breakdowns);
        data.put("labels", labels(result));
        Map<String, Object> expectations = new LinkedHashMap<>();
        result.runs().stream().filter(run -> !run.expectations().isEmpty()).forEach(run -> expectations.put(run.name(),
                run.expectations().stream().map(ExpectationText::cells).toList()));
        data.put("expectations", expectations);
        String json = jsonInScript(Json.write(data));
        String template = resource(TEMPLATE);
        String library = libraryInScript(resource(LIBRARY));
        String scripts = libraryInScript(String.join("\n", SCRIPTS.stream().map(HtmlReport::resource).toList()));
        int dataAt = template.indexOf(DATA_SLOT);
        int libraryAt = template.indexOf(LIBRARY_SLOT);
        int scriptsAt = template.indexOf(SCRIPTS_SLOT);
        return template.substring(0, dataAt) + json + template.substring(dataAt + DATA_SLOT.length(), libraryAt)
                + library + template.substring(libraryAt + LIBRARY_SLOT.length(), scriptsAt) + scripts
                + template.substring(scriptsAt + SCRIPTS_SLOT.length());
    }

    /**
     * Words for the keys the page titles its charts with ({@link MetricText#label}): every flattened metric
     * ({@code costPerStep}: cost per step) and every latency a CDF is drawn of, by the name the page gives it
     * ({@code latencyCdf}'s keys and a percentile map's key without {@code Seconds}: {@code kvTransfer}: KV transfer).
     */
    static Map<String, String> labels(StudyResult result) {
        Map<String, String> labels = new LinkedHashMap<>();
        result.runs().forEach(run -> {
            Metrics.scalars(run.metrics()).keySet().forEach(key -> labels.computeIfAbsent(key, MetricText::label));
            run.metrics().forEach((key, value) -> {
                if (value instanceof Map<?, ?> map) {
                    labels.computeIfAbsent(key.replaceFirst("Seconds$", ""), MetricText::label);
                    if (key.equals("latencyCdf")) {
                        map.keySet().forEach(name -> labels.computeIfAbsent(String.valueOf(name), MetricText::label));
                    }
                }
            });
        });
        return labels;
    }

    /**
     * JSON that cannot end its {@code <script>} element early: every {@code <} becomes {@code \u003c},
     * which only string literals can hold in JSON and which means the same there.
     */
    static String jsonInScript(String json) {
        return json.replace("<", "\\u003c");
    }

    /** Script text with {@code </script} and {@code <!--} written {@code <\/script} and {@code <\!--}: the same in JavaScript strings and regular expressions. */
    static String libraryInScript(String script) {
        return script.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT").replace("<!--", "<\\!--");
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the runtime jar lacks " + name + "; rebuild it with Maven");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
