package org.fabricsim.dsl.ui.tests;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Samples one thread's stack every {@value #PERIOD_MS} ms from a daemon thread while a unit of work runs, so a
 * benchmark can say what its longest unit was doing: {@link #begin()} before the unit, {@link #end()} after it
 * returns that unit's samples. A sample is the top {@value #DEPTH} frames; a unit of {@code t} ms gets about
 * {@code t / PERIOD_MS} samples (fewer on a loaded machine, where the sampler waits for a core too).
 */
final class UiThreadSampler implements AutoCloseable {

    private static final int PERIOD_MS = 5;

    private static final int DEPTH = 60;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    private final long sampledId;

    private final Thread sampler;

    private volatile boolean sampling;

    private List<StackTraceElement[]> samples = new ArrayList<>();

    /** Samples the calling thread. */
    UiThreadSampler() {
        sampledId = Thread.currentThread().getId();
        sampler = new Thread(this::run, "ui-thread-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    void begin() {
        synchronized (this) {
            samples = new ArrayList<>();
        }
        sampling = true;
    }

    List<StackTraceElement[]> end() {
        sampling = false;
        synchronized (this) {
            return samples;
        }
    }

    /**
     * The samples grouped by the innermost FabricSim frame outside the tests (the top frame where there is
     * none), most frequent first: each group's count and its first sample, one frame a line.
     */
    static String describe(List<StackTraceElement[]> samples) {
        Map<String, List<StackTraceElement[]>> groups = samples.stream()
                .collect(Collectors.groupingBy(UiThreadSampler::origin, LinkedHashMap::new, Collectors.toList()));
        return groups.entrySet().stream()
                .sorted(Comparator.comparingInt(entry -> -entry.getValue().size()))
                .map(entry -> "    " + entry.getValue().size() + " of " + samples.size() + " samples in "
                        + entry.getKey() + ", for example:\n" + Stream.of(entry.getValue().get(0))
                                .map(frame -> "        at " + frame).collect(Collectors.joining("\n")))
                .collect(Collectors.joining("\n"));
    }

    private static String origin(StackTraceElement[] stack) {
        return Stream.of(stack).filter(frame -> frame.getClassName().startsWith("org.fabricsim.")
                && !frame.getClassName().startsWith(UiThreadSampler.class.getPackageName())).findFirst()
                .or(() -> Stream.of(stack).findFirst()).map(StackTraceElement::toString).orElse("(no frames)");
    }

    private void run() {
        while (!Thread.currentThread().isInterrupted()) {
            if (sampling) {
                ThreadInfo info = threads.getThreadInfo(sampledId, DEPTH);
                synchronized (this) {
                    if (sampling && info != null) {
                        samples.add(info.getStackTrace());
                    }
                }
            }
            try {
                Thread.sleep(PERIOD_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        sampler.interrupt();
    }
}
