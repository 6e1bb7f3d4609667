package org.fabricsim.dsl;


/**
 * Use this class to register components to be used at runtime / without the Equinox extension registry.
 */
public class FabricRuntimeModule extends AbstractFabricRuntimeModule {
}
