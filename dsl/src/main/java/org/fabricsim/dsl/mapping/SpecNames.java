package org.fabricsim.dsl.mapping;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.naming.IQualifiedNameProvider;

import com.google.inject.Inject;

/** The names the mapped specs carry: a definition's qualified name, and a vendor's. */
final class SpecNames {
    /** The vendor of sketched, catalog-free hardware. */
    static final String GENERIC_VENDOR = "generic";

    @Inject
    private IQualifiedNameProvider names;

    /** The element's fully qualified name, as the model's scoping resolves it. */
    String qualifiedName(EObject element) {
        return names.getFullyQualifiedName(element).toString();
    }

    /** The named vendor, or {@link #GENERIC_VENDOR} when none is named. */
    String vendor(EObject vendor) {
        return vendor == null ? GENERIC_VENDOR : qualifiedName(vendor);
    }
}
