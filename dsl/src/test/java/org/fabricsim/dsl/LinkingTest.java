package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.apache.log4j.Level;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.testing.logging.LoggingTester;
import org.eclipse.xtext.validation.CompositeEValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.linking.FabricLinkingDiagnostics;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

/** Names resolve across packages and the catalog; unresolved names say what to do. */
class LinkingTest extends FabricModelTest {

    private static final String NODE_OF_H100 = """
            node Box {
                accelerators 8 x H100_SXM
            }
            """;

    /** Errors only: other rules (an unused definition, say) may add warnings and infos. */
    private List<Issue> errors(Model model) {
        return validation.validate(model).stream().filter(i -> i.getSeverity() == Severity.ERROR).toList();
    }

    @Test
    void shouldResolveCatalogNamesThroughAnImport() throws Exception {
        Model model = parser.parse("import fabric.catalog.nvidia.*\n" + NODE_OF_H100);
        validation.assertNoErrors(model);
    }

    @Test
    void shouldNameThePackageToImportForACatalogNameWithoutItsImport() throws Exception {
        List<Issue> issues = errors(parser.parse(NODE_OF_H100));
        assertEquals(1, issues.size(), issues::toString);
        Issue issue = issues.get(0);
        assertEquals(IssueCodes.MISSING_IMPORT, issue.getCode());
        assertEquals("No accelerator 'H100_SXM' is visible here; it is defined in package fabric.catalog.nvidia."
                + " Add 'import fabric.catalog.nvidia.*'.", issue.getMessage());
        assertArrayEquals(new String[] { "fabric.catalog.nvidia" }, issue.getData());
    }

    @Test
    void shouldSuggestTheClosestVisibleName() throws Exception {
        List<Issue> issues = errors(parser.parse("""
                cluster Small { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                benchmark Bench { all-reduce ring on Smal sizes 1 MiB }
                """));
        assertEquals(1, issues.size(), issues::toString);
        assertEquals(IssueCodes.UNRESOLVED_NAME, issues.get(0).getCode());
        assertEquals("No cluster named 'Smal' is visible here. Did you mean 'Small'?", issues.get(0).getMessage());
    }

    /**
     * The catalog's 400 Gb/s RoCE fabric is 'RoCEv2'; 'RoCEv2_400' is one edit from 'RoCEv2_200' (suggested) and four
     * from 'RoCEv2': the message names the family's other members, so the rate meant can be picked.
     */
    @Test
    void shouldNameTheSuggestionsFamilyWhereAVariantDoesNotExist() throws Exception {
        List<Issue> issues = errors(parser.parse("""
                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                cluster C { nodes 2 x DGX_H100 scale-out RoCEv2_400 single-switch }
                """));
        assertEquals(1, issues.size(), issues::toString);
        assertEquals("No fabric named 'RoCEv2_400' is visible here. Did you mean 'RoCEv2_200'? Its family also has"
                + " 'RoCEv2', 'RoCEv2_800'.", issues.get(0).getMessage());
        assertArrayEquals(new String[] { "RoCEv2_200" }, issues.get(0).getData());
    }

    /** The nearest-name rule ignores case: 'SMALL' is 'Small' with no edit (the linker's own rule before, kept). */
    @Test
    void shouldSuggestAVisibleNameWrittenInAnotherCase() throws Exception {
        List<Issue> issues = errors(parser.parse("""
                cluster Small { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                benchmark Bench { all-reduce ring on SMALL sizes 1 MiB }
                """));
        assertEquals("No cluster named 'SMALL' is visible here. Did you mean 'Small'?", issues.get(0).getMessage());
    }

    /**
     * One rule for every suggestion ({@link FabricLinkingDiagnostics#nearest}): edits counted without case, then
     * fewer edits with case ('Gbps' is 1 edit from 'Gb/s' and 2 from 'GB/s'), then natural order whatever the
     * order of the candidates ('at' is 1 edit from 'bat' and from 'cat'); nothing beyond the distance allowed.
     */
    @Test
    void shouldBreakTiesOfTheNearestNameByCasedEditsThenNaturalOrder() {
        assertEquals(Optional.of("Gb/s"), FabricLinkingDiagnostics.nearest(Stream.of("GB/s", "Gb/s"), "Gbps", 2));
        assertEquals(Optional.of("GB/s"), FabricLinkingDiagnostics.nearest(Stream.of("Gb/s", "GB/s"), "GB/S", 2));
        assertEquals(Optional.of("bat"), FabricLinkingDiagnostics.nearest(Stream.of("cat", "bat"), "at", 1));
        assertEquals(Optional.of("bat"), FabricLinkingDiagnostics.nearest(Stream.of("bat", "cat"), "at", 1));
        assertEquals(Optional.empty(), FabricLinkingDiagnostics.nearest(Stream.of("cat"), "dog", 2));
    }

