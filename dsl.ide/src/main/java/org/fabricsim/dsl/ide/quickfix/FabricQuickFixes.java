package org.fabricsim.dsl.ide.quickfix;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.ide.editor.quickfix.AbstractDeclarativeIdeQuickfixProvider;
import org.eclipse.xtext.ide.editor.quickfix.DiagnosticResolutionAcceptor;
import org.eclipse.xtext.ide.editor.quickfix.QuickFix;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Import;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.validation.IssueCodes;

import com.google.gson.JsonArray;

/**
 * Quick fixes (LSP code actions) where the fix is obvious, driven by the issue data the
 * validators and the linker attach: import the missing package, use the closest name, set TP to
 * what the scale-up domain holds, add the tiers the endpoints need, write the ratio the ports
 * realize, write as many rails as NIC ports. Each fix is one text edit.
 */
public class FabricQuickFixes extends AbstractDeclarativeIdeQuickfixProvider {

    @QuickFix(IssueCodes.MISSING_IMPORT)
    public void addImport(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Add the import", (diagnostic, object, document) -> {
            String pkg = data(diagnostic, 0);
            return pkg == null ? List.of() : List.of(importEdit(object, document, pkg));
        });
    }

    @QuickFix(IssueCodes.UNRESOLVED_NAME)
    public void useClosestName(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Use the closest name", 0);
    }

    @QuickFix(IssueCodes.TP_CROSSES_SCALE_UP)
    public void fitTensorToScaleUp(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Set tensor to what the scale-up domain holds", 0);
    }

    @QuickFix(IssueCodes.RADIX_TOO_SMALL)
    public void addTiers(DiagnosticResolutionAcceptor acceptor) {
        acceptor.accept("Add the tiers the endpoints need", (diagnostic, object, document) -> {
            String tiers = data(diagnostic, 0);
            boolean onTiers = document.getSubstring(diagnostic.getRange()).trim().matches("\\d+");
            return tiers == null || tiers.isEmpty() || !onTiers ? List.of()
                    : List.of(new TextEdit(diagnostic.getRange(), tiers));
        });
    }

    @QuickFix(IssueCodes.OVERSUBSCRIPTION_PORTS)
    public void writeRealizableRatio(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "Write the ratio the ports realize", 1);
    }

    @QuickFix(IssueCodes.RAILS_WITHOUT_NICS)
    public void railPerNicPort(DiagnosticResolutionAcceptor acceptor) {
        replaceWithData(acceptor, "One rail per NIC port", 0);
    }

    private static void replaceWithData(DiagnosticResolutionAcceptor acceptor, String label, int index) {
        acceptor.accept(label, (diagnostic, object, document) -> {
            String value = data(diagnostic, index);
            return value == null || value.isEmpty() ? List.of() : List.of(new TextEdit(diagnostic.getRange(), value));
        });
    }

    /** {@code import pkg.*} after the last import, else after the package line, else at the top. */
    static TextEdit importEdit(EObject object, Document document, String pkg) {
        Model model = object == null ? null : EcoreUtil2.getContainerOfType(object, Model.class);
        String line = "import " + pkg + ".*";
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

    /**
     * Issue data item {@code index}: in process the data is the issue's {@code String[]}; over
     * the wire LSP4J hands it back as a JSON array.
     */
    static String data(Diagnostic diagnostic, int index) {
        Object data = diagnostic.getData();
        if (data instanceof String[] array) {
            return index < array.length ? array[index] : null;
        }
        if (data instanceof JsonArray array) {
            return index < array.size() && array.get(index).isJsonPrimitive() ? array.get(index).getAsString() : null;
        }
        if (data instanceof List<?> list) {
            return index < list.size() ? String.valueOf(list.get(index)) : null;
        }
        return null;
    }
}
