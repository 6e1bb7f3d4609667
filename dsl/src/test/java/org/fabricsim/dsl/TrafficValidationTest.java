package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.runtime.inference.DataFileCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Inject;
import com.google.inject.Injector;
import com.google.inject.Provider;

/** Traffic files and length distributions: each rule once where it fires and once where it does not. */
class TrafficValidationTest extends FabricModelTest {

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    @Inject
    private Injector injector;

    @TempDir
    Path dir;

    /** A serving deployment with {@code traffic} inside its traffic block, saved as {@code dir/serve.fabric}. */
    private Model serving(String traffic) throws Exception {
        return parser.parse("""
                cluster C { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                model M transformer { layers 2 hidden 64 heads 4 vocab 100 }
                inference Serve {
                    model M on C
                    serving pool { replicas 1 parallel tensor 8 }
                    traffic { %s }
                }
                """.formatted(traffic), URI.createFileURI(dir.resolve("serve.fabric").toString()), resourceSets.get());
    }

    @Test
    void shouldRejectATraceFileThatDoesNotExistBesideTheModel() throws Exception {
        validation.assertError(serving("arrival trace \"nope.csv\" prompt fixed 10 output fixed 10"),
                Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE,
                "The trace file 'nope.csv' does not exist: looked for " + dir.resolve("nope.csv"));
    }

    @Test
    void shouldAcceptATraceFileBesideTheModel() throws Exception {
        Files.writeString(dir.resolve("day1.csv"), "0.0,100,20\n");
        validation.assertNoIssue(serving("arrival trace \"day1.csv\" prompt fixed 10 output fixed 10"),
                Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE);
    }

    @Test
    void shouldRejectATraceRowTheRunWouldRefuseNamingItsLine() throws Exception {
        // Line 1 a comment, line 2 a good row, line 3 the row the run refuses: -7 prompt tokens.
        Files.writeString(dir.resolve("day1.csv"), "# timestamp seconds, prompt tokens, output tokens\n0.0,100,20\n0.5,-7,20\n");
        validation.assertError(serving("arrival trace \"day1.csv\" prompt fixed 10 output fixed 10"),
                Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE, "The run would refuse the trace file 'day1.csv': "
                        + dir.resolve("day1.csv") + ":3: prompt tokens must be a whole number from 0 to 2147483647,"
                        + " not '-7'.");
    }

    @Test
    void shouldShowTheRefusalOfATraceEditedSinceTheLastValidation() throws Exception {
        // Validated clean, then a third row the run refuses appended (the file grows, so the check reads it again).
        Files.writeString(dir.resolve("day1.csv"), "0.0,100,20\n0.5,120,30\n");
        Model model = serving("arrival trace \"day1.csv\" prompt fixed 10 output fixed 10");
        validation.assertNoIssue(model, Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE);
        Files.writeString(dir.resolve("day1.csv"), "0.0,100,20\n0.5,120,30\n1.0,-7,20\n");
        validation.assertError(model, Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE, "The run would refuse the"
                + " trace file 'day1.csv': " + dir.resolve("day1.csv") + ":3: prompt tokens must be a whole number"
                + " from 0 to 2147483647, not '-7'.");
    }

    @Test
    void shouldKeepTheCheckedTracesInTheLanguagesInjectorOnly() throws Exception {
        // A trace the run refuses at line 2, validated, then rows the run reads written in its place with the same
        // 22 characters and the same time: the injector's check answers what the validation kept, so the validator
        // used that check; another injector's (another language server's) kept nothing and reads the rows now there.
        Path trace = Files.writeString(dir.resolve("day1.csv"), "0.0,100,20\nNaN,100,20\n");
        String refusal = trace + ":2: not a number in 'NaN,100,20'";
        validation.assertError(serving("arrival trace \"day1.csv\" prompt fixed 10 output fixed 10"),
                Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE, refusal);
        FileTime modified = Files.getLastModifiedTime(trace);
        Files.writeString(trace, "0.0,100,20\n1.0,100,20\n");
        Files.setLastModifiedTime(trace, modified);
        assertEquals(Optional.of(refusal), injector.getInstance(DataFileCheck.class).traceProblem(trace));
        assertEquals(Optional.empty(),
                new FabricStandaloneSetup().createInjector().getInstance(DataFileCheck.class).traceProblem(trace));
    }

