package org.fabricsim.dsl.ui.editor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.projection.IProjectionListener;
import org.eclipse.jface.text.source.projection.ProjectionAnnotation;
import org.eclipse.jface.text.source.projection.ProjectionAnnotationModel;
import org.eclipse.jface.text.source.projection.ProjectionViewer;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.xtext.ide.editor.folding.FoldingRange;
import org.eclipse.xtext.ide.editor.folding.IFoldingRangeProvider;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Folding of a {@code .fabric} editor: the language server's folding ranges ({@link IFoldingRangeProvider},
 * in process: every definition and block over more than one line, and multi-line comments), each as a
 * projection annotation over its whole lines. Computed off the UI thread; applied on it while the document
 * is the text they were computed on. A region that stays where it was keeps its annotation, so what the
 * user folded stays folded while they type elsewhere.
 */
final class FoldingStructure extends WholeDocumentStrategy implements IProjectionListener {

    /** The folded lines (first and last, from 0) computed on the document of a modification stamp. */
    private record Folds(long stamp, List<int[]> lines) {
    }

    private volatile ProjectionViewer viewer;

    private volatile Folds folds;

    void install(ProjectionViewer projectionViewer) {
        viewer = projectionViewer;
        projectionViewer.addProjectionListener(this);
    }

    void uninstall() {
        ProjectionViewer current = viewer;
        if (current != null) {
            current.removeProjectionListener(this);
        }
        viewer = null;
    }

    @Override
    public void projectionEnabled() {
        apply();
    }

    @Override
    public void projectionDisabled() {
        // the viewer drops its annotation model; the next projectionEnabled() applies the folds again
    }

    @Override
    protected void reconcileDocument() {
        ProjectionViewer target = viewer;
        StableParse parse = target == null ? null : parseDocument();
        if (parse == null) {
            return;
        }
        LspDocument text = parse.parsed().document();
        List<int[]> lines = new ArrayList<>();
        for (FoldingRange range : FabricLanguage.injector().getInstance(IFoldingRangeProvider.class)
                .getFoldingRanges(parse.parsed().resource(), this::isCanceled)) {
            int first = lineOf(text, range.getOffset());
            int last = lineOf(text, range.getOffset() + range.getLength());
            if (last > first) {
                lines.add(new int[] {first, last});
            }
        }
        StyledText widget = liveWidget(target);
        if (widget == null) {
            return;
        }
        folds = new Folds(parse.stamp(), lines);
        widget.getDisplay().asyncExec(this::apply);
    }

    private static int lineOf(LspDocument document, int offset) {
        return document.getPosition(offset).getLine();
    }

    /** On the UI thread: makes the annotation model hold one annotation per fold, keeping unchanged ones. */
    private void apply() {
        ProjectionViewer target = viewer;
        Folds current = folds;
        IDocument shown = document();
        if (target == null || current == null || shown == null || current.stamp() != stampOf(shown)
                || target.getProjectionAnnotationModel() == null) {
            return;
        }
        ProjectionAnnotationModel model = target.getProjectionAnnotationModel();
        Map<Position, Annotation> kept = new HashMap<>();
        List<Annotation> deleted = new ArrayList<>();
        for (Iterator<Annotation> it = model.getAnnotationIterator(); it.hasNext();) {
            Annotation annotation = it.next();
            Position position = model.getPosition(annotation);
            if (position == null || kept.putIfAbsent(position, annotation) != null) {
                deleted.add(annotation);
            }
        }
        Map<Annotation, Position> added = new HashMap<>();
        try {
            for (int[] fold : current.lines()) {
                int start = shown.getLineOffset(fold[0]);
                IRegion last = shown.getLineInformation(fold[1]);
                String delimiter = shown.getLineDelimiter(fold[1]);
                int end = last.getOffset() + last.getLength() + (delimiter == null ? 0 : delimiter.length());
                Position position = new Position(start, end - start);
                if (kept.remove(position) == null) {
                    added.put(new ProjectionAnnotation(), position);
                }
            }
        } catch (BadLocationException e) {
            return; // the stamp matched, so the lines exist: only a concurrent edit gets here, and recomputes
        }
        deleted.addAll(kept.values());
        if (deleted.isEmpty() && added.isEmpty()) {
            return; // a change event makes the rulers re-check every fold: 105 ms of CPU on 2,000 at load
        }
        model.modifyAnnotations(deleted.toArray(Annotation[]::new), added, null);
    }
}
