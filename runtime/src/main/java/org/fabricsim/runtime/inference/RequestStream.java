package org.fabricsim.runtime.inference;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.fabricsim.runtime.sim.ClockCause;
import org.fabricsim.runtime.sim.ClockLimit;
import org.fabricsim.runtime.sim.TimeSource;
import org.fabricsim.runtime.spec.InferenceSpec;

/**
 * The requests of a run as parallel primitive arrays, sorted by arrival time.
 *
 * <ul>
 * <li>Poisson at rate λ: gaps −ln(U)/λ; all at once: every arrival at 0; trace: the CSV's rows
 * (timestamp in seconds, prompt tokens, output tokens; a non-numeric first row is a header; {@link DataFiles}
 * says what a row may hold),
 * all of them, or the {@code requests} earliest when {@code requests} is positive (the run then
 * reports both counts, see {@link #offered()}).</li>
 * <li>Lengths: fixed; uniform on [min, max]; lognormal exp(ln(median) + σ·Z) rounded, at least
 * 1; empirical: uniform choice among the integers listed in a file (one or more per line,
 * separated by commas or white space).</li>
 * </ul>
 * Every draw comes from the run's seeded random source, so one seed gives one stream. O(n).
 *
 * @param arrivalPs  arrival times, picoseconds, non-decreasing
 * @param prompt     prompt tokens
 * @param output     output tokens (at least 1)
 * @param offered    requests the source holds: the trace's rows, of which the stream keeps the
 *                   first {@link #size()} by arrival time; equal to {@link #size()} for drawn streams
 */
record RequestStream(long[] arrivalPs, int[] prompt, int[] output, int offered) {
    private static final double PICOSECONDS_PER_SECOND = 1e12;
    private static final double PICOSECONDS_PER_DAY = 86_400 * PICOSECONDS_PER_SECOND;

    /** Number of requests. */
    int size() {
        return prompt.length;
    }

    /** Whether a stated request count left some of the trace's rows out. */
    boolean truncated() {
        return offered > size();
    }

    /** Draws the requests of {@code traffic}; relative file names resolve against {@code baseDirectory}. */
    static RequestStream of(InferenceSpec.Traffic traffic, SplittableRandom random, Path baseDirectory) {
        if (traffic.arrival() instanceof InferenceSpec.Trace trace) {
            return fromTrace(resolve(baseDirectory, trace.file()), traffic.requests());
        }
        int n = traffic.requests();
        if (n < 1) {
            throw new IllegalArgumentException("traffic needs at least one request");
        }
        long[] arrivalPs = new long[n];
        int[] prompt = new int[n];
        int[] output = new int[n];
        LengthSampler promptSampler = LengthSampler.of(traffic.prompt(), baseDirectory);
        LengthSampler outputSampler = LengthSampler.of(traffic.output(), baseDirectory);
        double rate = traffic.arrival() instanceof InferenceSpec.Poisson poisson ? poisson.requestsPerSecond() : 0;
        if (traffic.arrival() instanceof InferenceSpec.Poisson && !(rate > 0)) {
            throw new IllegalArgumentException("a Poisson arrival rate must be positive: " + rate);
        }
        double nowSeconds = 0;
        for (int i = 0; i < n; i++) {
            if (rate > 0) {
                nowSeconds += -Math.log(1 - random.nextDouble()) / rate;
            }
            arrivalPs[i] = Math.round(nowSeconds * PICOSECONDS_PER_SECOND);
            if (arrivalPs[i] == TimeSource.NONE) { // the rounding saturates at Long.MAX_VALUE, the clock's end
                throw ClockLimit.beyond(0, ClockCause.REQUEST_ARRIVALS, String.format(Locale.ROOT,
                        "request %d of %d arrives after %.3g s at %.3g /s", i + 1, n, nowSeconds, rate));
            }
            prompt[i] = promptSampler.sample(random);
            output[i] = Math.max(1, outputSampler.sample(random));
        }
        return new RequestStream(arrivalPs, prompt, output, n);
    }

    private static Path resolve(Path baseDirectory, String file) {
        Path path = Path.of(file);
        return path.isAbsolute() || baseDirectory == null ? path : baseDirectory.resolve(path);
    }

