package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.NamesAreUniqueValidationHelper;

/** Xtext's duplicate-name check, reporting the language's stable code {@link IssueCodes#DUPLICATE_NAME}. */
public class FabricNamesAreUnique extends NamesAreUniqueValidationHelper {

    @Override
    protected String getErrorCode() {
        return IssueCodes.DUPLICATE_NAME;
    }
}
