package org.fabricsim.runtime.training;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each pipeline stage did in one simulated step, span by span, in the order the pipeline ran
 * them: forward (F), backward (B) and weight-gradient (W) tasks of every micro-batch and model chunk,
 * the pipeline sends after them, each chunk's data-parallel gradient reduction and the optimizer.
 *
 * <p>Only what the timeline shows ({@link #toTimeline}) is kept: stages 0 to L − 1, L the largest with the spans of
 * stages 1 to L − 1 and stage 0's together at most {@value #MAX_SPANS}, and stage 0's first {@value #MAX_SPANS}
 * (L = 1 when stage 0 alone has more). Every span is counted per stage; the log keeps L = the stages whose
 * counts so far fit, which only falls as spans come, and when it falls drops the spans of the stage left out. So it
 * never holds more than {@value #MAX_SPANS} spans (stage 0's count is in the sum), 29 B each in primitive arrays
 * that grow by doubling to at most that: O(P) memory whatever the micro-batches, O(1) amortized per span (a stage
 * is dropped at most once, O(P · {@value #MAX_SPANS}) in all), no boxing while the step runs.
 */
final class ScheduleLog {
    static final byte FORWARD = PipelineExecutor.FORWARD;
    static final byte BACKWARD = PipelineExecutor.BACKWARD;
    static final byte WEIGHT = PipelineExecutor.WEIGHT;
    static final byte SEND = 3;
    static final byte REDUCE = 4;
    static final byte OPTIMIZER = 5;
    /**
     * Timeline spans a run's JSON carries at most: stages past the cap are left out, and a stage 0 with more spans
     * (a step of tens of thousands of micro-batches) keeps its first ones, so the timeline's maps, about 0.5 KB a
     * span, never grow with the micro-batches (docs/performance.md, "Serving memory, predicted (session 63)").
     */
    static final int MAX_SPANS = 20_000;
    private static final String[] NAMES = {"F", "B", "W", "send", "gradient reduction", "optimizer"};

    /** Spans recorded per stage, kept or not. */
    private final int[] perStage;
    /** L: the stages kept, 0 to L − 1. */
    private int shown;
    /** Spans recorded on stages 0 to L − 1. */
    private int shownSpans;
    private int count;
    private int[] stage = new int[64];
    private byte[] kind = new byte[64];
    private int[] micro = new int[64];
    private int[] chunk = new int[64];
    private double[] startSeconds = new double[64];
    private double[] durationSeconds = new double[64];

    /** An empty log of a pipeline of {@code stages} stages. */
    ScheduleLog(int stages) {
        perStage = new int[stages];
        shown = stages;
    }

    /** Records a span of {@code kind} on stage {@code s}; micro-batch and model chunk are −1 where they do not apply. */
    void add(int s, byte type, int m, int modelChunk, double start, double duration) {
        perStage[s]++;
        if (s >= shown) {
            return;
        }
        shownSpans++;
        if (shown > 1 && shownSpans > MAX_SPANS) {
            while (shown > 1 && shownSpans > MAX_SPANS) {
                shownSpans -= perStage[--shown];
            }
            dropStagesFrom(shown);
            if (s >= shown) {
                return;
            }
        }
        if (perStage[s] > MAX_SPANS) {
            return;
        }
        if (count == stage.length) {
            int size = Math.min(2 * count, MAX_SPANS);
            stage = Arrays.copyOf(stage, size);
            kind = Arrays.copyOf(kind, size);
            micro = Arrays.copyOf(micro, size);
            chunk = Arrays.copyOf(chunk, size);
            startSeconds = Arrays.copyOf(startSeconds, size);
            durationSeconds = Arrays.copyOf(durationSeconds, size);
        }
        stage[count] = s;
        kind[count] = type;
        micro[count] = m;
        chunk[count] = modelChunk;
        startSeconds[count] = start;
        durationSeconds[count] = duration;
        count++;
    }

    /** Forgets the kept spans of stages {@code from} and above, keeping the others' order. O(kept). */
    private void dropStagesFrom(int from) {
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (stage[i] < from) {
                stage[kept] = stage[i];
                kind[kept] = kind[i];
                micro[kept] = micro[i];
                chunk[kept] = chunk[i];
                startSeconds[kept] = startSeconds[i];
                durationSeconds[kept] = durationSeconds[i];
                kept++;
            }
        }
        count = kept;
    }

    /**
     * The spans as the result's {@code timeline}: {@code {track, name, startSeconds, durationSeconds}},
     * stage by stage in the order they ran. Compute (F, B, W, optimizer) is on track {@code stage s},
     * sends on {@code stage s: pipeline send}, gradient reductions on {@code stage s: data-parallel}; a
     * task is named by its kind, micro-batch and, with several chunks per stage, its model chunk
     * ({@code F 3}, {@code B 3 chunk 5}). Stages are included from 0 up while the spans fit in
     * {@value #MAX_SPANS}; a stage 0 that does not fit alone gives its first {@value #MAX_SPANS}. O(P · kept spans).
     */
    List<Map<String, Object>> toTimeline(boolean chunked) {
        List<Map<String, Object>> timeline = new ArrayList<>(count);
        for (int s = 0; s < shown; s++) {
            for (int i = 0; i < count; i++) {
                if (stage[i] == s) {
                    timeline.add(span(i, chunked));
                }
            }
        }
        return timeline;
    }

    private Map<String, Object> span(int i, boolean chunked) {
        String track = "stage " + stage[i] + (kind[i] == SEND ? ": pipeline send" : kind[i] == REDUCE ? ": data-parallel" : "");
        String name = NAMES[kind[i]] + (micro[i] >= 0 ? " " + micro[i] : "")
                + (chunked && chunk[i] >= 0 ? " chunk " + chunk[i] : "");
        Map<String, Object> span = new LinkedHashMap<>();
        span.put("track", track);
        span.put("name", name);
        span.put("startSeconds", startSeconds[i]);
        span.put("durationSeconds", durationSeconds[i]);
        return span;
    }
}
