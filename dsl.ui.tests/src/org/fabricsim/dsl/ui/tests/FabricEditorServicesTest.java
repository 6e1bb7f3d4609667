package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.actions.SimulateHandler;
import org.fabricsim.dsl.ui.editor.FabricContentAssist;
import org.fabricsim.dsl.ui.editor.FabricTextHover;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The language services in the workbench's {@code .fabric} editor: Ctrl+Space and hover come from the
 * language server's services (issue 19), registered for the Generic Editor and run on the editor's viewer;
 * the FabricSim → Simulate command runs the model and opens its console text.
 */
public class FabricEditorServicesTest {

    private static final String TARGET = "    all-reduce ring on ";

    private static final String MODEL = String.join("\n",
            "package services",
            "import fabric.catalog.nvidia.*",
            "cluster Small {",
            "    nodes 2 x 8 accelerators",
            "    link 400 Gb/s latency 1 us",
            "}",
            "cluster Dgx {",
            "    nodes 2 x DGX_H100",
            "    scale-out InfiniBand_NDR single-switch",
            "}",
            "benchmark RingAllReduce {",
            TARGET,
            "    sizes 1 MiB, 1 GiB",
            "}",
            "");

    private TestProject project;

    @BeforeEach
    void createProject() throws CoreException {
        project = TestProject.create("fabric-services-test");
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete();
    }

    @Test
    void theGenericEditorGetsTheFabricContentAssistAndHover() {
        for (String point : List.of("org.eclipse.ui.genericeditor.contentAssistProcessors",
                "org.eclipse.ui.genericeditor.hoverProviders")) {
            assertTrue(Arrays.stream(Platform.getExtensionRegistry().getConfigurationElementsFor(point))
                    .anyMatch(e -> FabricLanguage.CONTENT_TYPE.equals(e.getAttribute("contentType"))
                            && e.getAttribute("class").startsWith("org.fabricsim.dsl.ui.editor.")),
                    "no FabricSim contribution to " + point);
        }
    }

    @Test
    void contentAssistOffersTheClustersAfterOnAndInsertsOne() throws CoreException {
        ITextViewer viewer = open("assist.fabric", MODEL);
        int offset = MODEL.indexOf(TARGET) + TARGET.length();
        ICompletionProposal[] proposals = new FabricContentAssist().computeCompletionProposals(viewer, offset);
        List<String> shown = Arrays.stream(proposals).map(ICompletionProposal::getDisplayString).toList();
        assertTrue(shown.stream().anyMatch(s -> s.startsWith("Small")), shown.toString());
        assertTrue(shown.stream().anyMatch(s -> s.startsWith("Dgx")), shown.toString());
        // a benchmark is no cluster, and the document's words are not proposals
        assertFalse(shown.stream().anyMatch(s -> s.startsWith("RingAllReduce") || s.startsWith("sizes")),
                shown.toString());
        ICompletionProposal small = Arrays.stream(proposals).filter(p -> p.getDisplayString().startsWith("Small"))
                .findFirst().orElseThrow();
        small.apply(viewer.getDocument());
        assertTrue(viewer.getDocument().get().contains("    all-reduce ring on Small\n"), viewer.getDocument().get());
    }

    @Test
    void hoverShowsACatalogNodesFiguresWithTheirSource() throws CoreException {
        ITextViewer viewer = open("hover.fabric", MODEL);
        int offset = MODEL.indexOf("DGX_H100") + 2;
        FabricTextHover hover = new FabricTextHover();
        String text = hover.getHoverInfo(viewer, hover.getHoverRegion(viewer, offset));
        assertNotNull(text, "no hover on DGX_H100");
        assertTrue(text.contains("Accelerators 8 × H100_SXM — NVIDIA DGX H100 datasheet, 8x H100 80 GB"), text);
        assertTrue(new FabricTextHover().getHoverInfo(viewer, new Region(MODEL.indexOf("sizes") + 1, 0)) == null,
                "a keyword has no hover");
    }

    @Test
    void simulateFromTheEditorWritesTheConsoleTextBesideTheModelAndOpensIt() throws Exception {
        String quickstart = String.join("\n",
                "package editor", // not "run": a keyword since shared fabrics ("run Job on nodes ...")
                "cluster TwoNodes {",
                "    nodes 2 x 8 accelerators",
                "    link 400 Gb/s latency 1 us",
                "}",
                "benchmark Ring {",
                "    all-reduce ring",
                "    on TwoNodes",
                "    sizes 1 MiB",
                "}",
                "");
        open("run.fabric", quickstart);
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand("org.fabricsim.dsl.ui.simulate", null);
        IFile output = project.project.getFile("run" + SimulateHandler.OUTPUT_SUFFIX);
        UiWait.waitUntilTrue("the simulation's output to open", () -> output.exists() && project.page.getActiveEditor() != null
                && project.page.getActiveEditor().getEditorInput().getName().equals(output.getName()));
        String text;
        try (var in = output.getContents()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // the nccl-tests table of the benchmark: 2 nodes × 8 accelerators, one size of 1,048,576 bytes
        assertTrue(text.contains("# editor.Ring: all-reduce ring over 16 accelerators (2 nodes x 8)"), text);
        assertTrue(text.contains(" 1048576 "), text);
    }

    private ITextViewer open(String name, String text) throws CoreException {
        return project.viewer(name, text, ITextViewer.class);
    }
}
