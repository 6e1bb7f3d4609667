package org.fabricsim.dsl.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextPresentationListener;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.ITextViewerExtension4;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.xtext.util.CancelIndicator;
import org.fabricsim.dsl.ide.tokens.FabricSemanticTokens;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Colours names by kind: off the UI thread, parses the document and computes the language server's
 * semantic tokens ({@link FabricSemanticTokens}, in process) as {@link SemanticColours} style ranges; on
 * the UI thread, merges those over the syntax colouring of every repaint, as long as the document is the
 * text they were computed on (its modification stamp), so that a stale colouring never lands on edited text.
 */
final class SemanticColouring extends WholeDocumentStrategy implements ITextPresentationListener {

    /** Style ranges computed on the document of a modification stamp. */
    private record Colouring(long stamp, List<StyleRange> ranges) {
    }

    private volatile ITextViewer viewer;

    private volatile Colouring colouring;

    void install(ITextViewer textViewer) {
        viewer = textViewer;
        if (textViewer instanceof ITextViewerExtension4 extension) {
            extension.addTextPresentationListener(this);
        }
    }

    void uninstall() {
        if (viewer instanceof ITextViewerExtension4 extension) {
            extension.removeTextPresentationListener(this);
        }
        viewer = null;
    }

    @Override
    protected void reconcileDocument() {
        IDocument current = document();
        ITextViewer target = viewer;
        if (current == null || target == null) {
            return;
        }
        long stamp = stampOf(current);
        EditorModels.Parsed parsed = EditorModels.parse(current);
        if (parsed == null || stamp != stampOf(current)) {
            return;
        }
        CancelIndicator cancel = this::isCanceled;
        List<StyleRange> ranges = SemanticColours.ranges(parsed.document(), FabricLanguage.injector()
                .getInstance(FabricSemanticTokens.class).tokens(parsed.document(), parsed.resource(), cancel));
        StyledText widget = target.getTextWidget();
        if (cancel.isCanceled() || widget == null || widget.isDisposed()) {
            return;
        }
        ReconciledModels.publish(current, stamp, parsed);
        widget.getDisplay().asyncExec(() -> {
            if (!widget.isDisposed() && viewer == target) {
                colouring = new Colouring(stamp, ranges);
                target.invalidateTextPresentation();
            }
        });
    }

    @Override
    public void applyTextPresentation(TextPresentation presentation) {
        Colouring current = colouring;
        IDocument shown = document();
        if (current == null || shown == null || current.stamp() != stampOf(shown)) {
            return;
        }
        IRegion extent = presentation.getExtent();
        int start = extent.getOffset();
        int end = start + extent.getLength();
        List<StyleRange> inside = new ArrayList<>();
        for (StyleRange range : current.ranges()) {
            int from = Math.max(start, range.start);
            int to = Math.min(end, range.start + range.length);
            if (from < to) {
                StyleRange clipped = (StyleRange) range.clone();
                clipped.start = from;
                clipped.length = to - from;
                inside.add(clipped);
            }
        }
        presentation.mergeStyleRanges(inside.toArray(StyleRange[]::new));
    }
}
