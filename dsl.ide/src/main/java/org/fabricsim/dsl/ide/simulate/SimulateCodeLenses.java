package org.fabricsim.dsl.ide.simulate;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.CodeLensParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.codelens.ICodeLensService;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.fabric.Workload;

/**
 * A "Simulate" code lens on the first line of every study, training, inference and benchmark. Its
 * command is the server's {@value SimulateCommand#ID} with the document's URI and the element's
 * name, so every LSP client (VS Code, neovim, Eclipse) runs the same simulation. A "Draw" lens on
 * every cluster and training job runs {@value DrawPreviewCommand#ID}, the topology preview. O(elements).
 */
public class SimulateCodeLenses implements ICodeLensService {

    @Override
    public List<? extends CodeLens> computeCodeLenses(Document document, XtextResource resource, CodeLensParams params,
            CancelIndicator indicator) {
        List<CodeLens> lenses = new ArrayList<>();
        if (resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof Model model)) {
            return lenses;
        }
        for (EObject element : model.getElements()) {
            String name = element instanceof Study study ? study.getName()
                    : element instanceof Workload workload ? workload.getName() : null;
            if (name != null) {
                lens(lenses, document, element, new Command("Simulate " + name, SimulateCommand.ID,
                        List.of(params.getTextDocument().getUri(), name)));
            }
            String drawn = element instanceof Cluster cluster ? cluster.getName()
                    : element instanceof Training training ? training.getName() : null;
            if (drawn != null) {
                lens(lenses, document, element, new Command("Draw " + drawn, DrawPreviewCommand.ID,
                        List.of(params.getTextDocument().getUri(), drawn)));
            }
        }
        return lenses;
    }

    private static void lens(List<CodeLens> lenses, Document document, EObject element, Command command) {
        ICompositeNode node = NodeModelUtils.getNode(element);
        if (node == null) {
            return;
        }
        Position start = document.getPosition(node.getOffset());
        lenses.add(new CodeLens(new Range(new Position(start.getLine(), 0), new Position(start.getLine(), 0)), command,
                null));
    }
}
