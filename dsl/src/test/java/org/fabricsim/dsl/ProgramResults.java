package org.fabricsim.dsl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/**
 * The results of a file's programs, run in this process as {@code fabric simulate} runs them (a {@link StudyRunner}
 * on the {@link Simulator}, as {@code ProgramRunner} does, on one thread), reduced to what they predict: each
 * study's search summary and each run's metrics, error and expectations, without what only echoes the input
 * (run names, varied values, seeds, parameters) or measures the machine (wall seconds, engine counters, a search's
 * seconds and screening rate). {@link #moved} tells whether edited programs predict anything else.
 */
final class ProgramResults {
    /** A search summary's keys that time the machine, not the model. */
    private static final List<String> TIMINGS = List.of("seconds", "screenPerMinutePerCore");

    private final StudyRunner runner = new StudyRunner(new Simulator()::run, 1, StudyRunner.Progress.NONE);
    private final List<String> specs;
    private final List<String> prints = new ArrayList<>();
    private final long[] nanos;

    /** Runs every program of the unedited file once, timing each: the baseline the edits are held against. */
    ProgramResults(List<StudySpec> programs) {
        specs = programs.stream().map(StudySpec::toString).toList();
        nanos = new long[programs.size()];
        for (int i = 0; i < programs.size(); i++) {
            long started = System.nanoTime();
            prints.add(print(programs.get(i)));
            nanos[i] = System.nanoTime() - started;
        }
    }

    /** Each program's prediction, in order. */
    List<String> prints() {
        return List.copyOf(prints);
    }

    /** What {@code program} predicts, as text. */
    String print(StudySpec program) {
        StudyResult result = runner.run(program);
        StringBuilder out = new StringBuilder();
        for (StudyResult.StudyInfo study : result.studies()) {
            Map<String, Object> search = new LinkedHashMap<>(study.search());
            TIMINGS.forEach(search::remove);
            out.append(search).append('\n');
        }
        for (RunResult run : result.runs()) {
            out.append(run.metrics()).append(' ').append(run.error()).append(' ')
                    .append(run.expectations().stream().map(e -> e.toJsonMap().toString()).toList()).append('\n');
        }
        return out.toString();
    }

    /**
     * Whether the edited file's {@code programs} predict anything the unedited ones do not. Only the programs whose
     * spec differs are run, the quickest first, until one predicts otherwise; a different number of programs has
     * moved when any of them does.
     */
    boolean moved(List<StudySpec> programs) {
        if (programs.size() != specs.size()) {
            return !programs.stream().map(this::print).toList().equals(prints);
        }
        List<Integer> changed = IntStream.range(0, programs.size())
                .filter(i -> !programs.get(i).toString().equals(specs.get(i))).boxed()
                .sorted(Comparator.comparingLong(i -> nanos[i])).toList();
        return changed.stream().anyMatch(i -> !print(programs.get(i)).equals(prints.get(i)));
    }
}
