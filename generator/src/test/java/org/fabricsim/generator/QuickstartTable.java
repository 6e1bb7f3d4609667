package org.fabricsim.generator;

import java.util.List;

/** Reads the nccl-tests-style table the console prints for a benchmark. */
final class QuickstartTable {
    private QuickstartTable() {
    }

    /** The busbw column of the row for {@code bytes}. */
    static double busbwGBps(String console, long bytes) {
        return Double.parseDouble(row(console, bytes).get(3));
    }

    /** The cells of the row for {@code bytes}: size, time, algbw, busbw, algorithm, protocol, channels. */
    static List<String> row(String console, long bytes) {
        return console.lines().map(String::trim).filter(line -> line.startsWith(bytes + " "))
                .map(line -> List.of(line.split("\\s+"))).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + bytes + " bytes in:\n" + console));
    }
}
