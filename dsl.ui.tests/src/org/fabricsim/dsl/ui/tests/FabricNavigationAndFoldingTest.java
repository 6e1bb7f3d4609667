package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.text.ITextViewerExtension5;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.hyperlink.IHyperlink;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.projection.ProjectionAnnotationModel;
import org.eclipse.jface.text.source.projection.ProjectionViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.graphics.Color;
import org.eclipse.ui.texteditor.ITextEditor;
import org.fabricsim.dsl.ui.editor.FabricHyperlinkDetector;
import org.fabricsim.dsl.ui.editor.SemanticColours;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Colouring by kind, Ctrl+click to the definition and folding in the workbench's {@code .fabric} editor
 * (issue 19), each from the language server's services: semantic tokens, definitions, folding ranges.
 */
public class FabricNavigationAndFoldingTest {

    private static final String REFERENCE = "    all-reduce ring on Small";

    /** Line numbers from 0 in the comments: the folds below are read off them. */
    private static final String MODEL = String.join("\n",
            "package navigation", //                   0
            "import fabric.catalog.nvidia.*", //       1
            "cluster Small {", //                      2
            "    nodes 2 x 8 accelerators", //         3
            "    link 400 Gb/s latency 1 us", //       4
            "}", //                                    5
            "cluster Dgx {", //                        6
            "    nodes 2 x DGX_H100", //               7
            "    scale-out InfiniBand_NDR single-switch", // 8
            "}", //                                    9
            "benchmark RingAllReduce {", //            10
            REFERENCE, //                              11
            "    sizes 1 MiB, 1 GiB", //               12
            "}", //                                    13
            "");

    private TestProject project;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-navigation-test");
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void namesAreColouredByTheKindOfWhatTheyName() throws CoreException {
        ProjectionViewer viewer = open("colours.fabric");
        int node = MODEL.indexOf("DGX_H100");
        // DGX_H100 is a node of the standard catalog: a struct, in italics (defaultLibrary), not bold (a use)
        StyleRange dgx = UiWait.waitFor("DGX_H100 coloured as a node", () -> styleWith(viewer, node,
                SemanticColours.of("struct")), () -> String.valueOf(styleAt(viewer, node)));
        assertEquals(SWT.ITALIC, dgx.fontStyle, dgx.toString());
        // the name is one token, its digits included, and the space before it is no part of it
        for (int i = 0; i < "DGX_H100".length(); i++) {
            assertEquals(SemanticColours.of("struct"), styleAt(viewer, node + i).foreground, "character " + i);
        }
        assertTrue(styleAt(viewer, node - 1) == null || styleAt(viewer, node - 1).foreground == null);
        // Small where it is defined: a cluster (variable), bold (declaration), not from the catalog
        StyleRange definition = styleAt(viewer, MODEL.indexOf("Small"));
        assertEquals(SemanticColours.of("variable"), definition.foreground, definition.toString());
        assertEquals(SWT.BOLD, definition.fontStyle, definition.toString());
        // ... and where the benchmark uses it: the same colour, plain
        StyleRange use = styleAt(viewer, MODEL.indexOf(REFERENCE) + REFERENCE.length() - 1);
        assertEquals(SemanticColours.of("variable"), use.foreground, use.toString());
        assertEquals(SWT.NORMAL, use.fontStyle, use.toString());
        // a fabric and a workload each have their kind's colour, distinct from a cluster's
        assertEquals(SemanticColours.of("interface"), styleAt(viewer, MODEL.indexOf("InfiniBand_NDR")).foreground);
        assertEquals(SemanticColours.of("function"), styleAt(viewer, MODEL.indexOf("RingAllReduce")).foreground);
        assertTrue(!SemanticColours.of("interface").equals(SemanticColours.of("variable"))
                && !SemanticColours.of("function").equals(SemanticColours.of("variable")));
    }

    @Test
    void ctrlClickOnAReferenceSelectsItsDefinition() throws CoreException {
        assertTrue(Arrays.stream(Platform.getExtensionRegistry()
                .getConfigurationElementsFor("org.eclipse.ui.workbench.texteditor.hyperlinkDetectors"))
                .anyMatch(e -> FabricHyperlinkDetector.class.getName().equals(e.getAttribute("class"))
                        && "org.eclipse.ui.genericeditor.GenericEditor".equals(e.getAttribute("targetId"))),
                "no FabricSim hyperlink detector for the Generic Editor");
        ProjectionViewer viewer = open("links.fabric");
        int use = MODEL.indexOf(REFERENCE) + REFERENCE.length() - "Small".length();
        // once coloured, the detector reads the model the colouring parsed (the catalog test below parses afresh)
        UiWait.waitFor("Small coloured as a cluster", () -> styleWith(viewer, use, SemanticColours.of("variable")));
        IHyperlink[] links = new FabricHyperlinkDetector().detectHyperlinks(viewer, new Region(use + 2, 0), false);
        assertNotNull(links, "no link on Small");
        assertEquals(1, links.length);
        assertEquals(new Region(use, "Small".length()), links[0].getHyperlinkRegion());
        links[0].open();
        ITextSelection selection = (ITextSelection) ((ITextEditor) project.page.getActiveEditor()).getSelectionProvider()
                .getSelection();
        // the definition's name: "cluster Small {" on line 2
        assertEquals(MODEL.indexOf("cluster Small") + "cluster ".length(), selection.getOffset());
        assertEquals("Small".length(), selection.getLength());
        assertNull(new FabricHyperlinkDetector().detectHyperlinks(viewer, new Region(MODEL.indexOf("sizes"), 0),
                false), "a keyword links nowhere");
    }

