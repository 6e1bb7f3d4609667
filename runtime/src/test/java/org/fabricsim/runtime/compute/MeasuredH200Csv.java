package org.fabricsim.runtime.compute;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The rows of validation/measured/h200-compute.csv (provenance in validation/measured/README.md), read from the test
 * classpath, the nvidia-smi samples left out.
 */
final class MeasuredH200Csv {
    static final List<Measured> ROWS = read();

    record Measured(int run, String section, String name, double m, double n, double k, String dtype, double seconds,
            double tflops, double terabytesPerSecond) {
    }

    private MeasuredH200Csv() {
    }

    private static List<Measured> read() {
        List<Measured> rows = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                MeasuredH200Csv.class.getResourceAsStream("/measured/h200-compute.csv"), StandardCharsets.UTF_8))) {
            reader.readLine();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] f = line.split(",", -1);
                if (f[1].equals("smi")) {
                    continue;
                }
                rows.add(new Measured(Integer.parseInt(f[0]), f[1], f[2], Double.parseDouble(f[3]),
                        Double.parseDouble(f[4]), Double.parseDouble(f[5]), f[6], Double.parseDouble(f[7]),
                        Double.parseDouble(f[8]), Double.parseDouble(f[9])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** The rows {@code which} selects; fails when none does. */
    static List<Measured> rows(Predicate<Measured> which) {
        List<Measured> found = ROWS.stream().filter(which).toList();
        assertTrue(!found.isEmpty(), "no measured row matches");
        return found;
    }

    /** The one row of this run, section, name and element type. */
    static Measured row(int run, String section, String name, String dtype) {
        return rows(r -> r.run() == run && r.section().equals(section) && r.name().equals(name)
                && r.dtype().equals(dtype)).get(0);
    }
}