    /**
     * The trace's rows, replayed from its earliest: a row's arrival is its timestamp less the earliest, taken in
     * seconds before it is made picoseconds, so that timestamps of any origin (Unix time, 1.7·10⁹ s, is 1.7·10²¹ ps,
     * past a long's 9.2·10¹⁸: each rounded alone, every arrival became 0) replay their gaps. A trace spanning more than
     * the engine's clock (2⁶³ ps, 106.75 days) is refused.
     */
    static RequestStream fromTrace(Path file, int limit) {
        List<String> lines = DataFiles.lines("trace file", file);
        List<Row> rows = new ArrayList<>();
        boolean first = true;
        for (int i = 0; i < lines.size(); i++) {
            String trimmed = lines.get(i).trim();
            if (DataFiles.skipped(trimmed)) {
                continue;
            }
            String[] cells = trimmed.split("\\s*,\\s*", -1);
            boolean header = first && DataFiles.header(cells[0]);
            first = false;
            if (header) {
                continue;
            }
            String place = file + ":" + (i + 1);
            if (cells.length < 3) {
                throw new IllegalArgumentException(place + ": expected 'timestamp seconds, prompt tokens, output tokens'");
            }
            rows.add(new Row(DataFiles.decimal(cells[0], place, trimmed), DataFiles.tokens(cells[1], "prompt tokens",
                    place), Math.max(1, DataFiles.tokens(cells[2], "output tokens", place))));
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + ": the trace has no requests");
        }
        rows.sort((a, b) -> Double.compare(a.seconds(), b.seconds()));
        double start = rows.get(0).seconds();
        double spanSeconds = rows.get(rows.size() - 1).seconds() - start;
        if (spanSeconds * PICOSECONDS_PER_SECOND >= TimeSource.NONE) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: the trace's timestamps span %.4g s,"
                    + " more than the engine's clock range of 2^63 ps (%.2f days); replay a shorter part of it, or"
                    + " write its timestamps in seconds", file, spanSeconds, TimeSource.NONE / PICOSECONDS_PER_DAY));
        }
        int n = limit > 0 ? Math.min(limit, rows.size()) : rows.size();
        long[] arrivalPs = new long[n];
        int[] prompt = new int[n];
        int[] output = new int[n];
        for (int i = 0; i < n; i++) {
            Row row = rows.get(i);
            arrivalPs[i] = Math.round((row.seconds() - start) * PICOSECONDS_PER_SECOND);
            prompt[i] = row.prompt();
            output[i] = row.output();
        }
        return new RequestStream(arrivalPs, prompt, output, rows.size());
    }

    /** One row of a trace: its timestamp in seconds, prompt and output tokens. */
    private record Row(double seconds, int prompt, int output) {
    }

    /** Draws token lengths. */
    interface LengthSampler {
        int sample(SplittableRandom random);

        static LengthSampler of(InferenceSpec.Distribution distribution, Path baseDirectory) {
            if (distribution instanceof InferenceSpec.Fixed fixed) {
                int tokens = fixed.tokens();
                return random -> tokens;
            }
            if (distribution instanceof InferenceSpec.Uniform uniform) {
                int min = uniform.min();
                int span = uniform.max() - min + 1;
                if (span < 1) {
                    throw new IllegalArgumentException("'uniform " + min + " to " + uniform.max()
                            + "' has its minimum above its maximum; write 'uniform " + uniform.max() + " to " + min + "'");
                }
                return random -> min + random.nextInt(span);
            }
            if (distribution instanceof InferenceSpec.Lognormal lognormal) {
                if (lognormal.median() < 1 || !(lognormal.sigma() >= 0)) {
                    throw new IllegalArgumentException("'lognormal median " + lognormal.median() + " sigma "
                            + lognormal.sigma() + "' needs a median of at least 1 token and a non-negative sigma");
                }
                double mu = Math.log(lognormal.median());
                double sigma = lognormal.sigma();
                return random -> (int) Math.max(1, Math.round(Math.exp(mu + sigma * gaussian(random))));
            }
            InferenceSpec.Empirical empirical = (InferenceSpec.Empirical) distribution;
            int[] values = readLengths(resolve(baseDirectory, empirical.file()));
            return random -> values[random.nextInt(values.length)];
        }

        /** A standard normal by Box–Muller from two uniforms of {@code random}. */
        private static double gaussian(SplittableRandom random) {
            double u = 1 - random.nextDouble();
            double v = random.nextDouble();
            return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
        }

        /** The token counts the length file {@code file} lists, or its refusal naming the file and line. */
        static int[] readLengths(Path file) {
            List<Integer> values = new ArrayList<>();
            int lineNumber = 0;
            for (String line : DataFiles.lines("length file", file)) {
                lineNumber++;
                String trimmed = line.trim();
                if (DataFiles.skipped(trimmed)) {
                    continue;
                }
                for (String cell : trimmed.split("[,\\s]+")) {
                    if (!(values.isEmpty() && lineNumber == 1 && DataFiles.header(cell))) {
                        values.add(DataFiles.tokens(cell, "a token count", file + ":" + lineNumber));
                    }
                }
            }
            if (values.isEmpty()) {
                throw new IllegalArgumentException(file + ": no lengths listed");
            }
            return values.stream().mapToInt(Integer::intValue).toArray();
        }
    }
}
