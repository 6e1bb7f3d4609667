package org.fabricsim.dsl.ui.tests;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Benchmark, not a test (its name keeps it out of the default run): how long the UI thread is busy at a time
 * while someone types into a 10,000-line model in the {@code .fabric} editor with the Outline open. It types
 * {@value #KEYSTROKES} characters into a comment at the end, one every {@value #KEYSTROKE_MS} ms, then
 * waits {@value #SETTLE_MS} ms for validation, markers and the outline to catch up, and times each
 * keystroke's document change and each UI event dispatched meanwhile, in wall time and in the UI thread's
 * CPU time (which a loaded machine inflates less: the thread waits for a core in wall time only). Prints the
 * longest, the 99th percentile and how many took over 50 ms, and the problem markers on the file. Run it
 * alone under Xvfb with {@code -Dtest=EditorTypingBenchmark} (docs/performance.md).
 */
public class EditorTypingBenchmark {

    private static final int CLUSTERS = 2_000;

    private static final int KEYSTROKES = 200;

    private static final int KEYSTROKE_MS = 50;

    private static final int SETTLE_MS = 5_000;

    private TestProject project;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-typing-benchmark");
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void uiThreadWorkWhileTypingWithTheOutlineOpen() throws Exception {
        typeAndTime(true);
    }

    @Test
    void uiThreadWorkWhileTypingWithoutTheOutline() throws Exception {
        typeAndTime(false);
    }

    private void typeAndTime(boolean outline) throws Exception {
        StringBuilder model = new StringBuilder("package typing\n");
        for (int i = 0; i < CLUSTERS; i++) {
            model.append("cluster C").append(i).append(" {\n    nodes 2 x 8 accelerators\n")
                    .append("    link 400 Gb/s latency 1 us\n}\n\n");
        }
        model.append("// ");
        ITextEditor editor = project.open(project.file("typing.fabric", model.toString()));
        if (outline) {
            project.page.showView(IPageLayout.ID_OUTLINE);
        } else if (project.page.findView(IPageLayout.ID_OUTLINE) != null) {
            project.page.hideView(project.page.findView(IPageLayout.ID_OUTLINE));
        }
        project.page.activate(editor);
        IDocument document = TestProject.documentOf(editor);
        Display display = Display.getCurrent();
        dispatchFor(display, SETTLE_MS, new Timings(null));
        try (UiThreadSampler sampler = new UiThreadSampler()) {
            Timings timings = new Timings(sampler);
            for (int i = 0; i < KEYSTROKES; i++) {
                String key = Character.toString('a' + i % 26);
                timings.timeEdit(() -> document.replace(document.getLength(), 0, key));
                dispatchFor(display, KEYSTROKE_MS, timings);
            }
            dispatchFor(display, SETTLE_MS, timings);
            report(outline, document, timings);
        }
    }

    private void report(boolean outline, IDocument document, Timings timings) throws CoreException {
        int markers = project.project.getFile("typing.fabric").findMarkers(null, true, 0).length;
        System.out.printf("EditorTypingBenchmark (outline %s): %d lines, %d keystrokes, %d markers, %d timed units"
                + " of UI-thread work; wall: %s; UI-thread CPU: %s%n", outline ? "open" : "closed",
                document.getNumberOfLines(), KEYSTROKES, markers,
                timings.wall.size(), summary(timings.wall), summary(timings.cpu));
        System.out.printf("EditorTypingBenchmark (outline %s): the UI thread's stack during the longest unit (unit %d"
                + " of %d, %s, %.1f ms CPU):%n%s%n", outline ? "open" : "closed", timings.longestUnit + 1,
                timings.cpu.size(), timings.longestWasEdit ? "a keystroke's document change" : "a dispatched event",
                timings.longestCpu / 1e6, UiThreadSampler.describe(timings.longestSamples));
    }

    private static String summary(List<Long> nanos) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return String.format("longest %.1f ms, p99 %.1f ms, median %.2f ms, over 50 ms: %d",
                sorted.get(sorted.size() - 1) / 1e6, sorted.get((int) (sorted.size() * 0.99)) / 1e6,
                sorted.get(sorted.size() / 2) / 1e6, sorted.stream().filter(n -> n > 50_000_000L).count());
    }

    /** Runs the event loop for a while, timing each dispatched event. */
    private static void dispatchFor(Display display, int millis, Timings timings) throws Exception {
        long end = System.nanoTime() + millis * 1_000_000L;
        while (System.nanoTime() < end) {
            if (!timings.time(display::readAndDispatch)) {
                Thread.sleep(1);
            }
        }
    }

    /**
     * Wall and UI-thread CPU time of each unit of work that did something, and, when given a sampler, the stack
     * samples of the unit with the most CPU time.
     */
    private static final class Timings {

        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

        private final UiThreadSampler sampler;

        final List<Long> wall = new ArrayList<>();

        final List<Long> cpu = new ArrayList<>();

        long longestCpu = -1;

        int longestUnit;

        boolean longestWasEdit;

        List<StackTraceElement[]> longestSamples = List.of();

        Timings(UiThreadSampler sampler) {
            this.sampler = sampler;
        }

        /** Times one unit; a unit that answers false (no event was waiting) is not recorded. */
        boolean time(Work work) throws Exception {
            return time(work, false);
        }

        void timeEdit(Edit edit) throws Exception {
            time(() -> {
                edit.run();
                return true;
            }, true);
        }

        private boolean time(Work work, boolean edit) throws Exception {
            if (sampler != null) {
                sampler.begin();
            }
            long cpuStart = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            boolean worked = work.run();
            long cpuTaken = threads.getCurrentThreadCpuTime() - cpuStart;
            long wallTaken = System.nanoTime() - start;
            List<StackTraceElement[]> samples = sampler == null ? List.of() : sampler.end();
            if (worked) {
                if (cpuTaken > longestCpu) {
                    longestCpu = cpuTaken;
                    longestUnit = cpu.size();
                    longestWasEdit = edit;
                    longestSamples = samples;
                }
                wall.add(wallTaken);
                cpu.add(cpuTaken);
            }
            return worked;
        }
    }

    private interface Work {
        boolean run() throws Exception;
    }

    private interface Edit {
        void run() throws Exception;
    }
}
