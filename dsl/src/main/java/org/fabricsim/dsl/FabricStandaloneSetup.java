package org.fabricsim.dsl;


/**
 * Initialization support for running Xtext languages without Equinox extension registry.
 */
public class FabricStandaloneSetup extends FabricStandaloneSetupGenerated {

	public static void doSetup() {
		new FabricStandaloneSetup().createInjectorAndDoEMFRegistration();
	}
}