    @Test
    void shouldAcceptATraceWithAByteOrderMarkAHeaderAndWindowsLineEnds() throws Exception {
        Files.writeString(dir.resolve("day1.csv"), "\uFEFFtimestamp,prompt,output\r\n0.0,100,20\r\n0.5,120,30\r\n");
        validation.assertNoIssue(serving("arrival trace \"day1.csv\" prompt fixed 10 output fixed 10"),
                Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE);
    }

    @Test
    void shouldLeaveATraceOverOneMebibyteToTheRunWithAnInfo() throws Exception {
        // A sparse file of 1.5 MiB (1,572,864 bytes): past the 1 MiB the editor reads, so only its size is looked at.
        try (RandomAccessFile big = new RandomAccessFile(dir.resolve("big.csv").toFile(), "rw")) {
            big.setLength(3L << 19);
        }
        validation.assertIssue(serving("arrival trace \"big.csv\" prompt fixed 10 output fixed 10"),
                Literals.TRACE_ARRIVAL, IssueCodes.TRAFFIC_FILE, Severity.INFO,
                "The trace file 'big.csv' is 1.5 MiB, more than the 1 MiB the editor reads; its rows are checked"
                        + " when the run starts.");
    }

    @Test
    void shouldRejectALengthFileWithAFractionalCountNamingItsLine() throws Exception {
        // Line 2's second value, 12.5, is not a whole number of tokens.
        Files.writeString(dir.resolve("prompts.txt"), "100 200\n300 12.5\n");
        validation.assertError(serving("arrival poisson 1 /s prompt empirical \"prompts.txt\" output fixed 10"),
                Literals.EMPIRICAL_DISTRIBUTION, IssueCodes.TRAFFIC_FILE, dir.resolve("prompts.txt")
                        + ":2: a token count must be a whole number from 0 to 2147483647, not '12.5'.");
    }

    @Test
    void shouldRejectALengthFileThatDoesNotExist() throws Exception {
        validation.assertError(serving("arrival poisson 1 /s prompt empirical \"lengths/prompts.txt\" output fixed 10"),
                Literals.EMPIRICAL_DISTRIBUTION, IssueCodes.TRAFFIC_FILE, "The length file 'lengths/prompts.txt'");
    }

    @Test
    void shouldAcceptALengthFileBesideTheModel() throws Exception {
        Files.createDirectories(dir.resolve("lengths"));
        Files.writeString(dir.resolve("lengths/prompts.txt"), "100 200 300\n");
        validation.assertNoIssue(serving("arrival poisson 1 /s prompt empirical \"lengths/prompts.txt\" output fixed 10"),
                Literals.EMPIRICAL_DISTRIBUTION, IssueCodes.TRAFFIC_FILE);
    }

    @Test
    void shouldRejectAUniformRangeWhoseMinimumIsAboveItsMaximum() throws Exception {
        validation.assertError(serving("arrival poisson 1 /s prompt uniform 500 to 100 output fixed 10"),
                Literals.UNIFORM_DISTRIBUTION, IssueCodes.DISTRIBUTION_PARAMETERS,
                "'uniform 500 to 100' has its minimum above its maximum; write 'uniform 100 to 500'.");
    }

    @Test
    void shouldAcceptAUniformRangeOfOneValue() throws Exception {
        validation.assertNoIssue(serving("arrival poisson 1 /s prompt uniform 100 to 100 output fixed 10"),
                Literals.UNIFORM_DISTRIBUTION, IssueCodes.DISTRIBUTION_PARAMETERS);
    }

    @Test
    void shouldRejectALognormalWithZeroMedianOrSigma() throws Exception {
        Model model = serving("arrival poisson 1 /s prompt lognormal median 0 sigma 0.5 output lognormal median 300 sigma 0");
        validation.assertError(model, Literals.LOGNORMAL_DISTRIBUTION, IssueCodes.DISTRIBUTION_PARAMETERS,
                "needs a median of at least 1 token");
        validation.assertError(model, Literals.LOGNORMAL_DISTRIBUTION, IssueCodes.DISTRIBUTION_PARAMETERS,
                "needs a positive sigma; for lengths that do not vary write 'fixed 300'");
    }

    @Test
    void shouldAcceptALognormalWithPositiveMedianAndSigma() throws Exception {
        validation.assertNoIssue(serving("arrival poisson 1 /s prompt lognormal median 2000 sigma 0.8 output fixed 10"),
                Literals.LOGNORMAL_DISTRIBUTION, IssueCodes.DISTRIBUTION_PARAMETERS);
    }
}