    @Test
    void shouldNotSuggestANameThatIsFarAway() throws Exception {
        List<Issue> issues = errors(parser.parse("""
                cluster Small { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                benchmark Bench { all-reduce ring on Enormous sizes 1 MiB }
                """));
        assertEquals("No cluster named 'Enormous' is visible here. Define it, or import the package that defines it.",
                issues.get(0).getMessage());
    }

    @Test
    void shouldSeeDefinitionsOfTheSamePackageInAnotherFileWithoutAnImport() throws Exception {
        Model cluster = parser.parse("""
                package team.shared
                cluster Small { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                """);
        Model benchmark = parser.parse("""
                package team.shared
                benchmark Bench { all-reduce ring on Small sizes 1 MiB }
                """, cluster.eResource().getResourceSet());
        validation.assertNoErrors(benchmark);
    }

    /**
     * A file of package team.shared imports the catalog's H100_SXM, and another file of team.shared defines its own
     * H100_SXM: the simple name answers to both, so it resolves to neither. The message said "Add 'import
     * fabric.catalog.nvidia.*'", the import the file has (session 71); it now names the other definition and its file,
     * and passes the qualified name for the quick fix.
     */
    @Test
    void shouldNameTheOtherDefinitionWhenAnImportedNameIsAmbiguous() throws Exception {
        Model own = parser.parse("""
                package team.shared
                accelerator H100_SXM { vendor V compute bf16 989 TFLOPS memory 80 GB bandwidth 3.35 TB/s }
                vendor V
                """);
        Model box = parser.parse("package team.shared\nimport fabric.catalog.nvidia.*\n" + NODE_OF_H100,
                own.eResource().getResourceSet());
        List<Issue> issues = errors(box);
        assertEquals(1, issues.size(), issues::toString);
        assertEquals(IssueCodes.UNRESOLVED_NAME, issues.get(0).getCode());
        assertEquals("No accelerator 'H100_SXM' is visible here: the import on line 2 brings"
                + " fabric.catalog.nvidia.H100_SXM, but team.shared.H100_SXM (" + own.eResource().getURI().lastSegment()
                + ") answers to the same name, so 'H100_SXM' is ambiguous: write fabric.catalog.nvidia.H100_SXM in full,"
                + " or rename the other.", issues.get(0).getMessage());
        assertArrayEquals(new String[] { "fabric.catalog.nvidia.H100_SXM" }, issues.get(0).getData());
    }

    @Test
    void shouldNotSeeDefinitionsOfAnotherPackageWithoutAnImport() throws Exception {
        Model cluster = parser.parse("""
                package team.other
                cluster Small { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                """);
        Model benchmark = parser.parse("""
                package team.shared
                benchmark Bench { all-reduce ring on Small sizes 1 MiB }
                """, cluster.eResource().getResourceSet());
        validation.assertError(benchmark, org.fabricsim.dsl.fabric.FabricPackage.Literals.BENCHMARK,
                IssueCodes.UNRESOLVED_NAME);
    }

    @Test
    void shouldResolveQualifiedNamesAcrossPackagesWithoutImports() throws Exception {
        Model model = parser.parse("""
                node Box {
                    accelerators 8 x fabric.catalog.nvidia.H100_SXM
                }
                """);
        validation.assertNoErrors(model);
    }

    /**
     * 'nvidai' is 'nvidia' with two letters swapped: the import names nothing, and the warning names the
     * nearest package (2 edits) as the import to write; the name it was meant to bring in still fails.
     */
    @Test
    void shouldWarnOfAnImportThatNamesNothingAndNameTheNearestPackage() throws Exception {
        List<Issue> issues = validation.validate(parser.parse("import fabric.catalog.nvidai.*\n" + NODE_OF_H100))
                .stream().filter(i -> IssueCodes.UNKNOWN_IMPORT.equals(i.getCode())).toList();
        assertEquals(1, issues.size(), issues::toString);
        assertEquals(Severity.WARNING, issues.get(0).getSeverity());
        assertEquals(1, issues.get(0).getLineNumber());
        assertEquals("Nothing named 'fabric.catalog.nvidai' is defined in this workspace or the standard catalog, so"
                + " this import makes nothing visible. Did you mean 'import fabric.catalog.nvidia.*'?",
                issues.get(0).getMessage());
        assertArrayEquals(new String[] { "fabric.catalog.nvidia.*" }, issues.get(0).getData());
    }

