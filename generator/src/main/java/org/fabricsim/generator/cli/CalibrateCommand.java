package org.fabricsim.generator.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.EcoreUtil2;
import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.calibration.CalibrationCase;
import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.calibration.FitReport;
import org.fabricsim.runtime.calibration.MeasuredCases;
import org.fabricsim.runtime.calibration.MeasuredCsv;
import org.fabricsim.runtime.calibration.NcclTestsLog;
import org.fabricsim.runtime.calibration.ProfileFitter;
import org.fabricsim.runtime.spec.CollectiveBenchmarkSpec;
import org.fabricsim.runtime.spec.StudySpec;
import org.fabricsim.runtime.spec.WorkloadSpec;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code fabric calibrate}: fits a calibration profile's free parameters to the user's
 * measurements (nccl-tests logs predicted by a benchmark of the model, a CSV of measured training
 * results predicted by the model's training workloads), prints the fit and its leave-one-out
 * error, and writes the fitted profile as {@code .fabric} text (docs/calibration.md).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Fits a calibration profile's free parameters to measurements (nccl-tests logs, a CSV of"
                + " measured step times or MFU), prints each case before and after with its leave-one-out error,"
                + " and writes the fitted profile as a .fabric calibration definition.")
final class CalibrateCommand extends ModelCommand {
    private static final String DEFAULT_PROFILE = "fabric.catalog.calibration.Default";

    @Parameters(paramLabel = "MODEL", description = "the .fabric model whose workloads predict the measurements")
    Path file;

    @Option(names = "--profile", paramLabel = "NAME",
            description = "the calibration to start from and whose free parameters are fitted (default: the catalog's Default)")
    String profileName;

    @Option(names = "--nccl-tests", paramLabel = "LOG", arity = "1..*",
            description = "nccl-tests output files (all_reduce_perf and the like), predicted by --benchmark")
    List<Path> ncclLogs = new ArrayList<>();

    @Option(names = "--benchmark", paramLabel = "NAME",
            description = "the model's benchmark that predicts the nccl-tests rows (default: its only benchmark)")
    String benchmarkName;

    @Option(names = "--measured", paramLabel = "CSV",
            description = "a CSV of measurements of the model's training and inference workloads: "
                    + MeasuredCsv.HEADER)
    Path measured;

    @Option(names = "--out", paramLabel = "FILE", description = "write the fitted profile here (.fabric)")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = "Calibrated",
            description = "the fitted calibration's name (default: ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--date", paramLabel = "YYYY-MM-DD", description = "the date the profile records (default: today)")
    String date;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "seeds the benchmark's ECMP hashing")
    long seed;

    @Option(names = "--force", description = "replace an existing --out file")
    boolean force;

    @Override
    public Integer call() {
        Path typed = ModelWorkspace.requireModelFile(file);
        Path absolute = typed.toAbsolutePath().normalize();
        if (ncclLogs.isEmpty() && measured == null) {
            throw new UserError("nothing to fit: give --nccl-tests LOG (with --benchmark NAME) or --measured FILE.csv",
                    ExitCodes.USAGE);
        }
        if (out != null) {
            OutputFiles.checkOutputs(Map.of("--out", out), absolute, force);
        }
        // Diagnostics name the file as typed, as validate's do.
        ModelWorkspace workspace = loadValid(List.of(typed));
        Model model = workspace.models().get(typed);
        List<WorkloadSpec> workloads = workspace.mapper().toPrograms(model, file.toString()).stream()
                .map(StudySpec::workloads).flatMap(List::stream).distinct().toList();
        CalibrationProfile start = profile(workspace, model);
        List<CalibrationCase> cases = new ArrayList<>();
        try {
            if (!ncclLogs.isEmpty()) {
                CollectiveBenchmarkSpec benchmark = benchmark(workloads);
                for (Path log : ncclLogs) {
                    cases.addAll(MeasuredCases.collective(NcclTestsLog.parse(log.toString(), lines(log)), benchmark, seed));
                }
            }
            if (measured != null) {
                cases.addAll(MeasuredCases.measured(MeasuredCsv.parse(measured.toString(), lines(measured)), workloads,
                        absolute.getParent()));
            }
            String qualified = (model.getName() == null ? "" : model.getName() + ".") + name;
            FitReport report = ProfileFitter.fit(start, cases, qualified, date == null ? LocalDate.now().toString() : date);
            PrintWriter console = spec.commandLine().getOut();
            console.print(FitTable.render(start, report));
            String text = ProfileText.of(report.profile(), model.getName(), name, "Fitted by fabric calibrate from "
                    + start.name() + " on " + String.join(", ", sources()) + ".");
            if (out == null) {
                console.println();
                console.print(text);
            } else {
                OutputFiles.write(out, text, force);
                console.println("wrote " + out);
            }
            console.flush();
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), ExitCodes.USAGE);
        }
        return ExitCodes.OK;
    }

    private List<String> sources() {
        List<String> files = new ArrayList<>();
        ncclLogs.forEach(log -> files.add(log.getFileName().toString()));
        if (measured != null) {
            files.add(measured.getFileName().toString());
        }
        return files;
    }

    /** The starting profile: the catalog's default, or a calibration of the model's resource set by simple or qualified name. */
    private CalibrationProfile profile(ModelWorkspace workspace, Model model) {
        if (profileName == null || profileName.equals(DEFAULT_PROFILE) || profileName.equals("Default")) {
            return CalibrationProfile.defaults();
        }
        List<String> known = new ArrayList<>();
        for (Resource resource : model.eResource().getResourceSet().getResources()) {
            for (Calibration calibration : EcoreUtil2.<Calibration>typeSelect(
                    EcoreUtil2.eAllContentsAsList(resource), Calibration.class)) {
                CalibrationProfile profile = workspace.mapper().toCalibration(calibration);
                if (profile.name().equals(profileName) || calibration.getName().equals(profileName)) {
                    return profile;
                }
                known.add(profile.name());
            }
        }
        known.add(DEFAULT_PROFILE);
        throw new UserError(file + ": no calibration named '" + profileName + "'; choose one of " + known,
                ExitCodes.USAGE);
    }

    private CollectiveBenchmarkSpec benchmark(List<WorkloadSpec> workloads) {
        List<CollectiveBenchmarkSpec> benchmarks = workloads.stream().filter(CollectiveBenchmarkSpec.class::isInstance)
                .map(CollectiveBenchmarkSpec.class::cast).toList();
        List<String> names = benchmarks.stream().map(b -> b.name().substring(b.name().lastIndexOf('.') + 1)).toList();
        if (benchmarkName == null && benchmarks.size() == 1) {
            return benchmarks.get(0);
        }
        if (benchmarkName == null) {
            throw new UserError(file + ": name the benchmark that predicts the nccl-tests rows with --benchmark; the"
                    + " model has " + names, ExitCodes.USAGE);
        }
        return benchmarks.stream().filter(b -> b.name().equals(benchmarkName) || b.name().endsWith("." + benchmarkName))
                .findFirst().orElseThrow(() -> new UserError(file + ": no benchmark named '" + benchmarkName
                        + "'; choose one of " + names, ExitCodes.USAGE));
    }

    private static List<String> lines(Path path) {
        try {
            return Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            // the decoder's own words were "cannot read (Input length = 1)"
            throw new UserError(path + ": not UTF-8 text; save it as UTF-8 (an nccl-tests log or a CSV of digits and"
                    + " commas is the same in every encoding but for its names and comments)", ExitCodes.USAGE);
        } catch (IOException e) {
            throw new UserError(path + ": cannot read (" + e.getMessage() + ")", ExitCodes.USAGE);
        }
    }
}
