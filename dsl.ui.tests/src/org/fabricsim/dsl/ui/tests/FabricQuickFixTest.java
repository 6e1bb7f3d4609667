package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.fabricsim.dsl.ui.tests.UiWait.waitFor;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.quickassist.IQuickAssistAssistant;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.ISourceViewerExtension3;
import org.eclipse.jface.text.source.TextInvocationContext;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Ctrl+1 in the {@code .fabric} editor (issue 19): the quick assist of the editor's viewer offers the
 * language server's quick fix for a problem under the caret, and applying it edits the document; the
 * Problems view's Quick Fix gets the same resolutions from the marker.
 */
public class FabricQuickFixTest {

    private static final String MISSPELLED = "    nodes 2 x DGX_H10";

    private static final String MODEL = String.join("\n",
            "package fixes",
            "import fabric.catalog.nvidia.*",
            "cluster Dgx {",
            MISSPELLED,
            "    scale-out InfiniBand_NDR single-switch",
            "}",
            "");

    private TestProject project;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-quickfix-test");
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void ctrl1OnAMisspelledNameOffersTheClosestCatalogNameAndAppliesIt() throws CoreException {
        IFile file = project.file("fix.fabric", MODEL);
        ITextEditor editor = project.open(file);
        ISourceViewer viewer = (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
        IQuickAssistAssistant assistant = ((ISourceViewerExtension3) viewer).getQuickAssistAssistant();
        int offset = MODEL.indexOf("DGX_H10") + 3;
        // the marker reaches the editor's annotation model after validation: wait for the fix to be offered
        ICompletionProposal fix = waitFor("Ctrl+1 to offer 'Use the closest name'", () -> {
            ICompletionProposal[] proposals = assistant.getQuickAssistProcessor()
                    .computeQuickAssistProposals(new TextInvocationContext(viewer, offset, 0));
            return proposals == null ? null : Arrays.stream(proposals)
                    .filter(p -> p.getDisplayString().equals("Use the closest name")).findFirst().orElse(null);
        });
        fix.apply(viewer.getDocument());
        // the catalog's node is DGX_H100: one digit was missing
        assertEquals(MODEL.replace(MISSPELLED, "    nodes 2 x DGX_H100"), viewer.getDocument().get());
    }

    @Test
    void theProblemsViewsQuickFixGetsTheSameResolutionFromTheMarker() throws CoreException {
        IFile file = project.file("marker.fabric", MODEL);
        project.open(file);
        IMarker marker = waitFor("the unresolved-name marker", () -> markerWithCode(file));
        assertEquals(MODEL.indexOf("DGX_H10"), marker.getAttribute(IMarker.CHAR_START, -1));
        assertTrue(IDE.getMarkerHelpRegistry().hasResolutions(marker), "no resolutions for " + marker);
        List<String> labels = Arrays.stream(IDE.getMarkerHelpRegistry().getResolutions(marker))
                .map(resolution -> resolution.getLabel()).toList();
        assertEquals(List.of("Use the closest name"), labels);
    }

    private static IMarker markerWithCode(IFile file) {
        try {
            return Arrays.stream(file.findMarkers(FabricLanguage.PROBLEM_MARKER, true, IResource.DEPTH_ZERO))
                    .filter(m -> IssueCodes.UNRESOLVED_NAME.equals(m.getAttribute(FabricLanguage.CODE_ATTRIBUTE, null))).findFirst().orElse(null);
        } catch (CoreException e) {
            throw new IllegalStateException(e);
        }
    }
}
