package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.fabricsim.dsl.ui.tests.UiWait.waitFor;
import static org.fabricsim.dsl.ui.tests.UiWait.waitUntilTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.content.IContentType;
import org.eclipse.jface.text.IDocument;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.validation.ProblemMarkers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Opens {@code .fabric} files in the running workbench and checks that they get Eclipse's Generic
 * Editor and that the in-process Xtext validation puts problem markers on the right lines.
 */
public class FabricEditorTest {

    private static final String GENERIC_EDITOR_ID = "org.eclipse.ui.genericeditor.GenericEditor";

    private static final String GENERIC_EDITOR_CLASS = "org.eclipse.ui.internal.genericeditor.ExtensionBasedTextEditor";

    private static final String VALID_NODES = "    nodes 2 x 8 accelerators";

    private static final String VALID_TARGET = "    all-reduce ring on Small";

    private static final String VALID_MODEL = String.join("\n",
            "package quickstart",
            "cluster Small {",
            VALID_NODES,
            "    link 400 Gb/s latency 1 us",
            "}",
            "benchmark RingAllReduce {",
            VALID_TARGET,
            "    sizes 1 MiB, 1 GiB",
            "}",
            "");

    private TestProject project;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-editor-test");
        assertNotNull(project.page, "the workbench has no active page");
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void fabricFilesHaveTheirOwnContentType() throws CoreException {
        IFile file = project.file("content-type.fabric", VALID_MODEL);
        IContentType contentType = file.getContentDescription().getContentType();
        assertEquals(FabricLanguage.CONTENT_TYPE, contentType.getId());
    }

    @Test
    void missingNumberGivesAnErrorMarkerOnItsLine() throws CoreException {
        String broken = "    nodes 2 x accelerators";
        String text = VALID_MODEL.replace(VALID_NODES, broken);
        IFile file = project.file("missing-number.fabric", text);

        openInGenericEditor(file);

        List<IMarker> errors = waitForErrors(file);
        assertErrorOnLine(errors, text, broken);
    }

    @Test
    void undefinedClusterGivesAnErrorMarkerOnItsLine() throws CoreException {
        String broken = "    all-reduce ring on Missing";
        String text = VALID_MODEL.replace(VALID_TARGET, broken);
        IFile file = project.file("undefined-cluster.fabric", text);

        openInGenericEditor(file);

        List<IMarker> errors = waitForErrors(file);
        assertErrorOnLine(errors, text, broken);
    }

    @Test
    void validModelHasNoErrorMarker() throws CoreException {
        IFile file = project.file("valid.fabric", VALID_MODEL);

        openInGenericEditor(file);

        waitForValidation(file, 0L);
        assertEquals(List.of(), describe(errorMarkers(file)), "error markers on a valid model");
    }

    @Test
    void fixingTheTextInTheEditorRemovesTheMarker() throws CoreException {
        String broken = "    nodes 2 x accelerators";
        String text = VALID_MODEL.replace(VALID_NODES, broken);
        IFile file = project.file("fixed-in-editor.fabric", text);
        ITextEditor editor = (ITextEditor) openInGenericEditor(file);
        assertErrorOnLine(waitForErrors(file), text, broken);
        long stampWithError = validationStamp(file);

        IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        document.set(VALID_MODEL);

        waitForValidation(file, stampWithError);
        waitUntilTrue("the error marker to go away after the fix", () -> errorMarkers(file).isEmpty());
    }

    private IEditorPart openInGenericEditor(IFile file) throws CoreException {
        IEditorPart editor = IDE.openEditor(project.page, file, true);
        assertNotNull(editor, "no editor opened for " + file.getName());
        assertSame(editor, project.page.getActiveEditor(), "the opened editor is not the active one");
        assertEquals(GENERIC_EDITOR_ID, editor.getSite().getId());
        assertEquals(GENERIC_EDITOR_CLASS, editor.getClass().getName());
        return editor;
    }

    private static List<IMarker> waitForErrors(IFile file) {
        return waitFor("an error marker on " + file.getName(), () -> {
            List<IMarker> errors = errorMarkers(file);
            return errors.isEmpty() ? null : errors;
        });
    }

    private static void waitForValidation(IFile file, long after) {
        waitUntilTrue("a validation of " + file.getName(), () -> validationStamp(file) > after);
    }

    private static void assertErrorOnLine(List<IMarker> errors, String text, String line) {
        int lineIndex = Arrays.asList(text.split("\n", -1)).indexOf(line);
        assertTrue(lineIndex >= 0, "the test text lacks the line " + line);
        int expectedLine = lineIndex + 1;
        int lineStart = text.indexOf(line);
        int lineEnd = lineStart + line.length();
        boolean found = errors.stream().anyMatch(marker -> marker.getAttribute(IMarker.LINE_NUMBER, -1) == expectedLine
                && marker.getAttribute(IMarker.CHAR_START, lineStart) >= lineStart
                && marker.getAttribute(IMarker.CHAR_START, lineStart) <= lineEnd);
        assertTrue(found, "no error marker on line " + expectedLine + " ('" + line.trim() + "'); markers: "
                + describe(errors));
    }

    private static List<IMarker> errorMarkers(IFile file) {
        try {
            return Arrays.stream(file.findMarkers(IMarker.PROBLEM, true, IResource.DEPTH_ZERO))
                    .filter(marker -> marker.getAttribute(IMarker.SEVERITY, -1) == IMarker.SEVERITY_ERROR)
                    .collect(Collectors.toList());
        } catch (CoreException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long validationStamp(IFile file) {
        try {
            Object stamp = file.getSessionProperty(ProblemMarkers.VALIDATION_STAMP);
            return stamp instanceof Long value ? value : 0L;
        } catch (CoreException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> describe(List<IMarker> markers) {
        return markers.stream()
                .map(marker -> "line " + marker.getAttribute(IMarker.LINE_NUMBER, -1) + ": "
                        + marker.getAttribute(IMarker.MESSAGE, ""))
                .collect(Collectors.toList());
    }
}
