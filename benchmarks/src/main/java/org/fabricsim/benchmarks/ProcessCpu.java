package org.fabricsim.benchmarks;

import java.lang.management.ManagementFactory;

/**
 * CPU time of the whole JVM process (every thread, the garbage collector and the JIT included), the
 * figure the harnesses report beside wall time: on a shared machine, wall time includes waiting for a
 * core, CPU time does not. The calling thread's own CPU time ({@link #threadNanos}) is the engine's
 * share of it: the difference is the JIT compiler threads and the garbage collector.
 */
final class ProcessCpu {
    private ProcessCpu() {
    }

    /** Process CPU time so far, in nanoseconds. */
    static long nanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** CPU time of the calling thread so far, in nanoseconds. */
    static long threadNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
}
