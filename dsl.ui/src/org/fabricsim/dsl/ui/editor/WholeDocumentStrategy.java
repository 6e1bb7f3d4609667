package org.fabricsim.dsl.ui.editor;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentExtension4;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;

/**
 * A reconciling strategy that works on the whole document, whatever region changed: when the editor opens
 * and after each pause in typing, off the UI thread.
 */
public abstract class WholeDocumentStrategy implements IReconcilingStrategy, IReconcilingStrategyExtension {

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
