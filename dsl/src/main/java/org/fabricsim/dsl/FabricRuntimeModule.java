package org.fabricsim.dsl;

import org.eclipse.xtext.conversion.IValueConverterService;
import org.eclipse.xtext.parser.antlr.ISyntaxErrorMessageProvider;
import org.fabricsim.dsl.conversion.FabricValueConverters;
import org.fabricsim.dsl.parser.FabricSyntaxErrorMessages;

/** The Fabric language's runtime services, as Guice bindings on top of the generated defaults. */
public class FabricRuntimeModule extends AbstractFabricRuntimeModule {

    @Override
    public Class<? extends IValueConverterService> bindIValueConverterService() {
        return FabricValueConverters.class;
    }

    public Class<? extends ISyntaxErrorMessageProvider> bindISyntaxErrorMessageProvider() {
        return FabricSyntaxErrorMessages.class;
    }
}
