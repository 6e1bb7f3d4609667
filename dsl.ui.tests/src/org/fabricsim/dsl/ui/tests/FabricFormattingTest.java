package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Formatting in the {@code .fabric} editor (issue 19): FabricSim → Format lays the document out as
 * {@code fabric format} does, Save formats before it writes, and a document with a syntax error is left
 * as it is.
 */
public class FabricFormattingTest {

    /** A cluster with its body unindented, indented by two, and three spaces before 'latency'. */
    private static final String MESSY = String.join("\n",
            "package layout",
            "cluster Small {",
            "nodes 2 x 8 accelerators",
            "  link 400 Gb/s   latency 1 us",
            "}",
            "");

    /** The same, laid out by hand as the formatter's rules say: four-space indents, one space between tokens. */
    private static final String BODY = "{\n    nodes 2 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n";

    private TestProject project;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-format-test");
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void theFormatCommandLaysTheDocumentOut() throws Exception {
        ITextEditor editor = project.open(project.file("format.fabric", MESSY));
        IDocument document = TestProject.documentOf(editor);
        execute("org.fabricsim.dsl.ui.format");
        assertTrue(document.get().endsWith("cluster Small " + BODY), document.get());
        String once = document.get();
        execute("org.fabricsim.dsl.ui.format");
        assertEquals(once, document.get(), "formatting twice changed the text again");
    }

    @Test
    void savingFormatsTheFileBeforeItIsWritten() throws Exception {
        IFile file = project.file("save.fabric", "package layout\n");
        ITextEditor editor = project.open(file);
        IDocument document = TestProject.documentOf(editor);
        document.set(MESSY);
        assertTrue(editor.isDirty());
        execute("org.eclipse.ui.file.save");
        assertFalse(editor.isDirty(), "the editor is still dirty after Save");
        String saved = TestProject.contents(file);
        assertTrue(saved.endsWith("cluster Small " + BODY), saved);
        assertEquals(document.get(), saved);
    }

    @Test
    void aDocumentWithASyntaxErrorIsLeftAsItIs() throws Exception {
        String broken = MESSY.replace("nodes 2 x 8", "nodes 2 x");
        ITextEditor editor = project.open(project.file("broken.fabric", broken));
        execute("org.fabricsim.dsl.ui.format");
        assertEquals(broken, TestProject.documentOf(editor).get());
    }

    private static void execute(String command) throws Exception {
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(command, null);
    }
}
