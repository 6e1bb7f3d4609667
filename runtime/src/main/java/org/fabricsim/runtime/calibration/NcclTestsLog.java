package org.fabricsim.runtime.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.runtime.sim.Quoted;

/**
 * The result table of an nccl-tests run ({@code all_reduce_perf}, {@code all_gather_perf}, …) as
 * nccl-tests prints it: header lines start with {@code #}; each result row reads {@code size count
 * type redop root} (older versions omit root) followed by the out-of-place and the in-place halves,
 * {@code time(us) algbw busbw #wrong} each ({@code #wrong} is {@code N/A} without validation).
 * Lines of NCCL's debug output ({@code NCCL INFO}) are skipped. The GPU count is the number of
 * distinct ranks of the {@code #  Rank  r Group …} lines, else nThread · nGpus of the {@code #
 * nThread … nGpus …} line of a single process, else unknown (0); the test is the name after {@code
 * # Collective test starting:} when printed. O(lines).
 *
 * @param file  the file's name, for messages
 * @param test  the nccl-tests binary, e.g. {@code all_reduce_perf}, or "" when the log does not say
 * @param gpus  the GPU count, 0 when the log does not say
 * @param rows  the result rows, in file order
 */
public record NcclTestsLog(String file, String test, int gpus, List<Row> rows) {
    private static final Pattern TEST = Pattern.compile("^#\\s*Collective test starting:\\s*(\\S+)");
    private static final Pattern THREADS = Pattern.compile("^#\\s*nThread\\s+(\\d+)\\s+nGpus\\s+(\\d+)");
    private static final Pattern RANK = Pattern.compile("^#\\s*Rank\\s+(\\d+)\\s+Group\\s+\\d+");
    private static final String NUMBER = "[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?";
    private static final String HALF = "\\s+(" + NUMBER + ")\\s+(" + NUMBER + ")\\s+(" + NUMBER + ")\\s+(?:\\d+|N/A)";
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+)\\s+(\\d+)\\s+(\\S+)\\s+(\\S+)(?:\\s+(-?\\d+))?"
            + HALF + HALF + "\\s*$");
    private static final int OUT_TIME = 6;
    private static final int IN_TIME = 9;
    private static final double SECONDS_PER_US = 1e-6;

    /**
     * One result row.
     *
     * @param line       its line in the file, from 1
     * @param sizeBytes  the size column (bytes per rank buffer for all-reduce, as nccl-tests reports it)
     * @param seconds    the mean of the out-of-place and in-place times
     */
    public record Row(int line, long sizeBytes, double seconds) {
    }

    public NcclTestsLog {
        rows = List.copyOf(rows);
    }

    /**
     * Parses {@code lines} of the file named {@code file}.
     *
     * @throws MeasurementException on a line that is neither a header, NCCL debug output nor a result
     *                              row, a non-positive time, or a log without result rows
     */
    public static NcclTestsLog parse(String file, List<String> lines) {
        String test = "";
        int threadGpus = 0;
        TreeSet<Integer> ranks = new TreeSet<>();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            String trimmed = text.strip();
            if (trimmed.isEmpty() || trimmed.contains(" NCCL INFO ")) {
                continue;
            }
            if (trimmed.startsWith("#")) {
                Matcher m;
                if ((m = TEST.matcher(trimmed)).find()) {
                    test = m.group(1);
                } else if ((m = THREADS.matcher(trimmed)).find()) {
                    threadGpus = (int) count(file, i + 1, trimmed, whole(file, i + 1, trimmed, m.group(1))
                            * whole(file, i + 1, trimmed, m.group(2)));
                } else if ((m = RANK.matcher(trimmed)).find()) {
                    ranks.add((int) count(file, i + 1, trimmed, whole(file, i + 1, trimmed, m.group(1))));
                }
                continue;
            }
            rows.add(row(file, i + 1, trimmed));
        }
        if (rows.isEmpty()) {
            throw new MeasurementException(file, 0, "no nccl-tests result rows; give the output of an nccl-tests"
                    + " binary such as all_reduce_perf -b 8 -e 8G -f 2");
        }
        return new NcclTestsLog(file, test, ranks.isEmpty() ? threadGpus : ranks.size(), rows);
    }

    private static Row row(String file, int line, String text) {
        Matcher m = ROW.matcher(text);
        if (!m.matches()) {
            throw new MeasurementException(file, line, "not an nccl-tests result row: " + Quoted.excerpt(text)
                    + "; a row reads 'size count type redop root time algbw busbw #wrong time algbw busbw #wrong';"
                    + " remove the line, or comment it out with #");
        }
        double outOfPlace = Double.parseDouble(m.group(OUT_TIME));
        double inPlace = Double.parseDouble(m.group(IN_TIME));
        if (!(outOfPlace > 0 && inPlace > 0)) {
            throw new MeasurementException(file, line, "a time of 0 us; nccl-tests prints positive times, so the"
                    + " line was edited or truncated: restore it from the run's output");
        }
        return new Row(line, whole(file, line, text, m.group(1)), (outOfPlace + inPlace) / 2 * SECONDS_PER_US);
    }

    /**
     * The {@code digits} of a line as a number, refused with the line past 18 digits (a long holds 9.2·10¹⁸):
     * session 64's campaign edited a log to {@code Rank 2147483648} and calibrate answered in Java's words, 'For
     * input string: "2147483648"'.
     */
    private static long whole(String file, int line, String text, String digits) {
        if (digits.length() > 18) {
            throw new MeasurementException(file, line, Quoted.excerpt(digits) + " in " + Quoted.excerpt(text)
                    + " is larger than any count nccl-tests prints, so the line was edited: restore it from the run's"
                    + " output");
        }
        return Long.parseLong(digits);
    }

    /** {@code value}, a rank or a GPU count of the line, refused when past an int (2,147,483,647). */
    private static long count(String file, int line, String text, long value) {
        if (value > Integer.MAX_VALUE) {
            throw new MeasurementException(file, line, Quoted.excerpt(text) + " counts " + value
                    + " GPUs or names rank " + value + ", more than 2,147,483,647, so the line was edited: restore it from the run's output");
        }
        return value;
    }
}
