package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.EValidatorRegistrar;

/**
 * Base of the per-concern validators that {@link FabricValidator} composes. A composed validator
 * must not register itself; the composing validator runs its checks.
 */
public abstract class FabricCheck extends AbstractFabricValidator {

    @Override
    public void register(EValidatorRegistrar registrar) {
        // composed into FabricValidator, never registered on its own
    }
}
