package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabricsim.runtime.Simulator;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study that selects a calibration: its generated program rebuilds the profile and simulates as in process. */
class CalibratedProgramTest {

    @Test
    void theGeneratedProgramRunsTheStudysProfileAsTheInProcessSimulationDoes(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("calibrated.fabric");
        Files.writeString(model, """
                package calibrated
                cluster C { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Bench { all-reduce ring on C sizes 1 MiB, 256 MiB }
                calibration SlowNics {
                    parameter "collective.nic-efficiency" 80 % bounds 70 % to 100 %
                    parameter "collective.net-step-overhead" 20 us
                    date "2026-12-01"
                }
                study S { simulate Bench calibration SlowNics }
                """);
        List<StudySpec> specs = Models.programs(model, "calibrated.fabric");
        StudySpec study = specs.get(0);
        assertNotEquals(CalibrationProfile.defaults(), study.calibration());
        List<GeneratedProgram> programs = new JavaProgramGenerator().generate(specs);
        Class<?> generated = new InMemoryCompiler().compile(programs).loadClass(programs.get(0).qualifiedName());
        StudySpec rebuilt = (StudySpec) generated.getMethod("study").invoke(null);
        assertEquals(study, rebuilt);
        assertEquals(new Simulator().run(study).runs().get(0).metrics(), new Simulator().run(rebuilt).runs().get(0)
                .metrics());
        // 80 % NICs are slower than the default 96 %: the 256 MiB all-reduce's busbw drops.
        StudySpec defaults = new StudySpec(study.model(), study.source(), study.name(), study.workloads(),
                study.variations(), study.report(), study.expectations(), study.seed());
        assertNotEquals(new Simulator().run(defaults).runs().get(0).metrics(),
                new Simulator().run(study).runs().get(0).metrics());
    }
}
