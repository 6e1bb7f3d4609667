package org.fabricsim.dsl.ui.editor;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.reconciler.MonoReconciler;
import org.fabricsim.dsl.ui.format.FormatOnSave;

/**
 * The reconciler that the Generic Editor installs for {@code .fabric} files: it runs
 * {@link FabricReconcilingStrategy} on the whole document when the editor opens and after each
 * pause in typing. Installing it on the first {@code .fabric} editor also installs {@link FormatOnSave}.
 */
public class FabricReconciler extends MonoReconciler {

    private static final int DELAY_MILLIS = 300;

    /** Creates the reconciler; called by the Generic Editor through its extension point. */
    public FabricReconciler() {
        super(new FabricReconcilingStrategy(), false);
        setDelay(DELAY_MILLIS);
        setProgressMonitor(new NullProgressMonitor());
    }

    @Override
    public void install(ITextViewer viewer) {
        super.install(viewer);
        FormatOnSave.install();
    }
}
