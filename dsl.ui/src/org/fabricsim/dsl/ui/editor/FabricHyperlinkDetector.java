package org.fabricsim.dsl.ui.editor;

import java.util.List;

import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.hyperlink.AbstractHyperlinkDetector;
import org.eclipse.jface.text.hyperlink.IHyperlink;
import org.eclipse.lsp4j.Location;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolService;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.util.TextRegion;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Ctrl+click and F3 on a reference in a {@code .fabric} editor: the language server's go to definition
 * ({@code dsl.ide}'s {@link DocumentSymbolService}, in process), with the project's other models in scope.
 * The link underlines the whole reference (a qualified name included); a definition in the standard catalog
 * opens the catalog's extracted file, as it does in every LSP client. It reads the model the colouring last
 * parsed while the text is unchanged ({@link ReconciledModels}), as it runs on the UI thread.
 */
public class FabricHyperlinkDetector extends AbstractHyperlinkDetector {

    @Override
    public IHyperlink[] detectHyperlinks(ITextViewer viewer, IRegion region, boolean canShowMultipleHyperlinks) {
        EditorModels.Parsed parsed = EditorModels.isModel(EditorModels.workspaceFileOf(viewer.getDocument()))
                ? ReconciledModels.current(viewer.getDocument())
                : null;
        if (parsed == null) {
            return null;
        }
        int offset = region.getOffset();
        INode reference = FabricLanguage.injector().getInstance(EObjectAtOffsetHelper.class)
                .getCrossReferenceNode(parsed.resource(), new TextRegion(offset, 0));
        if (reference == null) {
            return null;
        }
        List<? extends Location> targets = FabricLanguage.injector().getInstance(DocumentSymbolService.class)
                .getDefinitions(parsed.resource(), offset,
                        EditorModels.resourceAccess(parsed.resource().getResourceSet()), CancelIndicator.NullImpl);
        if (targets.isEmpty()) {
            return null;
        }
        Region link = new Region(reference.getOffset(), reference.getLength());
        return targets.stream().limit(canShowMultipleHyperlinks ? targets.size() : 1)
                .map(target -> new FabricHyperlink(link, target)).toArray(IHyperlink[]::new);
    }
}
