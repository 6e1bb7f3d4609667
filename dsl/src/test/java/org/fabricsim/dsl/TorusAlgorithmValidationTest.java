package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** The bucket algorithm runs where the torus's dimensions can carry it, and is refused with the fix elsewhere. */
class TorusAlgorithmValidationTest extends FabricModelTest {
    /**
     * 16 hosts of 4 chips: 64 chips on a 4 x 4 x 4 torus, whose leading dimensions hold 4, 16 and 64 chips;
     * and 16 sketched nodes of 4 on one switch.
     */
    private static final String PARTS = """
            import fabric.catalog.nvidia.*
            fabric Ici { vendor NVIDIA scope scale-out open-standard link 50 GB/s }
            node Host { accelerators 4 x H100_SXM }
            cluster Pod { nodes 16 x Host scale-out Ici torus 4 x 4 x 4 }
            cluster Switched { nodes 16 x 4 accelerators link 400 Gb/s latency 1 us }
            """;

    private List<Issue> bucket(String benchmark) throws Exception {
        return issues(benchmark).stream().filter(issue -> IssueCodes.BUCKET_UNAVAILABLE.equals(issue.getCode())).toList();
    }

    private List<Issue> issues(String benchmark) throws Exception {
        return validation.validate(parser.parse(PARTS + "benchmark Sweep { " + benchmark + " sizes 1 MiB to 1 GiB }"));
    }

    private List<Issue> errors(String benchmark) throws Exception {
        return issues(benchmark).stream().filter(issue -> issue.getSeverity() == Severity.ERROR).toList();
    }

    @Test
    void shouldRunTheBucketOnRanksThatFillLeadingDimensions() throws Exception {
        // 4 hosts = 16 chips = dimensions 0 and 1; 16 hosts = all 64. No error at all (only the unused cluster's info).
        assertEquals(List.of(), errors("all-reduce bucket on Pod nodes 4"));
        assertEquals(List.of(), errors("reduce-scatter bucket on Pod nodes 16"));
    }

    @Test
    void shouldRefuseTheBucketOnRanksThatFillNoLeadingDimension() throws Exception {
        // 2 hosts = 8 chips: 4 fills dimension 0, 16 dimensions 0 and 1; 8 fills neither.
        List<Issue> issues = bucket("all-gather bucket on Pod nodes 2");
        assertEquals(1, issues.size());
        assertTrue(issues.get(0).getMessage().contains("the 8 ranks fill none of Pod's (4, 16, 64 accelerators do)"),
                issues.get(0).getMessage());
        assertEquals(List.of("auto"), List.of(issues.get(0).getData()));
    }

    @Test
    void shouldRefuseTheBucketOffATorus() throws Exception {
        assertTrue(bucket("all-reduce bucket on Switched nodes 16").get(0).getMessage()
                .contains("Switched's scale-out is no torus"));
    }

    @Test
    void shouldLeaveAnotherOperationToTheAlgorithmOperationCheck() throws Exception {
        // bucket has no all-to-all schedule: one error, the operation's (fabric.workload.algorithm-operation)
        List<Issue> all = errors("all-to-all bucket on Pod nodes 16");
        assertEquals(List.of(IssueCodes.ALGORITHM_OPERATION), all.stream().map(Issue::getCode).toList(), all::toString);
    }
}
