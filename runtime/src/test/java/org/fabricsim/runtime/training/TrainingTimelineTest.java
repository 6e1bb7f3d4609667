package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.report.ChromeTrace;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.ClusterSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ScaleOutSpec;
import org.fabricsim.runtime.spec.TopologySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TrainingSpec.PipelineSchedule;
import org.junit.jupiter.api.Test;

/** The training timeline the trace draws, against the schedule the engine simulated. */
class TrainingTimelineTest {

    @Test
    void shouldLogStageZeroOfOneFOneBInScheduleOrderWithTheClassicBubble() {
        // P = 4, M = 8, F = 1, B = 2, free sends. Stage 0 runs P − 1 = 3 warm-up forwards, then F and B
        // alternately, then the last 3 backwards; it idles (P − 1)(F + B) = 9 of its 33 (Narayanan et
        // al. 2021, §2.2.1): its last task ends at 33 after 8 × 3 = 24 of work.
        ScheduleLog log = new ScheduleLog(4);
        new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 4, 1, 8, filled(4, 1), filled(4, 2), filled(4, 0)).run(0, log);
        List<Map<String, Object>> stage0 = track(log.toTimeline(false), "stage 0");
        assertEquals(List.of("F 0", "F 1", "F 2", "F 3", "B 0", "F 4", "B 1", "F 5", "B 2", "F 6", "B 3", "F 7", "B 4",
                "B 5", "B 6", "B 7"), stage0.stream().map(s -> s.get("name")).toList());
        assertEquals(9, idle(stage0), 1e-12);
    }

    @Test
    void shouldKeepOnlyTheFirstSpansOfAStageZeroLongerThanTheCap() {
        // P = 2, M = 20,000, free sends: stage 0 runs a forward and a backward of every micro-batch and sends after
        // each forward, 3 × 20,000 = 60,000 spans, more than the 20,000 a timeline carries: it keeps the first
        // 20,000 in the order they ran (stage 1 is left out), the first one F 0.
        int microBatches = 20_000;
        ScheduleLog log = new ScheduleLog(2);
        new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 2, 1, microBatches, filled(2, 1), filled(2, 2),
                filled(2, 0)).run(0, log);
        List<Map<String, Object>> timeline = log.toTimeline(false);
        assertEquals(20_000, timeline.size());
        assertEquals("F 0", timeline.get(0).get("name"));
        assertTrue(timeline.stream().allMatch(span -> String.valueOf(span.get("track")).startsWith("stage 0")));
    }

    @Test
    void shouldLeaveOutTheStagesPastTheCapAndKeepTheOthersWhole() {
        // P = 4, M = 3,000, free sends (no send spans): every stage runs 2 × 3,000 = 6,000 spans. Stages 0 to 2
        // hold 18,000 ≤ 20,000, with stage 3 24,000 > 20,000: the timeline has stages 0 to 2, all 6,000 spans
        // each, stage 2's ending with the backward of the last micro-batch, B 2999, though the log kept stage 3's
        // spans while they still fitted and dropped them once they did not.
        ScheduleLog log = new ScheduleLog(4);
        new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 4, 1, 3_000, filled(4, 1), filled(4, 2), filled(4, 0))
                .run(0, log);
        List<Map<String, Object>> timeline = log.toTimeline(false);
        assertEquals(18_000, timeline.size());
        for (int s = 0; s < 3; s++) {
            assertEquals(6_000, track(timeline, "stage " + s).size());
        }
        assertEquals("B 2999", track(timeline, "stage 2").get(5_999).get("name"));
    }

    @Test
    void shouldPutEachSendOnItsOwnTrackAfterItsTask() {
        // P = 2, M = 2, F = 1, B = 2, send 0.25: stage 0 sends after each forward, stage 1 after each
        // backward, the send starting where its task ends (stage 1's B 0 runs [2.25, 4.25]).
        ScheduleLog log = new ScheduleLog(2);
        new PipelineExecutor(PipelineSchedule.ONE_F_ONE_B, 2, 1, 2, filled(2, 1), filled(2, 2), filled(2, 0))
                .run(0.25, log);
        List<Map<String, Object>> timeline = log.toTimeline(false);
        assertEquals(List.of("send 0", "send 1"), track(timeline, "stage 0: pipeline send").stream()
                .map(s -> s.get("name")).toList());
        Map<String, Object> send = track(timeline, "stage 1: pipeline send").get(0);
        assertEquals("send 0", send.get("name"));
        assertEquals(4.25, (Double) send.get("startSeconds"), 1e-12);
        assertEquals(0.25, (Double) send.get("durationSeconds"), 1e-12);
    }

    @Test
    void shouldShowOnStageZeroTheBubbleAndSendWaitTheRunReports() {
        // A 2-node, PP 4 run: the trace's stage 0 ends its last task at end₀ of the run with sends; the
        // engine reports bubble = end₀(free sends) − u_b and exposed PP = end₀(sends) − end₀(free sends)
        // (PipelineIdle, TrainingStep), u_b the busiest stage's work, which the trace holds as the
        // largest sum of F, B and W spans on one stage. So end₀ − max_s Σ spans = bubble + exposed PP.
        ClusterSpec cluster = new ClusterSpec("t.Two", TrainingFixtures.DGX_H100, 2, new ScaleOutSpec(TrainingFixtures.NDR,
                new TopologySpec.SingleSwitch(TrainingFixtures.QM9700), ScaleOutSpec.Routing.ECMP), 0, null, null);
        TrainingSpec job = TrainingFixtures.training("t.Job", TrainingFixtures.dense("t.Gpt", 8, 2048, 8192, 16, 16,
                32000, false), cluster, 2048, 32, new ParallelismSpec(4, 4, 1, 1, 1, true),
                PipelineSchedule.ONE_F_ONE_B, TrainingSpec.Sharding.ZERO_1);
        RunResult run = new Simulator().run(job);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> timeline = (List<Map<String, Object>>) run.metrics().get("timeline");
        double step = ((Number) run.metrics().get("stepTimeSeconds")).doubleValue();
        double bubble = ((Number) run.metrics().get("bubbleFraction")).doubleValue() * step;
        double pp = ((Number) ((Map<?, ?>) run.metrics().get("exposedCommunicationSeconds")).get("pp")).doubleValue();
        double busiest = 0;
        for (int s = 0; s < 4; s++) {
            busiest = Math.max(busiest, tasks(track(timeline, "stage " + s)).stream()
                    .mapToDouble(span -> (Double) span.get("durationSeconds")).sum());
        }
        List<Map<String, Object>> stage0 = tasks(track(timeline, "stage 0"));
        Map<String, Object> last = stage0.get(stage0.size() - 1);
        double end = (Double) last.get("startSeconds") + (Double) last.get("durationSeconds");
        assertTrue(bubble > 0, "a 4-stage pipeline has a bubble");
        assertEquals(bubble + pp, end - busiest, 1e-9 * step);
        int microBatches = ((Number) run.parameters().get("microBatches")).intValue();
        assertEquals(2 * microBatches, stage0.size(), "a forward and a backward of every micro-batch on stage 0");
        assertEquals(4, timeline.stream().filter(s -> "optimizer".equals(s.get("name"))).count(), "one per stage");
        String trace = ChromeTrace.render(new StudyResult("t", "m", List.of(run)));
        assertTrue(trace.contains("\"name\":\"stage 3: data-parallel\"") || trace.contains("\"name\": \"stage 3: data-parallel\""),
                "the gradient reductions have tracks of their own in the trace");
    }

    private static List<Map<String, Object>> track(List<Map<String, Object>> timeline, String track) {
        return timeline.stream().filter(span -> track.equals(span.get("track"))).toList();
    }

    /** The forward, backward and weight-gradient spans of a stage's track (not its optimizer). */
    private static List<Map<String, Object>> tasks(List<Map<String, Object>> spans) {
        return spans.stream().filter(span -> String.valueOf(span.get("name")).matches("[FBW] .*")).toList();
    }

    /** The time a stage's track is empty between 0 and the end of its last span. */
    private static double idle(List<Map<String, Object>> spans) {
        List<Double> ends = new ArrayList<>();
        double busy = 0;
        for (Map<String, Object> span : spans) {
            busy += (Double) span.get("durationSeconds");
            ends.add((Double) span.get("startSeconds") + (Double) span.get("durationSeconds"));
        }
        return ends.stream().mapToDouble(Double::doubleValue).max().orElse(0) - busy;
    }

    private static double[] filled(int n, double value) {
        double[] array = new double[n];
        Arrays.fill(array, value);
        return array;
    }
}