    /**
     * Session 66's newcomer: beside the warning on a misspelt import, every name it was meant to bring in said "Add
     * 'import fabric.catalog.nvidia.*'", a second import next to the wrong one. The error names the import on line 2
     * to correct instead, and carries its text so that the quick fix writes over it; an import of an unrelated
     * package (standards, a catalog package) is left alone.
     */
    @Test
    void shouldNameTheMisspeltImportToCorrectRatherThanASecondImport() throws Exception {
        List<Issue> issues = errors(parser.parse("import fabric.catalog.standards.*\nimport fabric.catalog.nvidai.*\n"
                + NODE_OF_H100));
        assertEquals(1, issues.size(), issues::toString);
        assertEquals(IssueCodes.MISSING_IMPORT, issues.get(0).getCode());
        assertEquals("No accelerator 'H100_SXM' is visible here; it is defined in package fabric.catalog.nvidia, which"
                + " the import on line 2 misspells as 'fabric.catalog.nvidai.*': correct it to 'import"
                + " fabric.catalog.nvidia.*'.", issues.get(0).getMessage());
        assertArrayEquals(new String[] { "fabric.catalog.nvidia", "fabric.catalog.nvidai.*" }, issues.get(0).getData());
    }

    /**
     * The same import in capitals ('NVIDIA': 6 edits with case, none without) is the misspelt import to correct, as the
     * import warning's nearest package says, not a reason for a second import beside it.
     */
    @Test
    void shouldNameAnImportWrittenInAnotherCaseAsTheOneToCorrect() throws Exception {
        List<Issue> issues = errors(parser.parse("import fabric.catalog.NVIDIA.*\n" + NODE_OF_H100));
        assertEquals(1, issues.size(), issues::toString);
        assertArrayEquals(new String[] { "fabric.catalog.nvidia", "fabric.catalog.NVIDIA.*" }, issues.get(0).getData());
    }

    /** An import in capitals is the catalog package with no edit when case is ignored (19 edits with case). */
    @Test
    void shouldNameTheNearestPackageOfAnImportWrittenInAnotherCase() throws Exception {
        List<Issue> issues = validation.validate(parser.parse("import FABRIC.CATALOG.NVIDIA.*\n" + NODE_OF_H100))
                .stream().filter(i -> IssueCodes.UNKNOWN_IMPORT.equals(i.getCode())).toList();
        assertEquals(1, issues.size(), issues::toString);
        assertArrayEquals(new String[] { "fabric.catalog.nvidia.*" }, issues.get(0).getData());
    }

    /**
     * The fuzzer's 'import .' (a name of no segment) stopped the import check with "Cannot skip 1 fragments from
     * QualifiedName with 0 segments", which the validator logged as an internal error (the language server's log):
     * the check now treats it as an import of nothing like any other (its warning is held back by the syntax error
     * on the same import).
     */
    @Test
    void shouldCheckAnImportOfNoNameWithoutAnInternalError() throws Exception {
        Model model = parser.parse("import .\n" + NODE_OF_H100);
        assertEquals(".", model.getImports().get(0).getImportedNamespace());
        LoggingTester.captureLogging(Level.ERROR, CompositeEValidator.class, () -> validation.validate(model))
                .assertNoLogEntries();
    }

    /** A catalog package, a package of another file of the workspace and one definition of it all exist. */
    @Test
    void shouldNotWarnOfImportsOfPackagesAndDefinitionsThatExist() throws Exception {
        Model cluster = parser.parse("""
                package team.other
                cluster Small { nodes 1 x 8 accelerators link 1 GB/s latency 1 us }
                """);
        Model benchmark = parser.parse("""
                package team.shared
                import fabric.catalog.nvidia.*
                import team.other.*
                import team.other.Small
                benchmark Bench { all-reduce ring on Small sizes 1 MiB }
                """, cluster.eResource().getResourceSet());
        assertEquals(List.of(), validation.validate(benchmark).stream()
                .filter(i -> IssueCodes.UNKNOWN_IMPORT.equals(i.getCode())).toList());
    }
}
