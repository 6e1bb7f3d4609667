package org.fabricsim.generator;

/** Reads the nccl-tests-style table the console prints for a benchmark. */
final class QuickstartTable {
    private QuickstartTable() {
    }

    /** The busbw column of the row for {@code bytes}. */
    static double busbwGBps(String console, long bytes) {
        return console.lines().map(String::trim).filter(line -> line.startsWith(bytes + " "))
                .map(line -> line.split("\\s+")).mapToDouble(cells -> Double.parseDouble(cells[3])).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + bytes + " bytes in:\n" + console));
    }
}
