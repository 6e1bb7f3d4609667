package org.fabricsim.dsl.ui.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.BadPositionCategoryException;
import org.eclipse.jface.text.DefaultPositionUpdater;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextPresentationListener;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.ITextViewerExtension2;
import org.eclipse.jface.text.ITextViewerExtension4;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.TextPresentation;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.fabricsim.dsl.ide.tokens.FabricSemanticTokens;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Colours names by kind: off the UI thread, parses the document and computes the language server's
 * semantic tokens ({@link FabricSemanticTokens}, in process) as {@link SemanticColours} style ranges; on
 * the UI thread, merges those over the syntax colouring of every repaint, as long as the document is the
 * text they were computed on (its modification stamp), so that a stale colouring never lands on edited text.
 * A new colouring repaints only the text whose colours changed and the lines repainted without colours since
 * the last one (a whole-document repaint re-scans every line: 60-110 ms of UI-thread CPU on 10,000 lines);
 * a large span (the first colouring) is repainted the visible lines first, then in slices, one UI unit each.
 */
final class SemanticColouring extends WholeDocumentStrategy implements ITextPresentationListener {

    /** Style ranges computed on the document of a modification stamp. */
    private record Colouring(long stamp, int length, List<StyleRange> ranges) {
    }

    /** The document's position category that tracks {@link #uncoloured} through edits. */
    private static final String UNCOLOURED = "org.fabricsim.dsl.ui.uncoloured";

    private volatile ITextViewer viewer;

    private volatile Colouring colouring;

    /** On the UI thread: the text repainted while the colouring was stale, or null when none. */
    private Position uncoloured;

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
        ITextViewer target = viewer;
        StableParse parse = target == null ? null : parseDocument();
        if (parse == null) {
            return;
        }
        EditorModels.Parsed parsed = parse.parsed();
        FabricSemanticTokens tokens = FabricLanguage.injector().getInstance(FabricSemanticTokens.class);
        List<StyleRange> ranges = SemanticColours.ranges(parsed.document(),
                tokens.tokens(parsed.document(), parsed.resource(), this::isCanceled));
        StyledText widget = liveWidget(target);
        if (widget == null) {
            return;
        }
        IDocument current = parse.document();
        long stamp = parse.stamp();
        ReconciledModels.publish(current, stamp, parsed);
        Colouring computed = new Colouring(stamp, current.getLength(), ranges);
        widget.getDisplay().asyncExec(() -> {
            if (!widget.isDisposed() && viewer == target && stampOf(current) == stamp) {
                show(target, current, computed);
            }
        });
    }

    /** On the UI thread: repaints the text whose colouring changes and the lines left uncoloured. */
    private void show(ITextViewer target, IDocument shown, Colouring next) {
        Colouring previous = colouring;
        colouring = next;
        int[] span = previous == null ? new int[] {0, next.length()}
                : SemanticColours.changedSpan(previous.ranges(), previous.length(), next.ranges(), next.length());
        Position left = uncoloured;
        uncoloured = null;
        if (left != null) {
            removeUncoloured(shown, left);
            if (!left.isDeleted()) {
                int end = Math.min(left.getOffset() + left.getLength(), next.length());
                span = span == null ? new int[] {left.getOffset(), end}
                        : new int[] {Math.min(span[0], left.getOffset()), Math.max(span[1], end)};
            }
        }
        if (span == null || span[1] <= span[0]) {
            return;
        }
        if (!(target instanceof ITextViewerExtension2 extension)) {
            target.invalidateTextPresentation();
        } else if (span[1] - span[0] <= SemanticColours.SLICE_CHARS) {
            extension.invalidateTextPresentation(span[0], span[1] - span[0]);
        } else {
            int top = Math.max(span[0], target.getTopIndexStartOffset());
            int bottom = Math.min(span[1], target.getBottomIndexEndOffset());
            if (top < bottom) {
                extension.invalidateTextPresentation(top, bottom - top);
            }
            markUncoloured(shown, new Region(span[0], span[1] - span[0]));
            paintNextSlice(target, shown, next);
        }
    }

    /**
     * On the UI thread, one unit per slice: repaints the first {@link SemanticColours#SLICE_CHARS} characters of
     * {@link #uncoloured} and posts the next slice, while {@code painted} is still the colouring of the
     * document. A newer colouring or an edit stops the slices; what is left stays in {@link #uncoloured},
     * which the next colouring repaints.
     */
    private void paintNextSlice(ITextViewer target, IDocument shown, Colouring painted) {
        Position left = uncoloured;
        StyledText widget = target.getTextWidget();
        if (left == null || left.isDeleted() || colouring != painted || stampOf(shown) != painted.stamp()
                || widget == null || widget.isDisposed()) {
            return;
        }
        int start = left.getOffset();
        int end = Math.min(start + left.getLength(), shown.getLength());
        int sliceEnd = Math.min(end, start + SemanticColours.SLICE_CHARS);
        if (sliceEnd < end) {
            left.setOffset(sliceEnd);
            left.setLength(end - sliceEnd);
            widget.getDisplay().asyncExec(() -> {
                if (!widget.isDisposed() && viewer == target) {
                    paintNextSlice(target, shown, painted);
                }
            });
        } else {
            uncoloured = null;
            removeUncoloured(shown, left);
        }
        ((ITextViewerExtension2) target).invalidateTextPresentation(start, sliceEnd - start);
    }

    /** On the UI thread: adds a repainted extent to {@link #uncoloured}, which the document then keeps current. */
    private void markUncoloured(IDocument shown, IRegion extent) {
        int start = extent.getOffset();
        int end = start + extent.getLength();
        Position left = uncoloured;
        if (left != null && !left.isDeleted()) {
            start = Math.min(start, left.getOffset());
            end = Math.max(end, left.getOffset() + left.getLength());
            left.setOffset(start);
            left.setLength(end - start);
            return;
        }
        try {
            if (!shown.containsPositionCategory(UNCOLOURED)) {
                shown.addPositionCategory(UNCOLOURED);
                shown.addPositionUpdater(new DefaultPositionUpdater(UNCOLOURED));
            }
            if (left != null) {
                shown.removePosition(UNCOLOURED, left);
            }
            uncoloured = new Position(start, end - start);
            shown.addPosition(UNCOLOURED, uncoloured);
        } catch (BadLocationException | BadPositionCategoryException e) {
            uncoloured = null; // the extent lies in the document the presentation was computed on: not reached
        }
    }

    private static void removeUncoloured(IDocument shown, Position left) {
        try {
            shown.removePosition(UNCOLOURED, left);
        } catch (BadPositionCategoryException e) {
            // only markUncoloured adds the position, after adding the category: not reached
        }
    }

    @Override
    public void applyTextPresentation(TextPresentation presentation) {
        Colouring current = colouring;
        IDocument shown = document();
        IRegion extent = presentation.getExtent();
        if (current == null || shown == null || extent == null) {
            return;
        }
        if (current.stamp() != stampOf(shown)) {
            markUncoloured(shown, extent);
            return;
        }
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
