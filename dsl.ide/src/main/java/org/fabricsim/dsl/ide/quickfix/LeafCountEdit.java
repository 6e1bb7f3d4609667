package org.fabricsim.dsl.ide.quickfix;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.TierLevel;

/**
 * The text edit that writes a leaf count the validator derived ({@code fabric.physical.leaf-ports},
 * {@code fabric.physical.tier-ports}): over the count of a written {@code leaf N x S} line, or, where the
 * builder derives the leaves, as a {@code leaf N x S} line after the topology's {@code switch S}.
 */
final class LeafCountEdit {
    private LeafCountEdit() {
    }

    /**
     * The edit writing {@code leaves} at {@code object}: a {@link TierLevel} gets its count replaced; a topology that
     * writes {@code switch S} gets {@code leaf <leaves> x S} after it (S as written: the leaf switch the builder
     * derived), on a line of its own indented as the switch's. None when {@code leaves} is empty or there is
     * neither.
     */
    static List<TextEdit> edits(String leaves, EObject object, Document document) {
        if (leaves == null || leaves.isEmpty() || object == null) {
            return List.of();
        }
        if (object instanceof TierLevel level) {
            List<INode> count = NodeModelUtils.findNodesForFeature(level, Literals.TIER_LEVEL__COUNT);
            return count.isEmpty() ? List.of() : List.of(new TextEdit(new Range(
                    document.getPosition(count.get(0).getOffset()), document.getPosition(count.get(0).getEndOffset())),
                    leaves));
        }
        EStructuralFeature feature = object.eClass().getEStructuralFeature("switchType");
        List<INode> written = feature == null ? List.of() : NodeModelUtils.findNodesForFeature(object, feature);
        if (written.isEmpty()) {
            return List.of();
        }
        INode name = written.get(0);
        String line = "\n" + indentation(document.getContents(), name.getOffset()) + "leaf " + leaves + " x "
                + NodeModelUtils.getTokenText(name);
        Position end = document.getPosition(name.getEndOffset());
        return List.of(new TextEdit(new Range(end, end), line));
    }

    /** The spaces and tabs that begin the line holding {@code offset}. */
    private static String indentation(String text, int offset) {
        int start = text.lastIndexOf('\n', offset - 1) + 1;
        int end = start;
        while (end < offset && (text.charAt(end) == ' ' || text.charAt(end) == '\t')) {
            end++;
        }
        return text.substring(start, end);
    }
}
