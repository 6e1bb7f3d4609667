package org.fabricsim.dsl.model;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/**
 * Whether the text holds a value for a feature. EMF cannot tell an attribute written with its
 * default value (an {@code int} 0, an enum's first literal) from one not written at all; the
 * parse tree can.
 */
public final class Written {
    private Written() {
    }

    /** True when the source text assigns {@code feature} of {@code object}. */
    public static boolean written(EObject object, EStructuralFeature feature) {
        return !NodeModelUtils.findNodesForFeature(object, feature).isEmpty();
    }
}
