package org.fabricsim.dsl.ui.outline;

import java.util.Locale;

import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider.IStyledLabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.StyledString;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.swt.graphics.Image;

/**
 * An outline symbol's label: its name, then its kind as the language server gives it (an accelerator a
 * class, a fabric an interface, a cluster an object, a workload a function, ...) in the qualifier colour.
 * The server names a definition by its qualified name ({@code lab.Small}); under its package in the tree
 * the simple name says it, so only a package keeps its dotted name.
 */
public class SymbolLabels extends LabelProvider implements IStyledLabelProvider {

    /**
     * The plain text of a symbol's label.
     *
     * @param symbol a document symbol
     * @return {@code NAME : kind}, for example {@code Small : object}
     */
    public static String text(DocumentSymbol symbol) {
        return name(symbol) + " : " + kind(symbol);
    }

    private static String name(DocumentSymbol symbol) {
        String name = symbol.getName();
        return symbol.getKind() == SymbolKind.Package ? name : name.substring(name.lastIndexOf('.') + 1);
    }

    private static String kind(DocumentSymbol symbol) {
        return symbol.getKind().name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String getText(Object element) {
        return element instanceof OutlineNode node ? text(node.symbol()) : String.valueOf(element);
    }

    @Override
    public StyledString getStyledText(Object element) {
        if (!(element instanceof OutlineNode node)) {
            return new StyledString(String.valueOf(element));
        }
        DocumentSymbol symbol = node.symbol();
        StyledString result = new StyledString(name(symbol));
        result.append(" : " + kind(symbol), StyledString.QUALIFIER_STYLER);
        return result;
    }

    @Override
    public Image getImage(Object element) {
        return null;
    }
}
