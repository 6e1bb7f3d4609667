package org.fabricsim.dsl.mapping;

import java.nio.file.Path;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;

/** Data files a model names (traces, length lists), found where the mapping and validation both look. */
public final class ModelFiles {
    private ModelFiles() {
    }

    /**
     * A data file named in a model, resolved against the folder of the model's own file, so that a
     * model finds its traces wherever it is simulated from. Absolute paths stay as written, and so
     * do relative ones in a model that is not a file.
     */
    public static String besideModel(EObject context, String file) {
        URI model = context.eResource() == null ? null : context.eResource().getURI();
        if (model == null || !model.isFile() || Path.of(file).isAbsolute()) {
            return file;
        }
        return Path.of(model.toFileString()).resolveSibling(file).normalize().toString();
    }
}
