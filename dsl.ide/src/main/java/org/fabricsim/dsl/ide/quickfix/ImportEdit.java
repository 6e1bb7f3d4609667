package org.fabricsim.dsl.ide.quickfix;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Import;
import org.fabricsim.dsl.fabric.Model;

/**
 * The text edit that adds {@code import pkg.*} for the missing-import fix ({@code fabric.name.missing-import}):
 * over the file's misspelt import the linker named ({@code import fabric.catalog.nvidai.*}), so that no second import
 * lands beside it; else after the file's last import, else after its package line, else at the top.
 */
final class ImportEdit {
    private ImportEdit() {
    }

    /**
     * {@code import pkg.*} over the import written {@code misspelt} (null: none), else after the last import, else
     * after the package line, else at the top.
     */
    static TextEdit edit(EObject object, Document document, String pkg, String misspelt) {
        Model model = object == null ? null : EcoreUtil2.getContainerOfType(object, Model.class);
        String line = "import " + pkg + ".*";
        if (model != null && misspelt != null) {
            for (Import written : model.getImports()) {
                List<INode> nodes = NodeModelUtils.findNodesForFeature(written, Literals.IMPORT__IMPORTED_NAMESPACE);
                if (misspelt.equals(written.getImportedNamespace()) && !nodes.isEmpty()) {
                    return new TextEdit(new Range(document.getPosition(nodes.get(0).getOffset()),
                            document.getPosition(nodes.get(0).getEndOffset())), pkg + ".*");
                }
            }
        }
        if (model != null && !model.getImports().isEmpty()) {
            Import last = model.getImports().get(model.getImports().size() - 1);
            return insertAfter(NodeModelUtils.findActualNodeFor(last), document, "\n" + line);
        }
        if (model != null && model.getName() != null) {
            var nodes = NodeModelUtils.findNodesForFeature(model, Literals.MODEL__NAME);
            if (!nodes.isEmpty()) {
                Position end = document.getPosition(nodes.get(0).getEndOffset());
                return new TextEdit(new Range(end, end), "\n\n" + line);
            }
        }
        Position start = new Position(0, 0);
        return new TextEdit(new Range(start, start), line + "\n\n");
    }

    private static TextEdit insertAfter(ICompositeNode node, Document document, String text) {
        Position end = document.getPosition(node.getEndOffset());
        return new TextEdit(new Range(end, end), text);
    }
}
