package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.generator.cli.ExitCodes;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.collective.Calibration;
import org.fabricsim.runtime.inference.InferenceRunner;
import org.fabricsim.runtime.spec.InferenceSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.training.TrainingSimulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabric calibrate}: fits from nccl-tests logs and measured CSVs, writes the profile, refuses bad input. */
class CalibrateCommandTest {
    private static final Path RESOURCES = Path.of("src/test/resources/calibrate");

    @TempDir
    Path dir;

    private Path copy(String name) throws IOException {
        Path target = dir.resolve(name);
        Files.copy(RESOURCES.resolve(name), target);
        return target;
    }

    private CliRun calibrate(String... args) {
        String[] all = new String[args.length + 5];
        all[0] = "calibrate";
        System.arraycopy(args, 0, all, 1, args.length);
        System.arraycopy(new String[] { "--workspace", dir.toString(), "--date", "2026-12-01" }, 0, all,
                args.length + 1, 4);
        return CliRun.fabric(all);
    }

    @Test
    void printsEachCaseAndParameterWithItsUnit() throws Exception {
        // An nccl-tests case is a bus bandwidth in GB/s; a step latency is a time in seconds, an efficiency a
        // fraction without unit (calibration.fabric: 3.4 us, 0.816).
        Path model = copy("dgx-h100.fabric");
        Path log = copy("dgx-h100-ring.log");
        CliRun run = calibrate(model.toString(), "--nccl-tests", log.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).matches("case +measured +before +after +error +LOO +unit +source"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.matches("Ring8@1048576 .* GB/s +\\S+dgx-h100-ring.log:18")), run.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("collective\\.nvlink-step-overhead +s +3\\.40000e-06 .*")),
                run.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("collective\\.nvlink-efficiency +- +0\\.816000 .*")), run.out());
    }

    @Test
    void fitsTheNvlinkEfficiencyOfAnNcclTestsLogAndWritesAProfileThatValidates() throws Exception {
        Path model = copy("dgx-h100.fabric");
        Path log = copy("dgx-h100-ring.log");
        Path out = dir.resolve("fitted.fabric");
        CliRun run = calibrate(model.toString(), "--nccl-tests", log.toString(), "--benchmark", "Ring8", "--out",
                out.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        // The log was made by the engine with NVLink at 82% of 450 GB/s (instead of the default 88%), a 2.5 us
        // NVLink step and a 6 us ring base latency, its times printed to 0.01 us and split ±0.2% between the
        // out-of-place and in-place halves (its three smallest sizes made again in session 54, when the engine
        // came to pick protocols by NCCL's own estimate: LL at 1 MiB, LL128 at 4 and 16 MiB). At 16 GiB the ring is bandwidth-bound (busbw ≈ 0.82 × 450 = 369 GB/s,
        // the log's 368.3 and 369.3), so the fit must find 0.82 to within the noise.
        String text = Files.readString(out);
        assertEquals(0.82, number(text, "\"collective.nvlink-efficiency\" ([0-9.]+)"), 0.003);
        assertTrue(text.startsWith("package calibrate\n"), text);
        assertTrue(text.contains("calibration Calibrated {") && text.contains("date \"2026-12-01\"")
                && text.contains("fitted-on \"Ring8@1048576\""), text);
        assertTrue(run.out().contains("Ring8@17179869184") && run.out().contains("collective.nvlink-efficiency"),
                run.out());
        assertTrue(run.out().contains("not fitted: no case depends on it"), "NIC efficiency: one node has no NIC");
        // The written profile is a valid model a study can select.
        Files.writeString(dir.resolve("study.fabric"), "package calibrate\nstudy Fitted { simulate Ring8 calibration"
                + " Calibrated }\n");
        CliRun validate = CliRun.fabric("validate", "--workspace", dir.toString(), out.toString(),
                dir.resolve("study.fabric").toString(), model.toString());
        assertEquals(ExitCodes.OK, validate.exitCode(), validate.out());
    }

    @Test
    void fitsMeasuredStepTimesOfTrainingWorkloads() throws Exception {
        Path model = copy("small-training.fabric");
        // Step times the engine predicts with NVLink at 80% instead of 88%: tensor parallelism's exposed
        // all-reduces slow down, so a fit from the default profile must meet both within the fit's tolerance.
        CalibrationProfile truth = CalibrationProfile.defaults().with(Calibration.NVLINK_EFFICIENCY, 0.80);
        StringBuilder csv = new StringBuilder("workload,metric,value,source\n");
        for (StudySpec program : Models.programs(model, "small-training.fabric")) {
            TrainingSpec training = (TrainingSpec) program.workloads().get(0);
            double seconds = (double) TrainingSimulator.run(training, truth, TrainingSimulator.SEED).metrics()
                    .get("stepTimeSeconds");
            csv.append(training.name().substring(training.name().lastIndexOf('.') + 1)).append(",step-time,")
                    .append(String.format(Locale.ROOT, "%.6f", seconds)).append(",\"our cluster, 2026-11-30\"\n");
        }
        Path measured = dir.resolve("steps.csv");
        Files.writeString(measured, csv);
        CliRun run = calibrate(model.toString(), "--measured", measured.toString(), "--name", "OurCluster");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        for (String line : run.out().split("\n")) {
            if (line.startsWith("Short:step-time") || line.startsWith("Long:step-time")) {
                double error = Double.parseDouble(line.split("\\s+")[4].replace("%", ""));
                assertTrue(Math.abs(error) < 0.1, line);
            }
        }
        assertTrue(run.out().contains("calibration OurCluster {"), "without --out the profile is printed");
    }

    @Test
    void fitsTheMeasuredThroughputOfAnInferenceDeploymentAndRefusesAStepTimeForIt() throws Exception {
        Path model = copy("small-serving.fabric");
        // Output throughput the engine predicts with NVLink at 80%: the decode steps' tensor-parallel
        // all-reduces slow down, so a fit from the default profile must meet it.
        CalibrationProfile truth = CalibrationProfile.defaults().with(Calibration.NVLINK_EFFICIENCY, 0.80);
        InferenceSpec serve = (InferenceSpec) Models.programs(model, "small-serving.fabric").get(0).workloads().get(0);
        double tokens = ((Number) InferenceRunner.run(serve, truth, 1, dir).metrics().get("outputTokensPerSecond"))
                .doubleValue();
        Path csv = dir.resolve("serving.csv");
        Files.writeString(csv, "workload,metric,value,source\nServe,tokens-per-second,"
                + String.format(Locale.ROOT, "%.3f", tokens) + ",bench\n");
        CliRun run = calibrate(model.toString(), "--measured", csv.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        String row = run.out().lines().filter(l -> l.startsWith("Serve:tokens-per-second")).findFirst().orElseThrow();
        assertTrue(Math.abs(Double.parseDouble(row.split("\\s+")[4].replace("%", ""))) < 0.1, row);

        Files.writeString(csv, "workload,metric,value,source\nServe,step-time,0.5,bench\n");
        CliRun refused = calibrate(model.toString(), "--measured", csv.toString());
        assertEquals(ExitCodes.USAGE, refused.exitCode());
        assertTrue(refused.err().contains(csv + ":2: step-time is a training metric but Serve is an inference"
                + " deployment; measure its tokens-per-second or mfu"), refused.err());
    }

    @Test
    void refusesAMalformedLogWithFileLineAndWhatToDo() throws Exception {
        Path model = copy("dgx-h100.fabric");
        Path log = dir.resolve("broken.log");
        List<String> lines = Files.readAllLines(RESOURCES.resolve("dgx-h100-ring.log"));
        lines.set(20, "dgx-h100-07: Test NCCL failure common.cu:1279 'unhandled cuda error'");
        Files.write(log, lines);
        CliRun run = calibrate(model.toString(), "--nccl-tests", log.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("fabric: " + log + ":21: not an nccl-tests result row")
                && run.err().contains("remove the line"), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void refusesALogInAnotherEncodingAsNotUtf8AndReadsTheSameLogInUtf8() throws Exception {
        Path model = copy("dgx-h100.fabric");
        Path log = dir.resolve("latin1.log");
        // the host name with a Latin-1 e-acute (0xE9), which is no UTF-8 sequence
        String text = Files.readString(RESOURCES.resolve("dgx-h100-ring.log")).replace("dgx-h100-07", "dgx-h100-\u00e9");
        Files.write(log, text.getBytes(StandardCharsets.ISO_8859_1));
        CliRun run = calibrate(model.toString(), "--nccl-tests", log.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("fabric: " + log + ": not UTF-8 text; save it as UTF-8"), run.err());
        Files.write(log, text.getBytes(StandardCharsets.UTF_8));
        assertEquals(ExitCodes.OK, calibrate(model.toString(), "--nccl-tests", log.toString()).exitCode());
    }

    /** A training job's MFU of 0.31 is 31 % written as a fraction: fitted as 0.31 %, it dragged the profile to a bound. */
    @Test
    void refusesATrainingMfuWrittenAsAFraction() throws Exception {
        Path model = copy("small-training.fabric");
        Path csv = dir.resolve("steps.csv");
        Files.writeString(csv, "workload,metric,value,source\nShort,mfu,0.31,x\n");
        CliRun run = calibrate(model.toString(), "--measured", csv.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains(csv + ":2: mfu 0.31 reads as 0.31 %, below any training step's; mfu is in"
                + " percent: write 31 for a fraction of 0.31"), run.err());
    }

    @Test
    void refusesACsvRowNamingAnUnknownWorkload() throws Exception {
        Path model = copy("small-training.fabric");
        Path csv = dir.resolve("steps.csv");
        Files.writeString(csv, "workload,metric,value,source\nShort,step-time,1.5,x\nHuge,step-time,9.0,x\n");
        CliRun run = calibrate(model.toString(), "--measured", csv.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("fabric: " + csv + ":3: unknown workload 'Huge'; name a training or inference"
                + " workload of the model: [Short, Long]"), run.err());
    }

    @Test
    void refusesAProfileWhoseParametersTheCasesDependOnHaveNoBounds() throws Exception {
        Path model = copy("dgx-h100.fabric");
        Path log = copy("dgx-h100-ring.log");
        Files.writeString(dir.resolve("fixed.fabric"), """
                package calibrate
                calibration Fixed {
                    parameter "collective.nvlink-efficiency" 0.88
                    parameter "collective.nvlink-step-overhead" 3.4 us
                    parameter "collective.ring-base-latency" 8.4 us
                }
                """);
        Files.writeString(model, Files.readString(model) + "study S { simulate Ring8 calibration Fixed }\n");
        CliRun run = calibrate(model.toString(), "--profile", "Fixed", "--nccl-tests", log.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("the cases depend on [collective.nvlink-efficiency,"
                + " collective.nvlink-step-overhead, collective.ring-base-latency], which have no bounds"), run.err());
    }

    @Test
    void neverOverwritesTheModelOrAnExistingFileWithoutForce() throws Exception {
        Path model = copy("dgx-h100.fabric");
        Path log = copy("dgx-h100-ring.log");
        CliRun self = calibrate(model.toString(), "--nccl-tests", log.toString(), "--out", model.toString(),
                "--force");
        assertEquals(ExitCodes.USAGE, self.exitCode());
        assertTrue(self.err().contains("is the model itself"), self.err());
        Path existing = Files.writeString(dir.resolve("existing.fabric"), "// mine\n");
        CliRun again = calibrate(model.toString(), "--nccl-tests", log.toString(), "--out", existing.toString());
        assertEquals(ExitCodes.USAGE, again.exitCode());
        assertEquals("// mine\n", Files.readString(existing));
    }

    @Test
    void refusesToRunWithoutMeasurements() throws Exception {
        CliRun run = calibrate(copy("dgx-h100.fabric").toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("nothing to fit"), run.err());
    }

    private static double number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex + " in\n" + text);
        return Double.parseDouble(m.group(1));
    }
}
