package org.fabricsim.sweep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.generator.cli.ModelWorkspace;
import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.result.StudyResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.study.StudyRunner;

/** Models the sweep tests run, loaded as {@code fabric simulate} loads them, and the local engine's results. */
final class SweepModels {
    /** A collective-benchmark study of 3 × 2 = 6 runs, each a few milliseconds. */
    static final String CHANNELS = """
            package sweeptest

            cluster TwoNodes {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency 1 us
            }

            benchmark RingAllReduce {
                all-reduce ring
                on TwoNodes
                sizes 1 MiB, 64 MiB
            }

            study Channels {
                simulate RingAllReduce
                vary channels in [1, 2, 4]
                vary algorithm in [ring, double-binary-tree]
                seed 7
            }
            """;

    /**
     * A training job on 4 DGX H100 (32 GPUs) searched for the best MFU among all its feasible plans: over a
     * thousand plans of many placements for the analytical screen, the best one and the plan as written refined
     * on the flow model.
     */
    static final String TRAINING_SEARCH = """
            package searchtest

            import fabric.catalog.nvidia.*

            model Small transformer {
                layers 16
                hidden 4096
                ffn 14336
                heads 32
                kv-heads 8
                head-dim 128
                vocab 128256
                activation swiglu
            }

            cluster FourNodes {
                nodes 4 x DGX_H100
                scale-out InfiniBand_NDR single-switch {
                    switch QM9700
                }
            }

            training Pretrain {
                model Small on FourNodes
                sequence 4096
                batch 64 sequences
                parallel tensor 8 pipeline 2 data 2
            }

            study Plan {
                simulate Pretrain
                search maximize mfu in all refine 1
                seed 5
            }
            """;

    private SweepModels() {
    }

    /** The programs of model {@code text}, written as {@code name} in {@code folder}. */
    static List<StudySpec> load(Path folder, String name, String text) throws IOException {
        Path file = Files.writeString(folder.resolve(name), text).toAbsolutePath().normalize();
        ModelWorkspace workspace = new ModelWorkspace(List.of(file), folder);
        if (workspace.hasErrors()) {
            throw new AssertionError("test model has errors: " + workspace.diagnostics());
        }
        Model root = workspace.models().get(file);
        return workspace.mapper().toPrograms(root, name);
    }

    /** {@code study} run by the local runner on two threads, as {@code fabric simulate} runs it. */
    static StudyResult local(StudySpec study) {
        return new StudyRunner(new Simulator()::run, 2, StudyRunner.Progress.NONE).run(study);
    }

    /** The search summary of {@code result} without its stage times and screen rate, which are wall times. */
    static Map<String, Object> timelessSearch(StudyResult result) {
        Map<String, Object> summary = new LinkedHashMap<>(result.studies().get(0).search());
        summary.remove("seconds");
        summary.remove("screenPerMinutePerCore");
        return summary;
    }

    /** The runs of {@code result} without their engine wall time, the one field that differs between two runs. */
    static List<RunResult> comparable(StudyResult result) {
        return result.runs().stream().map(r -> new RunResult(r.name(), r.kind(), r.study(), r.variation(), r.seed(),
                r.parameters(), r.metrics(), 0, r.events(), r.flows(), r.error(), r.expectations())).toList();
    }
}
