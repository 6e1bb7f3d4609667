package org.fabricsim.dsl.ui.outline;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.lsp4j.DocumentSymbol;

/**
 * One row of the Outline: a document symbol that keeps its identity (and so its tree item, expansion and
 * selection) across refreshes for as long as its kind and name stay under the same parent. A refresh gives it
 * the new answer's symbol, with the ranges of the edited text.
 */
public final class OutlineNode {

    private final OutlineNode parent;

    private final String key;

    private DocumentSymbol symbol;

    private boolean expandWhenFilled = true;

    final List<OutlineNode> children = new ArrayList<>();

    private OutlineNode(OutlineNode parent, DocumentSymbol symbol) {
        this.parent = parent;
        this.symbol = symbol;
        this.key = symbol == null ? "" : keyOf(symbol);
    }

    /** The invisible root: the viewer's input, whose children are the top-level symbols. */
    static OutlineNode root() {
        OutlineNode root = new OutlineNode(null, null);
        root.expandWhenFilled = false;
        return root;
    }

    OutlineNode child(DocumentSymbol childSymbol) {
        return new OutlineNode(this, childSymbol);
    }

    /** What a symbol must keep to stay the same row: its kind and its name. */
    static String keyOf(DocumentSymbol symbol) {
        return symbol.getKind() + " " + symbol.getName();
    }

    String key() {
        return key;
    }

    OutlineNode parent() {
        return parent;
    }

    /**
     * The symbol as the latest refresh answered it.
     *
     * @return its name, kind and ranges in the text the Outline last parsed
     */
    public DocumentSymbol symbol() {
        return symbol;
    }

    void update(DocumentSymbol latest) {
        symbol = latest;
    }

    /** Whether the row is new and gets expanded once its first children are shown (then the user decides). */
    boolean takeExpandWhenFilled() {
        boolean result = expandWhenFilled && !children.isEmpty();
        if (result) {
            expandWhenFilled = false;
        }
        return result;
    }
}
