package org.fabricsim.dsl.scoping;

/**
 * Scoping for the Fabric language: qualified names across files, with the file's own package
 * visible by simple name (Xtext's imported-namespace-aware scoping).
 */
public class FabricScopeProvider extends AbstractFabricScopeProvider {
}
