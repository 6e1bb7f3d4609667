package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.fabricsim.dsl.ui.refactor.FabricRename;
import org.fabricsim.dsl.ui.refactor.ReferencesView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Rename and Find References in the {@code .fabric} editor (issue 19), across the files of a project: a
 * cluster defined in one file is used by a benchmark there and by one in another file.
 */
public class FabricRenameAndReferencesTest {

    private static final String DEFINES = String.join("\n",
            "package lab",
            "cluster Small {",
            "    nodes 2 x 8 accelerators",
            "    link 400 Gb/s latency 1 us",
            "}",
            "benchmark Here {",
            "    all-reduce ring on Small",
            "    sizes 1 MiB",
            "}",
            "");

    private static final String USES = String.join("\n",
            "package other",
            "import lab.*",
            "benchmark There {",
            "    all-reduce ring on Small",
            "    sizes 1 MiB",
            "}",
            "");

    private TestProject project;

    private IFile defines;

    private IFile uses;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-rename-test");
        defines = project.file("defines.fabric", DEFINES);
        uses = project.file("uses.fabric", USES);
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void renamingAClusterRenamesItsReferencesInEveryFileOfTheProject() throws CoreException {
        ITextEditor editor = project.open(defines);
        IDocument document = TestProject.documentOf(editor);
        String refused = FabricRename.rename(document, DEFINES.indexOf("Small {") + 2, "Tiny");
        assertEquals(null, refused);
        // the open editor gets the edits (dirty, for the user to save); the other file is written
        assertEquals(DEFINES.replace("Small", "Tiny"), document.get());
        assertEquals(USES.replace("Small", "Tiny"), TestProject.contents(uses));
    }

    @Test
    void aNewNameThatCannotBeANameIsRefusedWithWhatANameMayBe() throws CoreException {
        IDocument document = TestProject.documentOf(project.open(defines));
        String refused = FabricRename.rename(document, DEFINES.indexOf("on Small") + 4, "2fast");
        assertTrue(refused != null && refused.contains("cannot be a name"), refused);
        assertEquals(DEFINES, document.get());
        assertEquals(USES, TestProject.contents(uses));
    }

    @Test
    void findReferencesListsTheUsesInBothFilesInTheReferencesView() throws Exception {
        ITextEditor editor = project.open(defines);
        editor.selectAndReveal(DEFINES.indexOf("Small {") + 1, 0);
        PlatformUI.getWorkbench().getService(IHandlerService.class)
                .executeCommand("org.eclipse.ui.genericeditor.findReferences", null);
        ReferencesView view = (ReferencesView) project.page.findView(ReferencesView.ID);
        assertTrue(view != null, "the FabricSim References view is not open");
        // line 7 of defines.fabric and line 4 of uses.fabric, counted from 1; the definition is no reference
        assertEquals(List.of("defines.fabric:7  all-reduce ring on Small", "uses.fabric:4  all-reduce ring on Small"),
                view.rows().stream().sorted().toList());
    }
}
