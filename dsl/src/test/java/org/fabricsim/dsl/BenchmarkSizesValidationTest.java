package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Benchmark;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** A benchmark's sizes: each at most 1 TiB (2^40 B) and of at least one byte, and a sweep that goes up by a factor of
 * at least 2. */
class BenchmarkSizesValidationTest extends FabricModelTest {

    private Model sizes(String sizes) throws Exception {
        return parser.parse("""
                cluster Pair { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }
                benchmark Sweep { all-reduce ring on Pair sizes %s }
                """.formatted(sizes));
    }

    private Set<String> codes(Model model) {
        return validation.validate(model).stream().map(Issue::getCode).collect(Collectors.toSet());
    }

    @Test
    void shouldRejectAMessageAboveOneTebibyteAndAcceptOneAtIt() throws Exception {
        validation.assertError(sizes("1 MiB, 2 TiB"), Literals.BENCHMARK, IssueCodes.SIZE_TOO_LARGE,
                "A benchmark message must be at most 1 TiB");
        validation.assertError(sizes("1 MiB to 2 TiB"), Literals.BENCHMARK, IssueCodes.SIZE_TOO_LARGE,
                "A benchmark message must be at most 1 TiB");
        assertFalse(codes(sizes("1 MiB, 1 TiB")).contains(IssueCodes.SIZE_TOO_LARGE));
    }

    @Test
    void shouldRejectAMessageThatRoundsToNoByteAndAcceptOneOfHalfAByteOrMore() throws Exception {
        // 0.000000001 MiB = 2^20 × 1e-9 B = 0.00105 B, rounds to 0 bytes; 0.5 B rounds to 1
        validation.assertError(sizes("1 MiB, 0.000000001 MiB"), Literals.BENCHMARK, IssueCodes.SIZE_TOO_SMALL,
                "0.000000001 MiB is 0.0010 B");
        validation.assertError(sizes("0.000000001 MiB to 1 GiB"), Literals.BENCHMARK, IssueCodes.SIZE_TOO_SMALL,
                "holds at least 1 byte");
        assertFalse(codes(sizes("0.5 B, 1 B")).contains(IssueCodes.SIZE_TOO_SMALL));
        assertFalse(codes(sizes("1 B to 1 GiB")).contains(IssueCodes.SIZE_TOO_SMALL));
    }

    @Test
    void shouldRejectASweepThatStartsAboveItsEnd() throws Exception {
        validation.assertError(sizes("2 GiB to 1 GiB"), Literals.BENCHMARK, IssueCodes.SWEEP_DESCENDING,
                "it starts above where it ends");
        assertFalse(codes(sizes("1 GiB to 2 GiB")).contains(IssueCodes.SWEEP_DESCENDING));
    }

    @Test
    void shouldRejectASweepFactorBelowTwoAndAcceptTwoAndAnUnwrittenOne() throws Exception {
        // Each size is the last times the factor: 1 repeats 1 MiB forever, 0 falls to 0 B; neither reaches 1 GiB.
        validation.assertError(sizes("1 MiB to 1 GiB factor 1"), Literals.BENCHMARK, IssueCodes.SWEEP_FACTOR,
                "the factor must be at least 2 (1 never reaches the last size)");
        validation.assertError(sizes("1 MiB to 1 GiB factor 0"), Literals.BENCHMARK, IssueCodes.SWEEP_FACTOR,
                "the factor must be at least 2 (0 never reaches the last size)");
        assertFalse(codes(sizes("1 MiB to 1 GiB factor 2")).contains(IssueCodes.SWEEP_FACTOR));
        assertFalse(codes(sizes("1 MiB to 1 GiB")).contains(IssueCodes.SWEEP_FACTOR));
    }

    @Test
    void shouldMapTheWrittenFactorAndRefuseToMapOneBelowTwoInsteadOfSubstitutingTwo() throws Exception {
        // 1 MiB to 64 MiB by 4: 1, 4, 16, 64 MiB (2^20, 2^22, 2^24, 2^26 B); unwritten, the factor is 2 (7 sizes).
        assertEquals(List.of(1L << 20, 1L << 22, 1L << 24, 1L << 26), mappedSizes(sizes("1 MiB to 64 MiB factor 4")));
        assertEquals(7, mappedSizes(sizes("1 MiB to 64 MiB")).size());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> mappedSizes(sizes("1 MiB to 64 MiB factor 1")));
        assertEquals("a sweep's factor is at least 2, not 1", refused.getMessage());
    }

    private List<Long> mappedSizes(Model model) {
        return mapper.toBenchmark(EcoreUtil2.typeSelect(model.getElements(), Benchmark.class).get(0)).sizesBytes();
    }
}
