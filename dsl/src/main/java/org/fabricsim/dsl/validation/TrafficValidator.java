package org.fabricsim.dsl.validation;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.EmpiricalDistribution;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.LognormalDistribution;
import org.fabricsim.dsl.fabric.TraceArrival;
import org.fabricsim.dsl.fabric.UniformDistribution;
import org.fabricsim.dsl.mapping.ModelFiles;
import org.fabricsim.runtime.inference.DataFileCheck;

import com.google.inject.Inject;

/**
 * An inference deployment's traffic, checked before anything runs: the trace and length files it
 * names exist and are readable (a relative path is read beside the model's own file, as the
 * simulation reads it; a model not saved as a file checks absolute paths only) and hold what the run
 * accepts, read by the run's own parsing ({@link DataFileCheck}: the same sentence, naming the data
 * file's line) for a file of at most {@value #CONTENT_CHECK_LIMIT_BYTES} bytes (1 MiB, about 72,000
 * rows; a larger one is left to the run with an info). The check reads the file whole, as the run
 * does, in time linear in its size: timed ad hoc 2026-12-07 at commit d4853acd on a shared 2-core machine
 * under load 4, a 1 MiB trace took 54-250 ms once warm, 4 MiB 0.36-1.4 s and 64 MiB 4.1-6.2 s, which would
 * stall the language server; {@link DataFileCheck} keeps its answer until the file's size or time changes,
 * so an edit of the model alone costs microseconds (docs/performance.md, "Data files checked once"). A
 * uniform range runs from its minimum to its maximum, and a lognormal has a median of at least one token and a positive sigma.
 */
public class TrafficValidator extends FabricCheck {
    /** The largest data file whose rows the editor reads: 1 MiB. */
    static final long CONTENT_CHECK_LIMIT_BYTES = 1L << 20;

    /** The language's one check of data files, whose answers its validations share ({@code FabricRuntimeModule}). */
    @Inject
    private DataFileCheck dataFiles;

    @Check
    public void checkTraceArrivalFileReadsAsTheRunReadsIt(TraceArrival trace) {
        checkFile("trace file", trace, trace.getFile(), Literals.TRACE_ARRIVAL__FILE, dataFiles::traceProblem);
    }

    @Check
    public void checkEmpiricalDistributionFileReadsAsTheRunReadsIt(EmpiricalDistribution empirical) {
        checkFile("length file", empirical, empirical.getFile(), Literals.EMPIRICAL_DISTRIBUTION__FILE,
                dataFiles::lengthsProblem);
    }

    @Check
    public void checkUniformDistributionRange(UniformDistribution uniform) {
        if (uniform.getMin() > uniform.getMax()) {
            error("'uniform " + uniform.getMin() + " to " + uniform.getMax() + "' has its minimum above its maximum;"
                    + " write 'uniform " + uniform.getMax() + " to " + uniform.getMin() + "'.", uniform,
                    Literals.UNIFORM_DISTRIBUTION__MIN, IssueCodes.DISTRIBUTION_PARAMETERS);
        }
    }

    @Check
    public void checkLognormalDistributionParameters(LognormalDistribution lognormal) {
        if (lognormal.getMedian() < 1) {
            error("A lognormal length needs a median of at least 1 token.", lognormal,
                    Literals.LOGNORMAL_DISTRIBUTION__MEDIAN, IssueCodes.DISTRIBUTION_PARAMETERS);
        }
        if (lognormal.getSigma() != null && new BigDecimal(lognormal.getSigma()).signum() <= 0) {
            error("A lognormal length needs a positive sigma; for lengths that do not vary write 'fixed "
                    + Math.max(1, lognormal.getMedian()) + "'.", lognormal, Literals.LOGNORMAL_DISTRIBUTION__SIGMA,
                    IssueCodes.DISTRIBUTION_PARAMETERS);
        }
    }

    private void checkFile(String what, EObject owner, String written, EStructuralFeature feature,
            Function<Path, Optional<String>> runRefusal) {
        if (written == null || written.isBlank()) {
            error("Name the " + what + ".", owner, feature, IssueCodes.TRAFFIC_FILE);
            return;
        }
        Path file = Path.of(ModelFiles.besideModel(owner, written));
        if (!file.isAbsolute()) {
            return;
        }
        String where = Path.of(written).isAbsolute() ? "" : " (a relative path is read beside this .fabric file)";
        if (!Files.exists(file)) {
            error("The " + what + " '" + written + "' does not exist: looked for " + file + where
                    + ". Correct the path, or put the file there.", owner, feature, IssueCodes.TRAFFIC_FILE);
        } else if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            error("The " + what + " '" + written + "' (" + file + ") is not a readable file.", owner, feature,
                    IssueCodes.TRAFFIC_FILE);
        } else {
            checkContents(what, owner, written, feature, file, runRefusal);
        }
    }

    /** The run's refusal of the readable {@code file}'s rows, when it is small enough to read while editing. */
    private void checkContents(String what, EObject owner, String written, EStructuralFeature feature, Path file,
            Function<Path, Optional<String>> runRefusal) {
        long sizeBytes;
        try {
            sizeBytes = Files.size(file);
        } catch (IOException e) {
            error("The " + what + " '" + written + "' (" + file + ") cannot be read: " + e.getMessage() + ".", owner,
                    feature, IssueCodes.TRAFFIC_FILE);
            return;
        }
        if (sizeBytes > CONTENT_CHECK_LIMIT_BYTES) {
            info(String.format(Locale.ROOT, "The %s '%s' is %.1f MiB, more than the %d MiB the editor reads; its rows"
                    + " are checked when the run starts.", what, written, sizeBytes / (double) (1 << 20),
                    CONTENT_CHECK_LIMIT_BYTES >> 20), owner, feature, IssueCodes.TRAFFIC_FILE);
            return;
        }
        runRefusal.apply(file).ifPresent(refusal -> error("The run would refuse the " + what + " '" + written
                + "': " + refusal + ".", owner, feature, IssueCodes.TRAFFIC_FILE));
    }
}
