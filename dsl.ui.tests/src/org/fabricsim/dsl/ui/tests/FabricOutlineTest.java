package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.fabricsim.dsl.ui.tests.UiWait.waitFor;
import static org.fabricsim.dsl.ui.tests.UiWait.waitUntilTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.ContentOutline;
import org.fabricsim.dsl.ui.outline.FabricOutlinePage;
import org.fabricsim.dsl.ui.outline.OutlineNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Outline of a {@code .fabric} editor (issue 19): the language server's document symbols, with their
 * kinds (a cluster an object, a workload a function, a catalog-style part a class or struct), following the
 * text as it is edited; selecting a symbol selects its name in the editor.
 */
public class FabricOutlineTest {

    private static final String MODEL = String.join("\n",
            "package outline",
            "accelerator Chip {",
            "    compute bf16 100 TFLOPS",
            "    memory 80 GB bandwidth 3 TB/s",
            "}",
            "cluster Small {",
            "    nodes 2 x 8 accelerators",
            "    link 400 Gb/s latency 1 us",
            "}",
            "benchmark Ring {",
            "    all-reduce ring on Small",
            "    sizes 1 MiB",
            "}",
            "");

    private TestProject project;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-outline-test");
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void theOutlineListsTheDefinitionsWithTheirKindsAndFollowsTheText() throws Exception {
        ITextEditor editor = project.open(project.file("outline.fabric", MODEL));
        Tree tree = outlineTree();
        List<String> shown = waitFor("the outline's symbols", () -> {
            List<String> rows = rows(tree);
            return rows.size() >= 4 ? rows : null;
        }, () -> "; the outline shows " + rows(tree) + ", the symbols are "
                + FabricOutlinePage.symbolsOf(TestProject.documentOf(editor)));
        // the package, then its definitions in the order of the text, each with its LSP symbol kind
        List<String> expected = List.of("outline : package", "Chip : class", "Small : object", "Ring : function");
        assertEquals(expected, shown.stream().filter(expected::contains).toList(), shown.toString());

        TestProject.documentOf(editor).replace(MODEL.indexOf("benchmark Ring"), 0,
                "cluster Big {\n    nodes 4 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n");
        waitUntilTrue("the outline to show the new cluster", () -> rows(tree).contains("Big : object"));
    }

    @Test
    void selectingASymbolSelectsItsNameInTheEditor() throws Exception {
        ITextEditor editor = project.open(project.file("select.fabric", MODEL));
        Tree tree = outlineTree();
        waitFor("the outline's symbols", () -> tree.getItemCount() > 0 ? tree : null, () -> "; the symbols are "
                + FabricOutlinePage.symbolsOf(TestProject.documentOf(editor)));
        TreeItem small = find(tree.getItems(), "Small : object");
        assertTrue(small != null, rows(tree).toString());
        tree.setSelection(small);
        tree.notifyListeners(SWT.Selection, selectionOf(small));
        ITextSelection selection = (ITextSelection) editor.getSelectionProvider().getSelection();
        assertEquals(MODEL.indexOf("Small {"), selection.getOffset());
        assertEquals("Small", selection.getText());
    }

    @Test
    void editsUpdateTheRowsInPlaceAndSelectingJumpsToTheShiftedName() throws Exception {
        ITextEditor editor = project.open(project.file("shift.fabric", MODEL));
        Tree tree = outlineTree();
        waitFor("the outline's symbols", () -> find(tree.getItems(), "Small : object"));
        TreeItem pack = find(tree.getItems(), "outline : package");
        Object small = find(tree.getItems(), "Small : object").getData();
        pack.setExpanded(false);

        String big = "cluster Big {\n    nodes 4 x 8 accelerators\n    link 400 Gb/s latency 1 us\n}\n";
        TestProject.documentOf(editor).replace(MODEL.indexOf("cluster Small"), 0, big);
        waitUntilTrue("the outline to show the new cluster", () -> rows(tree).contains("Big : object"));
        // the new cluster is inserted at its place in the text; the rows already there stay, collapsed as left
        List<String> order = List.of("outline : package", "Chip : class", "Big : object", "Small : object",
                "Ring : function");
        assertEquals(order, rows(tree).stream().filter(order::contains).toList());
        assertFalse(pack.isDisposed() || pack.getExpanded(), "the package row was rebuilt or expanded again");
        assertSame(small, find(tree.getItems(), "Small : object").getData());

        // two blank lines before the accelerator move Small by two lines but change no row
        TestProject.documentOf(editor).replace(MODEL.indexOf("accelerator Chip"), 0, "\n\n");
        String text = TestProject.documentOf(editor).get();
        int expected = text.indexOf("Small {");
        // the line of Small's name in the edited text: the outline's row must follow it (a wait that clicks
        // instead would starve the refresh: SWT runs posted work only when no event is pending)
        int line = (int) text.substring(0, expected).chars().filter(c -> c == '\n').count();
        TreeItem item = waitFor("the outline to move Small to line " + line, () -> {
            TreeItem row = find(tree.getItems(), "Small : object");
            return ((OutlineNode) row.getData()).symbol().getSelectionRange().getStart().getLine() == line
                    ? row : null;
        });
        tree.setSelection(item);
        tree.notifyListeners(SWT.Selection, selectionOf(item));
        assertEquals(expected, ((ITextSelection) editor.getSelectionProvider().getSelection()).getOffset());
        assertEquals("Small", ((ITextSelection) editor.getSelectionProvider().getSelection()).getText());
    }

    private Tree outlineTree() throws CoreException {
        ContentOutline outline = (ContentOutline) project.page.showView(IPageLayout.ID_OUTLINE);
        FabricOutlinePage page = waitFor("the FabricSim outline page", () ->
                outline.getCurrentPage() instanceof FabricOutlinePage fabric ? fabric : null);
        assertTrue(page.getControl() instanceof Tree, "the outline is no tree: " + page.getControl());
        return (Tree) page.getControl();
    }

    private static Event selectionOf(TreeItem item) {
        Event event = new Event();
        event.item = item;
        return event;
    }

    private static List<String> rows(Tree tree) {
        List<String> result = new ArrayList<>();
        collect(tree.getItems(), result);
        return result;
    }

    private static void collect(TreeItem[] items, List<String> into) {
        for (TreeItem item : items) {
            into.add(item.getText());
            collect(item.getItems(), into);
        }
    }

    private static TreeItem find(TreeItem[] items, String text) {
        for (TreeItem item : items) {
            if (item.getText().equals(text)) {
                return item;
            }
            TreeItem inside = find(item.getItems(), text);
            if (inside != null) {
                return inside;
            }
        }
        return null;
    }

}