    @Test
    void ctrlClickOnACatalogPartOpensTheCatalogAtItsDefinition() throws CoreException, BadLocationException {
        ProjectionViewer viewer = open("catalog.fabric");
        IHyperlink[] links = new FabricHyperlinkDetector().detectHyperlinks(viewer,
                new Region(MODEL.indexOf("DGX_H100") + 1, 0), false);
        assertNotNull(links, "no link on DGX_H100");
        links[0].open();
        ITextEditor catalog = (ITextEditor) project.page.getActiveEditor();
        assertEquals("nvidia.fabric", catalog.getEditorInput().getName());
        ITextSelection selection = (ITextSelection) catalog.getSelectionProvider().getSelection();
        IDocument text = catalog.getDocumentProvider().getDocument(catalog.getEditorInput());
        assertEquals("DGX_H100", text.get(selection.getOffset(), selection.getLength()));
        // the definition, not a use: its line starts "node DGX_H100"
        int line = text.getLineOfOffset(selection.getOffset());
        assertTrue(text.get(text.getLineOffset(line), text.getLineLength(line)).strip().startsWith("node DGX_H100"));
    }

    @Test
    void eachDefinitionOverSeveralLinesFolds() throws CoreException {
        ProjectionViewer viewer = open("folds.fabric");
        // the three definitions of MODEL, from their keyword's line to their closing brace's (see its comments)
        List<String> expected = List.of("2-5", "6-9", "10-13");
        List<String> folds = UiWait.waitFor("the definitions' folds", () -> {
            List<String> lines = foldedLines(viewer);
            return lines.equals(expected) ? lines : null;
        }, () -> foldedLines(viewer).toString());
        assertEquals(expected, folds);
        // folding the first hides lines 3 to 5: line 6, "cluster Dgx {", shows as the widget's line 6 - 3 = 3
        ProjectionAnnotationModel model = viewer.getProjectionAnnotationModel();
        model.collapse(annotationOnLine(viewer, 2));
        assertEquals(3, viewer.getTextWidget().getLineAtOffset(
                ((ITextViewerExtension5) viewer).modelOffset2WidgetOffset(MODEL.indexOf("cluster Dgx"))));
    }

    @Test
    void aLargeModelIsColouredToItsEndInSlices() throws CoreException {
        StringBuilder model = new StringBuilder("package large\n");
        for (int i = 0; i < 1_000; i++) {
            model.append("cluster C").append(i).append(" {\n    nodes 2 x 8 accelerators\n}\n");
        }
        String text = model.toString();
        // about 50 characters per cluster: 50,000 characters, more than two slices of the first colouring
        assertTrue(text.length() > 2 * SemanticColours.SLICE_CHARS, text.length() + " characters");
        ProjectionViewer viewer = open("large.fabric", text);
        int last = text.indexOf("C999");
        StyleRange style = UiWait.waitFor("the last cluster's name coloured as a cluster", () -> styleWith(viewer,
                last, SemanticColours.of("variable")), () -> String.valueOf(styleAt(viewer, last)));
        assertEquals(SWT.BOLD, style.fontStyle, style.toString());
        int middle = text.indexOf("C500 ");
        assertEquals(SemanticColours.of("variable"), styleAt(viewer, middle).foreground);
        assertEquals(SemanticColours.of("variable"), styleAt(viewer, text.indexOf("C0 ")).foreground);
    }

    private ProjectionViewer open(String name) throws CoreException {
        return open(name, MODEL);
    }

    private ProjectionViewer open(String name, String text) throws CoreException {
        return project.viewer(name, text, ProjectionViewer.class);
    }

    private static StyleRange styleAt(ProjectionViewer viewer, int modelOffset) {
        int widgetOffset = ((ITextViewerExtension5) viewer).modelOffset2WidgetOffset(modelOffset);
        return viewer.getTextWidget().getStyleRangeAtOffset(widgetOffset);
    }

    private static StyleRange styleWith(ProjectionViewer viewer, int modelOffset, Color colour) {
        StyleRange style = styleAt(viewer, modelOffset);
        return style != null && colour.equals(style.foreground) ? style : null;
    }

    /** The folds as "first-last" lines of the document, in document order. */
    private static List<String> foldedLines(ProjectionViewer viewer) {
        ProjectionAnnotationModel model = viewer.getProjectionAnnotationModel();
        IDocument document = viewer.getDocument();
        List<Position> positions = new ArrayList<>();
        if (model != null) {
            for (Iterator<Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
                positions.add(model.getPosition(it.next()));
            }
        }
        positions.sort((a, b) -> Integer.compare(a.getOffset(), b.getOffset()));
        List<String> lines = new ArrayList<>();
        try {
            for (Position position : positions) {
                lines.add(document.getLineOfOffset(position.getOffset()) + "-"
                        + document.getLineOfOffset(position.getOffset() + position.getLength() - 1));
            }
        } catch (BadLocationException e) {
            throw new IllegalStateException(e);
        }
        return lines;
    }

    private static Annotation annotationOnLine(ProjectionViewer viewer, int line) {
        ProjectionAnnotationModel model = viewer.getProjectionAnnotationModel();
        for (Iterator<Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
            Annotation annotation = it.next();
            try {
                if (viewer.getDocument().getLineOfOffset(model.getPosition(annotation).getOffset()) == line) {
                    return annotation;
                }
            } catch (BadLocationException e) {
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("no fold on line " + line);
    }
}
