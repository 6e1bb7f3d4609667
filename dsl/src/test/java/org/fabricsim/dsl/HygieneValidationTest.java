package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/**
 * A definition nothing uses is an info in a file that runs something, and nothing where it is used or where the
 * file only defines (a file of definitions exists to be imported).
 */
class HygieneValidationTest extends FabricModelTest {
    private static final String FILE = """
            import fabric.catalog.intel.*
            import fabric.catalog.standards.*
            cluster Gaudi { nodes 4 x Gaudi3_HLS scale-out RoCEv2_200 single-switch %s }
            cost Rent { accelerator-hour $2/h }
            %s
            """;
    private static final String BENCHMARK = "benchmark Sweep { all-reduce ring on Gaudi sizes 1 MiB }";

    private List<Issue> unused(Model model) {
        return validation.validate(model).stream().filter(i -> IssueCodes.UNUSED.equals(i.getCode())).toList();
    }

    @Test
    void shouldSayACostNothingUsesIsUnused() throws Exception {
        Model model = parser.parse(FILE.formatted("", BENCHMARK));
        validation.assertIssue(model, Literals.COST, IssueCodes.UNUSED, Severity.INFO,
                "Rent is defined but nothing uses it");
        assertEquals(1, unused(model).size(), "the cluster is used by the benchmark");
    }

    @Test
    void shouldStayQuietOnACostItsClusterUses() throws Exception {
        assertEquals(List.of(), unused(parser.parse(FILE.formatted("cost Rent", BENCHMARK))));
    }

    @Test
    void shouldStayQuietInAFileThatOnlyDefines() throws Exception {
        assertEquals(List.of(), unused(parser.parse(FILE.formatted("", ""))));
    }
}
