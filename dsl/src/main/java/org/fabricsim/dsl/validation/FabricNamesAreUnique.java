package org.fabricsim.dsl.validation;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.validation.NamesAreUniqueValidationHelper;

/**
 * Xtext's duplicate-name check, reporting the language's stable code {@link IssueCodes#DUPLICATE_NAME}
 * and saying in the user's words what is wrong and what to do.
 */
public class FabricNamesAreUnique extends NamesAreUniqueValidationHelper {

    @Override
    protected String getErrorCode() {
        return IssueCodes.DUPLICATE_NAME;
    }

    @Override
    public String getDuplicateNameErrorMessage(IEObjectDescription description, EClass clusterType,
            EStructuralFeature feature) {
        return "Another definition is also named '" + description.getName().getLastSegment()
                + "'; give one of them another name.";
    }
}
