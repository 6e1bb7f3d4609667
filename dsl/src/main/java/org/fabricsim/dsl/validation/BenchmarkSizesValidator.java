package org.fabricsim.dsl.validation;

import java.util.Locale;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.model.Written;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * A benchmark's message sizes: each at most {@link #MAX_BYTES} (1 TiB, far above what nccl-tests
 * sweeps, and small enough that no simulated time overflows), and a sweep {@code sizes A to B}
 * that goes up, so that it holds at least one size, by a written {@code factor} of at least 2, each size of at least
 * one byte. Sizes of another dimension are left to the units check. A collective benchmark needs its sizes; an
 * expert-parallel one takes none
 * ({@link ExpertKernelValidator}).
 */
public class BenchmarkSizesValidator extends FabricCheck {
    /** The largest message a benchmark may send: 1 TiB. */
    public static final double MAX_BYTES = Math.pow(2, 40);
    private static final String TOO_LARGE = "A benchmark message must be at most 1 TiB; nccl-tests sweeps"
            + " go up to a few GiB.";

    @Check
    public void checkBenchmarkSizesWritten(Benchmark benchmark) {
        if (benchmark.getExpertParallel() == null && benchmark.getSizes().isEmpty()) {
            error("A collective benchmark runs at the message sizes it names: write 'sizes 1 MiB to 1 GiB', or one"
                    + " or more sizes ('sizes 1 MiB, 16 MiB').", benchmark, Literals.ELEMENT__NAME,
                    IssueCodes.BENCHMARK_SIZES_MISSING);
        }
    }

    @Check
    public void checkBenchmarkSweepFactorAtLeastTwo(Benchmark benchmark) {
        if (Written.written(benchmark, Literals.BENCHMARK__FACTOR) && benchmark.getFactor() < 2) {
            error("A sweep multiplies each size by its factor to reach the next, so the factor must be at least 2"
                    + " (" + benchmark.getFactor() + " never reaches the last size); nccl-tests' default is 2.",
                    benchmark, Literals.BENCHMARK__FACTOR, IssueCodes.SWEEP_FACTOR, "2");
        }
    }

    @Check
    public void checkBenchmarkSizesWithinLimit(Benchmark benchmark) {
        for (int i = 0; i < benchmark.getSizes().size(); i++) {
            if (tooLarge(benchmark.getSizes().get(i))) {
                error(TOO_LARGE, benchmark, Literals.BENCHMARK__SIZES, i, IssueCodes.SIZE_TOO_LARGE);
            }
        }
        if (tooLarge(benchmark.getUpTo())) {
            error(TOO_LARGE, benchmark, Literals.BENCHMARK__UP_TO, IssueCodes.SIZE_TOO_LARGE);
        }
    }

    /**
     * A message is whole bytes (the mapper rounds a size to the nearest byte), so a positive size below half a byte
     * would run a message of 0 bytes, which the run refused as an internal error ({@code sizes 0.000000001 MiB},
     * session 63's campaign). A size of 0 or below is {@link IssueCodes#NOT_POSITIVE}'s.
     */
    @Check
    public void checkBenchmarkSizesWholeBytes(Benchmark benchmark) {
        for (int i = 0; i < benchmark.getSizes().size(); i++) {
            tooSmall(benchmark, Literals.BENCHMARK__SIZES, i, benchmark.getSizes().get(i));
        }
        tooSmall(benchmark, Literals.BENCHMARK__UP_TO, -1, benchmark.getUpTo());
    }

    private void tooSmall(Benchmark benchmark, EStructuralFeature feature, int index, Quantity size) {
        double bytes = size(size);
        if (bytes > 0 && Math.round(bytes) < 1) {
            error("A benchmark message holds at least 1 byte, and " + size.getValue() + " "
                    + size.getUnit().getLiteral() + " is " + String.format(Locale.ROOT, "%.2g", bytes)
                    + " B: write a size of 1 B or more.",
                    benchmark, feature, index, IssueCodes.SIZE_TOO_SMALL);
        }
    }

    @Check
    public void checkBenchmarkSweepAscending(Benchmark benchmark) {
        if (size(benchmark.getUpTo()) > 0 && !benchmark.getSizes().isEmpty()
                && size(benchmark.getSizes().get(0)) > size(benchmark.getUpTo())) {
            error("This sweep holds no size: it starts above where it ends. Write the smaller size first"
                    + " ('sizes 1 MiB to 1 GiB').", benchmark, Literals.BENCHMARK__UP_TO, IssueCodes.SWEEP_DESCENDING);
        }
    }

    private static boolean tooLarge(Quantity size) {
        return size(size) > MAX_BYTES;
    }

    /** The size in bytes, or -1 when it is missing or not a data size. */
    private static double size(Quantity size) {
        return size == null || size.getValue() == null || Units.dimensionOf(size) != Dimension.DATA_SIZE ? -1
                : Units.toBase(size);
    }
}
