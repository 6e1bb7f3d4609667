package org.fabricsim.dsl.ui.editor;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension4;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;
import org.eclipse.swt.custom.StyledText;

/**
 * A reconciling strategy that works on the whole document, whatever region changed: when the editor opens
 * and after each pause in typing, off the UI thread.
 */
public abstract class WholeDocumentStrategy implements IReconcilingStrategy, IReconcilingStrategyExtension {

    /** A parse of a document together with the modification stamp of the text it parsed. */
    record StableParse(IDocument document, long stamp, EditorModels.Parsed parsed) {
    }

    private volatile IDocument document;

    private volatile IProgressMonitor monitor;

    @Override
    public void setDocument(IDocument newDocument) {
        document = newDocument;
    }

    @Override
    public void setProgressMonitor(IProgressMonitor progressMonitor) {
        monitor = progressMonitor;
    }

    @Override
    public void initialReconcile() {
        reconcileDocument();
    }

    @Override
    public void reconcile(DirtyRegion dirtyRegion, IRegion subRegion) {
        reconcileDocument();
    }

    @Override
    public void reconcile(IRegion partition) {
        reconcileDocument();
    }

    /** Works on the whole of {@link #document()}. */
    protected abstract void reconcileDocument();

    /** @return the reconciled document, or null before the reconciler sets one */
    protected IDocument document() {
        return document;
    }

    /** @return whether the reconciler cancelled the current run (the text changed or the editor closed) */
    protected boolean isCanceled() {
        IProgressMonitor current = monitor;
        return current != null && current.isCanceled();
    }

    /**
     * Parses {@link #document()} as it stands.
     *
     * @return the parse and the stamp it holds for, or null when there is no document yet, it cannot be
     *         parsed, or it changed while it was parsed
     */
    StableParse parseDocument() {
        IDocument current = document();
        if (current == null) {
            return null;
        }
        long stamp = stampOf(current);
        EditorModels.Parsed parsed = EditorModels.parse(current);
        return parsed == null || stamp != stampOf(current) ? null : new StableParse(current, stamp, parsed);
    }

    /**
     * The viewer's text widget, to post a result to, while the run still counts.
     *
     * @param viewer the viewer the result is for
     * @return its widget, or null when the run was cancelled or the widget is gone
     */
    StyledText liveWidget(ITextViewer viewer) {
        StyledText widget = viewer.getTextWidget();
        return isCanceled() || widget == null || widget.isDisposed() ? null : widget;
    }

    /**
     * The document's modification stamp: results computed on one stamp apply only while it holds.
     *
     * @param document a document
     * @return its stamp, or {@link IDocumentExtension4#UNKNOWN_MODIFICATION_STAMP}
     */
    static long stampOf(IDocument document) {
        return document instanceof IDocumentExtension4 extension ? extension.getModificationStamp()
                : IDocumentExtension4.UNKNOWN_MODIFICATION_STAMP;
    }
}
