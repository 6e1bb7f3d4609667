package org.fabricsim.dsl.ui.editor;

import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Hover in the {@code .fabric} editor: the language server's hover ({@code dsl.ide}'s {@link IHoverService},
 * in process): the element's documentation, a hardware part's figures with their sources, a cluster's
 * lock-in summary. Markdown emphasis is dropped, as Eclipse shows the hover as plain text.
 */
public class FabricTextHover implements ITextHover {

    @Override
    public String getHoverInfo(ITextViewer viewer, IRegion region) {
        EditorModels.Parsed parsed = EditorModels.parse(viewer.getDocument());
        if (parsed == null) {
            return null;
        }
        IHoverService service = FabricLanguage.injector().getInstance(IHoverService.class);
        Hover hover = service.hover(parsed.document(), parsed.resource(), new HoverParams(
                new TextDocumentIdentifier(parsed.file().getName()), parsed.document().getPosition(region.getOffset())),
                CancelIndicator.NullImpl);
        if (hover == null || hover.getContents() == null || !hover.getContents().isRight()) {
            return null;
        }
        return plain(hover.getContents().getRight().getValue());
    }

    /**
     * Markdown as plain text: without bold, code fences and the emphasis around a figure's source.
     *
     * @param markdown the hover's Markdown
     * @return the text to show
     */
    public static String plain(String markdown) {
        return markdown.replace("```\n", "").replace("```", "").replace("**", "")
                .replaceAll("(?m) — _(.*)_$", " — $1").strip();
    }

    @Override
    public IRegion getHoverRegion(ITextViewer viewer, int offset) {
        return new Region(offset, 0);
    }
}
