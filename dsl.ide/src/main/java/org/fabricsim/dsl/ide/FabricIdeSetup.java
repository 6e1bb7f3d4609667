package org.fabricsim.dsl.ide;

import com.google.inject.Guice;
import com.google.inject.Injector;
import org.eclipse.xtext.util.Modules2;
import org.fabricsim.dsl.FabricRuntimeModule;
import org.fabricsim.dsl.FabricStandaloneSetup;

/**
 * Creates the injector for the Fabric language with its IDE services, as used by the language server.
 */
public class FabricIdeSetup extends FabricStandaloneSetup {

	@Override
	public Injector createInjector() {
		return Guice.createInjector(Modules2.mixin(new FabricRuntimeModule(), new FabricIdeModule()));
	}
	
}
