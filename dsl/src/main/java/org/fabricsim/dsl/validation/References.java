package org.fabricsim.dsl.validation;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;

/** Null- and proxy-safe reference tests for checks that run on half-typed models. */
final class References {
    private References() {
    }

    /** Whether {@code object} is there and its name resolved. */
    static boolean resolved(EObject object) {
        return object != null && !object.eIsProxy();
    }

    /** Whether two resolved references denote the same definition. */
    static boolean same(EObject a, EObject b) {
        return a == b || EcoreUtil.getURI(a).equals(EcoreUtil.getURI(b));
    }
}
