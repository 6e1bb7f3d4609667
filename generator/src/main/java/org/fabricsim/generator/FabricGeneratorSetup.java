package org.fabricsim.generator;

import org.eclipse.xtext.generator.IGenerator2;
import org.fabricsim.dsl.FabricRuntimeModule;
import org.fabricsim.dsl.FabricStandaloneSetup;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.util.Modules;

/**
 * The Fabric language with its Java generator bound: the {@code setup} class that headless builds
 * (the xtext-maven-plugin) name for the language. The dsl module cannot bind the generator itself,
 * since the generator depends on the dsl.
 */
public class FabricGeneratorSetup extends FabricStandaloneSetup {

    @Override
    public Injector createInjector() {
        return Guice.createInjector(Modules.override(new FabricRuntimeModule())
                .with(binder -> binder.bind(IGenerator2.class).to(FabricGenerator.class)));
    }
}
