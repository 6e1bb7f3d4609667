package org.fabricsim.dsl.ui.editor;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.reconciler.MonoReconciler;

/**
 * The reconciler that colours the names of a {@code .fabric} editor by kind ({@link SemanticColouring}),
 * when the editor opens and after each pause in typing; contributed to the Generic Editor beside the
 * validating {@link FabricReconciler}.
 */
public class FabricSemanticReconciler extends MonoReconciler {

    private static final int DELAY_MILLIS = 300;

    private final SemanticColouring colouring;

    /** Creates the reconciler; called by the Generic Editor through its extension point. */
    public FabricSemanticReconciler() {
        this(new SemanticColouring());
    }

    private FabricSemanticReconciler(SemanticColouring colouring) {
        super(colouring, false);
        this.colouring = colouring;
        setDelay(DELAY_MILLIS);
        setProgressMonitor(new NullProgressMonitor());
    }

    @Override
    public void install(ITextViewer viewer) {
        super.install(viewer);
        colouring.install(viewer);
    }

    @Override
    public void uninstall() {
        colouring.uninstall();
        super.uninstall();
    }
}
