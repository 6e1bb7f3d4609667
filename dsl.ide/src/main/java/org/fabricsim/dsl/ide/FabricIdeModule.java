package org.fabricsim.dsl.ide;


/**
 * The Fabric language's IDE services (content assist, hover, ...) on top of the generated defaults.
 */
public class FabricIdeModule extends AbstractFabricIdeModule {
}
