package org.fabricsim.runtime.result;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A flattened metric's value for people, in the unit its key names, as the console's run blocks write the same
 * figures: {@code mfu 0.3388} reads {@code 33.9%}, {@code stepTimeSeconds 8.6} {@code 8.60 s}, {@code
 * memoryPerAcceleratorBytes 7.3e10} {@code 73.0 GB}. The unit comes from the key's last segment that names one
 * ({@code ttftSeconds.p99}: {@code ttftSeconds}; {@code rows[1 MiB].busbwGBps}: {@code busbwGBps}); a key that
 * names none is a count ({@link Metrics#count}). The side-by-side comparisons of the console and of the HTML report
 * (through {@link Comparison#toJsonMap}) and the scalar blocks of other run kinds all write values through here.
 */
public final class MetricText {
    /**
     * Dimensionless ratios read as percentages: utilizations (a benchmark row's {@code maxLinkUtilization} too, which
     * printed {@code 0.992} beside percentages until session 69), fractions, shares, ETTR, goodput, speed.
     */
    private static final Pattern PERCENT = Pattern.compile(
            "(mfu|hfu|effectiveMfu|\\w*Utilization|mfuLostTo\\w*|ettr\\w*|goodput|availability"
                    + "|goodputUnderFailures|speed|slowdown|\\w*Fraction|\\w*Share|\\w*Shares|throughputFactor)");
    private static final Pattern DOLLARS = Pattern.compile("(cost\\w*|\\w*Cost|\\w*Dollars\\w*)");
    /** A segment's unit word, which its value already writes ({@code 8.60 s}), and a list row's label. */
    private static final Pattern UNIT_WORD = Pattern.compile("(?<=.)(Seconds|Bytes|GBps|Dollars\\w*|Days|Hours)$");
    private static final Pattern ROW = Pattern.compile("(\\w+)\\[(.*)]");
    /** Words the engine's keys spell in lower case that people write in capitals. */
    private static final Set<String> ACRONYMS = Set.of("mfu", "hfu", "ttft", "itl", "tpot", "e2e", "tp", "pp", "dp",
            "cp", "ep", "kv", "ettr", "tflops", "slo", "gpu", "nic", "fp8", "bf16");
    /**
     * Words people write otherwise than in lower case or capitals: {@code slosMet} reads {@code SLOs met}, not
     * {@code SLOS met}, as if SLOS were an acronym (session 70); {@code stepTimeTail.p999Seconds} reads {@code step
     * time tail p99.9} (session 72).
     */
    private static final Map<String, String> SPELLED = Map.of("slos", "SLOs", "p999", "p99.9");
    /**
     * What a row of a list reads as before its label: the generic {@code rows} nothing ({@code rows[1 MiB]} reads
     * {@code 1 MiB}), one row of the serving objectives {@code slos} one objective ({@code slos[ttft]} reads
     * {@code SLO ttft}); any other list its name in words.
     */
    private static final Map<String, String> ROW_NAMES = Map.of("rows", "", "slos", "SLO ");

    private MetricText() {
    }

    /** {@code value} of flattened metric {@code key}, with its unit. */
    public static String of(String key, double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        String unit = unitSegment(key);
        return unit == null ? Metrics.count(value) : withUnit(unit, value);
    }

    /**
     * Flattened metric {@code key} in words, as the tables write it beside the value: each segment's camel case
     * split and lower-cased, acronyms in capitals, the unit word the value already writes left out, and a list
     * row's label in place of the list's name where the list is the generic {@code rows}: {@code stepTimeSeconds}
     * reads {@code step time}, {@code exposedCommunicationSeconds.tp} {@code exposed communication TP},
     * {@code ttftSeconds.p99} {@code TTFT p99}, {@code rows[1 MiB].busbwGBps} {@code 1 MiB busbw}, {@code
     * slos[ttft].achieved} {@code SLO ttft achieved} ({@link #ROW_NAMES}).
     */
    public static String label(String key) {
        StringBuilder out = new StringBuilder();
        for (String segment : key.split("\\.(?![^\\[]*])")) {
            Matcher row = ROW.matcher(segment);
            String name = row.matches() ? row.group(1) : segment;
            String words = row.matches() && ROW_NAMES.containsKey(name) ? ROW_NAMES.get(name) + row.group(2)
                    : words(UNIT_WORD.matcher(name).replaceAll("")) + (row.matches() ? " " + row.group(2) : "");
            out.append(out.length() == 0 ? "" : " ").append(words);
        }
        return out.toString();
    }

    /** A camel-case name as lower-case words, acronyms in capitals: {@code optimizerState} reads {@code optimizer state}. */
    private static String words(String name) {
        StringBuilder out = new StringBuilder();
        for (String word : name.split("(?<=[a-z0-9])(?=[A-Z])")) {
            String lower = word.toLowerCase(Locale.ROOT);
            out.append(out.length() == 0 ? "" : " ").append(SPELLED.getOrDefault(lower,
                    ACRONYMS.contains(lower) ? lower.toUpperCase(Locale.ROOT) : lower));
        }
        return out.toString();
    }

    /** Whether {@code key}'s values read as percentages, so that a difference of two reads in points. */
    public static boolean percent(String key) {
        String unit = unitSegment(key);
        return unit != null && withUnit(unit, 0).endsWith("%");
    }

    /** The last segment of {@code key} that names a unit, without its row label, or null. */
    private static String unitSegment(String key) {
        String[] segments = key.split("\\.");
        for (int i = segments.length - 1; i >= 0; i--) {
            String segment = segments[i].replaceAll("\\[.*]", "");
            if (withUnit(segment, 0) != null) {
                return segment;
            }
        }
        return null;
    }

    /** The value in the unit {@code segment} names, or null when it names none. */
    private static String withUnit(String segment, double value) {
        if (segment.endsWith("Seconds")) {
            return Metrics.duration(value);
        }
        if (segment.endsWith("TokensPerSecond") || segment.startsWith("tokensPerSecond")
                || segment.contains("TokensPerSecondPer")) {
            return Metrics.count(value) + " tokens/s";
        }
        if (DOLLARS.matcher(segment).matches()) {
            return dollars(value) + per(segment);
        }
        if (PERCENT.matcher(segment).matches()) {
            return String.format(Locale.ROOT, "%.1f%%", 100 * value);
        }
        if (segment.endsWith("GBps") || segment.equals("gigabytesPerSecond")) {
            return Metrics.threeDigits(value) + " GB/s";
        }
        if (segment.endsWith("Bytes") || segment.startsWith("bytes")) {
            return bytes(value);
        }
        if (segment.startsWith("tflops")) {
            return Metrics.threeDigits(value) + " TFLOPS";
        }
        if (segment.endsWith("Days")) {
            return Metrics.threeDigits(value) + " days";
        }
        if (segment.endsWith("Hours")) {
            return Metrics.threeDigits(value) + " h";
        }
        return segment.endsWith("PerDay") ? Metrics.threeDigits(value) + " per day" : null;
    }

    /** What a dollar figure is per, from its key: {@code /year}, {@code /h}, {@code /step}, {@code /M output tokens}. */
    private static String per(String segment) {
        if (segment.endsWith("PerYear")) {
            return "/year";
        }
        if (segment.endsWith("PerHour")) {
            return "/h";
        }
        if (segment.endsWith("PerStep")) {
            return "/step";
        }
        if (segment.startsWith("costPerMillion") && segment.endsWith("Tokens")) {
            // costPerMillionOutputTokens: "/M output tokens"; costPerMillionTokens: "/M tokens" (not "/M  tokens")
            String which = segment.substring("costPerMillion".length(), segment.length() - "Tokens".length());
            return "/M " + (which.isEmpty() ? "" : which.toLowerCase(Locale.ROOT) + " ") + "tokens";
        }
        return "";
    }

    /**
     * Dollars as every console line and the HTML report ({@code money} in {@code report-base.js}) write them: from
     * $100 whole with separators ({@code $1,401,600}), a whole amount as it is ({@code $0}, {@code -$5}), anything
     * else to three significant digits and at least the cents: {@code $0.702}, {@code $1.47}, {@code $12.30},
     * {@code $0.75}, {@code $0.0123}. Before session 68 the run block wrote $0.70 per million tokens, the side-by-side
     * table $0.702 and the HTML report $0.7.
     */
    static String dollars(double value) {
        double magnitude = Math.abs(value);
        BigDecimal three = Double.isFinite(magnitude) ? new BigDecimal(magnitude).round(new MathContext(3)) : null;
        String amount = three == null || three.doubleValue() >= 100 || magnitude == Math.rint(magnitude)
                ? Metrics.count(magnitude)
                : three.setScale(Math.max(2, three.stripTrailingZeros().scale())).toPlainString();
        return (value < 0 ? "-" : "") + "$" + amount;
    }

    /** Bytes in the largest decimal unit that keeps the value at 1 or more, to three significant digits. */
    private static String bytes(double value) {
        double magnitude = Math.abs(value);
        if (magnitude < 1e3) {
            return Metrics.count(value) + " B";
        }
        String[] units = { "kB", "MB", "GB", "TB" };
        int unit = Math.min(units.length - 1, (int) Math.floor(Math.log10(magnitude) / 3) - 1);
        return Metrics.threeDigits(value / Math.pow(1e3, unit + 1)) + " " + units[unit];
    }
}
