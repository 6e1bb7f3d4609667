package org.fabricsim.runtime.calibration;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A CSV of measured results of named workloads. The first line is the header {@code
 * workload,metric,value,source}; each further line is one measurement (blank lines and lines
 * starting with {@code #} are skipped). A field may be double-quoted to hold commas. Columns:
 * <ul>
 * <li>{@code workload}: a training or inference workload of the model, by simple or qualified name;</li>
 * <li>{@code metric}: {@code step-time} (seconds per training step), {@code mfu} (percent) or {@code
 * tokens-per-second} (the whole training job's tokens, or a deployment's output tokens);</li>
 * <li>{@code value}: the measured value in that unit, positive;</li>
 * <li>{@code source}: where it was measured (free text, may be empty).</li>
 * </ul>
 * O(characters).
 *
 * @param file  the file's name, for messages
 * @param rows  the measurements, in file order
 */
public record MeasuredCsv(String file, List<Row> rows) {
    /** The header the file starts with. */
    public static final String HEADER = "workload,metric,value,source";

    /** A measured metric: its CSV keyword, the run results' metrics and how errors are counted. */
    public enum Metric {
        /** Seconds per training step; relative error. */
        STEP_TIME("step-time", "stepTimeSeconds", null, 1, CalibrationCase.Kind.RELATIVE),
        /** Model FLOPs utilization in percent; error in MFU points. */
        MFU("mfu", "mfu", "modelFlopsUtilization", 100, CalibrationCase.Kind.POINTS),
        /** Tokens per second: a training job's, or a deployment's output tokens; relative error. */
        TOKENS_PER_SECOND("tokens-per-second", "tokensPerSecond", "outputTokensPerSecond", 1,
                CalibrationCase.Kind.RELATIVE);

        private final String keyword;
        private final String trainingMetric;
        private final String inferenceMetric;
        private final double scale;
        private final CalibrationCase.Kind kind;

        Metric(String keyword, String trainingMetric, String inferenceMetric, double scale, CalibrationCase.Kind kind) {
            this.keyword = keyword;
            this.trainingMetric = trainingMetric;
            this.inferenceMetric = inferenceMetric;
            this.scale = scale;
            this.kind = kind;
        }

        public String keyword() {
            return keyword;
        }

        /** The key of the metric in a training run's metrics. */
        public String trainingMetric() {
            return trainingMetric;
        }

        /** The key of the metric in an inference run's metrics; null when serving does not report it. */
        public String inferenceMetric() {
            return inferenceMetric;
        }

        /** Factor from the run result's value to the CSV's unit (100 for MFU in percent). */
        public double scale() {
            return scale;
        }

        public CalibrationCase.Kind kind() {
            return kind;
        }
    }

    /**
     * One measurement.
     *
     * @param line      its line in the file, from 1
     * @param workload  the workload's name as written
     * @param metric    what was measured
     * @param value     the measured value
     * @param source    where it was measured
     */
    public record Row(int line, String workload, Metric metric, double value, String source) {
    }

    public MeasuredCsv {
        rows = List.copyOf(rows);
    }

    /**
     * Parses {@code lines} of the file named {@code file}.
     *
     * @throws MeasurementException on a missing header, a row with the wrong number of fields, an
     *                              unknown metric, a value that is not a positive number, an mfu above 100 (%),
     *                              or no rows
     */
    public static MeasuredCsv parse(String file, List<String> lines) {
        if (lines.isEmpty() || !lines.get(0).strip().equals(HEADER)) {
            throw new MeasurementException(file, 1, "the first line must be the header '" + HEADER + "'");
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String text = lines.get(i).strip();
            if (!text.isEmpty() && !text.startsWith("#")) {
                rows.add(row(file, i + 1, fields(file, i + 1, text)));
            }
        }
        if (rows.isEmpty()) {
            throw new MeasurementException(file, 0, "no measurements; add rows such as 'MyTraining,step-time,3.2,"
                    + "my cluster, 2026-11-30'");
        }
        return new MeasuredCsv(file, rows);
    }

    private static Row row(String file, int line, List<String> fields) {
        if (fields.size() != 3 && fields.size() != 4) {
            throw new MeasurementException(file, line, fields.size() + " fields; a row has " + HEADER
                    + " (quote a source that holds commas)");
        }
        String keyword = fields.get(1);
        Metric metric = Arrays.stream(Metric.values()).filter(m -> m.keyword.equals(keyword)).findFirst()
                .orElseThrow(() -> new MeasurementException(file, line, "unknown metric '" + keyword + "'; use one of "
                        + Arrays.stream(Metric.values()).map(Metric::keyword).toList()));
        double value;
        try {
            value = Double.parseDouble(fields.get(2));
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new MeasurementException(file, line, "value '" + fields.get(2) + "' is not a positive number; give"
                    + " the " + metric.keyword + " as a plain number (seconds, percent or tokens per second)");
        }
        if (metric == Metric.MFU && value > 100) {
            throw new MeasurementException(file, line, "mfu " + fields.get(2) + " is above 100 %; give the mfu in"
                    + " percent of the peak");
        }
        if (fields.get(0).isEmpty()) {
            throw new MeasurementException(file, line, "no workload; name a workload of the model");
        }
        return new Row(line, fields.get(0), metric, value, fields.size() == 4 ? fields.get(3) : "");
    }

    /**
     * The records of a CSV whose first line (after blank lines and lines starting with {@code #}) is its header, as
     * column → value in file order; a line shorter than the header reads its missing fields as empty. The reference
     * set's files are read this way. O(characters).
     *
     * @throws MeasurementException for a quote that is not closed
     */
    public static List<Map<String, String>> records(BufferedReader reader) throws IOException {
        List<Map<String, String>> records = new ArrayList<>();
        List<String> header = null;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            List<String> fields = fields(line);
            if (header == null) {
                header = fields;
                continue;
            }
            Map<String, String> record = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                record.put(header.get(i), i < fields.size() ? fields.get(i) : "");
            }
            records.add(record);
        }
        return records;
    }

    /**
     * The fields of one CSV line (the reference set's files too): comma-separated, stripped; a
     * double-quoted field may hold commas and "" for a quote.
     *
     * @throws MeasurementException for a quote that is not closed
     */
    public static List<String> fields(String text) {
        return fields("", 0, text);
    }

    private static List<String> fields(String file, int line, String text) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted && c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString().strip());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new MeasurementException(file, line, "a quote is not closed; close it with \"");
        }
        fields.add(field.toString().strip());
        return fields;
    }
}
