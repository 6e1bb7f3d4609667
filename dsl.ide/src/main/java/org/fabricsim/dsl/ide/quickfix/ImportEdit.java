package org.fabricsim.dsl.ide.quickfix;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Import;
import org.fabricsim.dsl.fabric.Model;

/**
 * The text edit of {@code fabric.name.missing-import}'s quick fix: {@code import PKG.*} written over the file's
 * misspelt import the linker named ({@code import fabric.catalog.nvidai.*}), so that no second import lands beside
 * it; else after the last import, else after the package line, else at the top of the file.
 */
final class ImportEdit {
    private ImportEdit() {
    }

    /** The edit importing {@code pkg} into {@code object}'s file, over the import written {@code misspelt} if any. */
    static TextEdit of(EObject object, Document document, String pkg, String misspelt) {
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
            Position end = document.getPosition(NodeModelUtils.findActualNodeFor(last).getEndOffset());
            return new TextEdit(new Range(end, end), "\n" + line);
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
}
