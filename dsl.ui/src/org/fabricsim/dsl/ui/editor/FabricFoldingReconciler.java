package org.fabricsim.dsl.ui.editor;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.reconciler.MonoReconciler;
import org.eclipse.jface.text.source.projection.ProjectionViewer;

/**
 * The folding reconciler of {@code .fabric} editors ({@link FoldingStructure}), when the editor opens and
 * after each pause in typing; contributed to the Generic Editor in place of its indentation folding.
 */
public class FabricFoldingReconciler extends MonoReconciler {

    private static final int DELAY_MILLIS = 300;

    private final FoldingStructure structure;

    /** Creates the reconciler; called by the Generic Editor through its extension point. */
    public FabricFoldingReconciler() {
        this(new FoldingStructure());
    }

    private FabricFoldingReconciler(FoldingStructure structure) {
        super(structure, false);
        this.structure = structure;
        setDelay(DELAY_MILLIS);
        setProgressMonitor(new NullProgressMonitor());
    }

    @Override
    public void install(ITextViewer viewer) {
        super.install(viewer);
        if (viewer instanceof ProjectionViewer projection) {
            structure.install(projection);
        }
    }

    @Override
    public void uninstall() {
        structure.uninstall();
        super.uninstall();
    }
}
