package org.fabricsim.dsl.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.ide.editor.quickfix.DiagnosticResolutionAcceptor;
import org.eclipse.xtext.ide.editor.quickfix.ITextModification;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.ide.hover.FabricHover;
import org.fabricsim.dsl.ide.quickfix.FabricQuickFixes;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

/** Hover and quick fixes, driven through the IDE services the language server binds. */
class DesignReviewIdeTest {
    static final Injector INJECTOR = new FabricIdeSetup().createInjectorAndDoEMFRegistration();
    private static final String DGX_ON_ROCE = """
            import fabric.catalog.nvidia.*
            import fabric.catalog.standards.*

            /** Four DGX H100 on RoCE. */
            cluster FourDgx {
                nodes 4 x DGX_H100
                scale-out RoCEv2 single-switch
            }

            model Small transformer {
                layers 32
                hidden 4096
                heads 32
                vocab 32000
            }

            training Train {
                model Small on FourDgx
                sequence 4096
                batch 64 sequences
                parallel tensor 16 data 2 sequence-parallel
            }
            """;

    static XtextResource load(String text) throws Exception {
        XtextResourceSet resourceSet = INJECTOR.getInstance(XtextResourceSet.class);
        XtextResource resource = (XtextResource) resourceSet.createResource(URI.createURI("test.fabric"));
        resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Map.of());
        EcoreUtil2.resolveAll(resource);
        return resource;
    }

    static List<Issue> issues(XtextResource resource) {
        return INJECTOR.getInstance(IResourceValidator.class).validate(resource, CheckMode.ALL, CancelIndicator.NullImpl);
    }

    /** Collects what a quick-fix method offers. */
    static final class Offered extends DiagnosticResolutionAcceptor {
        final List<ITextModification> modifications = new ArrayList<>();

        Offered() {
            super(null);
        }

        @Override
        public void accept(String label, ITextModification modification) {
            modifications.add(modification);
        }
    }

    /** The edits of the first offered fix for the first issue of {@code code} in {@code text}. */
    static List<TextEdit> edits(String text, String code, java.util.function.Consumer<Offered> provider)
            throws Exception {
        XtextResource resource = load(text);
        Document document = new Document(1, text);
        Issue issue = issues(resource).stream().filter(i -> code.equals(i.getCode())).findFirst().orElseThrow();
        Diagnostic diagnostic = new Diagnostic(new Range(document.getPosition(issue.getOffset()),
                document.getPosition(issue.getOffset() + issue.getLength())), issue.getMessage());
        diagnostic.setCode(code);
        diagnostic.setData(issue.getData());
        Offered offered = new Offered();
        provider.accept(offered);
        EObject target = resource.getEObject(issue.getUriToProblem().fragment());
        return offered.modifications.get(0).apply(diagnostic, target, document);
    }

    /** Applies the first offered fix for {@code code} to {@code text}. */
    static String fix(String text, String code, java.util.function.Consumer<Offered> provider) throws Exception {
        Document document = new Document(1, text);
        List<TextEdit> edits = edits(text, code, provider);
        assertEquals(1, edits.size());
        TextEdit edit = edits.get(0);
        int start = document.getOffSet(edit.getRange().getStart());
        int end = document.getOffSet(edit.getRange().getEnd());
        return text.substring(0, start) + edit.getNewText() + text.substring(end);
    }

    @Test
    void shouldShowTheLockInSummaryWhenHoveringACluster() throws Exception {
        Cluster cluster = (Cluster) load(DGX_ON_ROCE).getContents().get(0).eContents().get(2);
        // the language server's hover service is the one bound in FabricIdeModule
        String hover = ((FabricHover) INJECTOR.getInstance(IHoverService.class)).getContents(cluster);
        assertTrue(hover.startsWith("Four DGX H100 on RoCE."), hover);
        assertTrue(hover.contains("seam: NVLink4 / RoCEv2"), hover);
        assertTrue(hover.contains("scale-up NVLink4: NVIDIA, single-source, NVIDIA accelerators only"), hover);
    }

    @Test
    void shouldSetTensorParallelismToTheScaleUpDomain() throws Exception {
        FabricQuickFixes fixes = INJECTOR.getInstance(FabricQuickFixes.class);
        String fixed = fix(DGX_ON_ROCE, IssueCodes.TP_CROSSES_SCALE_UP, fixes::fitTensorToScaleUp);
        assertTrue(fixed.contains("parallel tensor 8 data 2"), fixed);
        assertTrue(issues(load(fixed)).stream().noneMatch(i -> IssueCodes.TP_CROSSES_SCALE_UP.equals(i.getCode())));
    }

    @Test
    void shouldRemoveAChannelsLineThatLeavesNicsIdle() throws Exception {
        String oneChannel = DGX_ON_ROCE + """

                benchmark Bench {
                    all-reduce ring
                    on FourDgx
                    channels 1
                    sizes 1 GiB
                }
                """;
        FabricQuickFixes fixes = INJECTOR.getInstance(FabricQuickFixes.class);
        String fixed = fix(oneChannel, IssueCodes.CHANNELS_IDLE_NICS, fixes::letNcclChooseChannels);
        assertTrue(fixed.contains("    on FourDgx\n    sizes 1 GiB\n"), fixed);
        assertTrue(issues(load(fixed)).stream().noneMatch(i -> IssueCodes.CHANNELS_IDLE_NICS.equals(i.getCode())));
    }

    @Test
    void shouldAddTheMissingImport() throws Exception {
        String withoutImport = DGX_ON_ROCE.replace("import fabric.catalog.nvidia.*\n", "");
        FabricQuickFixes fixes = INJECTOR.getInstance(FabricQuickFixes.class);
        String fixed = fix(withoutImport, IssueCodes.MISSING_IMPORT, fixes::addImport);
        assertTrue(fixed.contains("import fabric.catalog.standards.*\nimport fabric.catalog.nvidia.*\n"), fixed);
        assertTrue(issues(load(fixed)).stream().noneMatch(i -> IssueCodes.MISSING_IMPORT.equals(i.getCode())));
    }

    /** The missing import's fix over a misspelt import writes over it: one import of nvidia, none of 'nvidai'. */
    @Test
    void shouldCorrectTheMisspeltImportRatherThanAddASecondOne() throws Exception {
        String misspelled = DGX_ON_ROCE.replace("import fabric.catalog.nvidia.*", "import fabric.catalog.nvidai.*");
        FabricQuickFixes fixes = INJECTOR.getInstance(FabricQuickFixes.class);
        String fixed = fix(misspelled, IssueCodes.MISSING_IMPORT, fixes::addImport);
        assertTrue(fixed.startsWith("import fabric.catalog.nvidia.*\n") && !fixed.contains("nvidai")
                && fixed.indexOf("import fabric.catalog.nvidia.*") == fixed.lastIndexOf("import fabric.catalog.nvidia.*"),
                fixed);
        assertTrue(issues(load(fixed)).stream().noneMatch(i -> IssueCodes.UNKNOWN_IMPORT.equals(i.getCode())
                || IssueCodes.MISSING_IMPORT.equals(i.getCode())));
    }

    @Test
    void shouldReplaceAMisspelledNameWithTheClosestOne() throws Exception {
        String misspelled = DGX_ON_ROCE.replace("nodes 4 x DGX_H100", "nodes 4 x DGX_H10");
        FabricQuickFixes fixes = INJECTOR.getInstance(FabricQuickFixes.class);
        String fixed = fix(misspelled, IssueCodes.UNRESOLVED_NAME, fixes::useClosestName);
        assertTrue(fixed.contains("nodes 4 x DGX_H100\n"), fixed);
    }

    /** 'nvidai' is 'nvidia' with two letters swapped: the nearest package, 2 edits away. */
    @Test
    void shouldCorrectAMisspelledImportToTheNearestPackage() throws Exception {
        String misspelled = DGX_ON_ROCE.replace("import fabric.catalog.nvidia.*", "import fabric.catalog.nvidai.*");
        FabricQuickFixes fixes = INJECTOR.getInstance(FabricQuickFixes.class);
        String fixed = fix(misspelled, IssueCodes.UNKNOWN_IMPORT, fixes::importNearestPackage);
        assertTrue(fixed.startsWith("import fabric.catalog.nvidia.*\n"), fixed);
        assertTrue(issues(load(fixed)).stream().noneMatch(i -> IssueCodes.UNKNOWN_IMPORT.equals(i.getCode())
                || IssueCodes.MISSING_IMPORT.equals(i.getCode())));
    }

    @Test
    void shouldAddTheTiersTheEndpointsNeed() throws Exception {
        String small = """
                import fabric.catalog.intel.*
                import fabric.catalog.standards.*

                vendor Acme

                switch S8 {
                    vendor Acme
                    ports 8 x 200 Gb/s
                    speaks RoCEv2_200
                }

                cluster Gaudi {
                    nodes 8 x Gaudi3_HLS
                    scale-out RoCEv2_200 fat-tree {
                        switch S8
                        tiers 2
                        planes 3
                    }
                }
                """;
        FabricQuickFixes fixes = INJECTOR.getInstance(FabricQuickFixes.class);
        // 64 accelerators, one 200G NIC port each in each of the 3 planes: 64 leaf ports a plane. 2 tiers of 8 ports
        // hold 8²/2 = 32, 3 tiers hold 8³/4 = 128 (4 nodes, 32 a plane, fit two tiers: each plane is its own tree)
        String fixed = fix(small, IssueCodes.RADIX_TOO_SMALL, fixes::addTiers);
        assertTrue(fixed.contains("tiers 3"), fixed);
        List<Issue> after = issues(load(fixed));
        assertTrue(after.isEmpty(), after::toString);
    }
}
