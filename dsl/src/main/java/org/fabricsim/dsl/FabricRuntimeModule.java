package org.fabricsim.dsl;

import org.eclipse.xtext.conversion.IValueConverterService;
import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;
import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.eclipse.xtext.scoping.IScopeProvider;
import org.eclipse.xtext.scoping.impl.AbstractDeclarativeScopeProvider;
import org.eclipse.xtext.validation.CompositeEValidator;
import org.fabricsim.dsl.scoping.FabricImportedNamespaceScopeProvider;

import com.google.inject.Binder;
import com.google.inject.Singleton;
import com.google.inject.name.Names;
import org.fabricsim.dsl.catalog.FabricGlobalScopeProvider;
import org.fabricsim.dsl.linking.FabricLinkingDiagnostics;
import org.eclipse.xtext.parser.antlr.ISyntaxErrorMessageProvider;
import org.fabricsim.dsl.conversion.FabricValueConverters;
import org.fabricsim.dsl.parser.FabricSyntaxErrorMessages;
import org.fabricsim.runtime.inference.DataFileCheck;

/** The Fabric language's runtime services, as Guice bindings on top of the generated defaults. */
public class FabricRuntimeModule extends AbstractFabricRuntimeModule {

    @Override
    public Class<? extends IValueConverterService> bindIValueConverterService() {
        return FabricValueConverters.class;
    }

    public Class<? extends ISyntaxErrorMessageProvider> bindISyntaxErrorMessageProvider() {
        return FabricSyntaxErrorMessages.class;
    }

    @Override
    public Class<? extends IGlobalScopeProvider> bindIGlobalScopeProvider() {
        return FabricGlobalScopeProvider.class;
    }

    public Class<? extends ILinkingDiagnosticMessageProvider> bindILinkingDiagnosticMessageProvider() {
        return FabricLinkingDiagnostics.class;
    }

    /**
     * No EMF structural validation (multiplicities, data values, proxies) of every object on each build: the
     * inferred metamodel has no lower bounds or constrained data types to break, and the linker already
     * reports each unresolved name. It cost 7 % of a keystroke's build on a 10,000-line model (issue 19).
     */
    public void configureUseEObjectValidator(Binder binder) {
        binder.bind(Boolean.class).annotatedWith(Names.named(CompositeEValidator.USE_EOBJECT_VALIDATOR))
                .toInstance(Boolean.FALSE);
    }

    /**
     * One check of serving data files per injector, so that every validation of the language (several threads, several
     * validators) shares the answers it kept, and another injector (another language server, another test's) has its
     * own ({@link DataFileCheck}).
     */
    public void configureDataFileCheck(Binder binder) {
        binder.bind(DataFileCheck.class).in(Singleton.class);
    }

    @Override
    public void configureIScopeProviderDelegate(Binder binder) {
        binder.bind(IScopeProvider.class).annotatedWith(Names.named(AbstractDeclarativeScopeProvider.NAMED_DELEGATE))
                .to(FabricImportedNamespaceScopeProvider.class);
    }

    /** Model files are UTF-8 text within the input limits; beyond them a file is refused with the limit. */
    @Override
    public Class<? extends org.eclipse.xtext.resource.XtextResource> bindXtextResource() {
        return org.fabricsim.dsl.resource.FabricResource.class;
    }

    /** EMF's path fragments without a search of the model's definitions for every object (issue 19). */
    public Class<? extends org.eclipse.xtext.resource.IFragmentProvider> bindIFragmentProvider() {
        return org.fabricsim.dsl.resource.FabricFragments.class;
    }

    /** A file exports its package and its definitions; nothing below a definition has a name (issue 19). */
    public Class<? extends org.eclipse.xtext.resource.IDefaultResourceDescriptionStrategy> bindIDefaultResourceDescriptionStrategy() {
        return org.fabricsim.dsl.resource.FabricExports.class;
    }

    /** The named element at an offset, or none where broken text has a token without an element. */
    public Class<? extends org.eclipse.xtext.resource.EObjectAtOffsetHelper> bindEObjectAtOffsetHelper() {
        return org.fabricsim.dsl.resource.FabricEObjectAtOffsetHelper.class;
    }

    /** Parse and link diagnostics placed even at the end of a text that ends with a lone '\r' (issue 21). */
    public Class<? extends org.eclipse.xtext.validation.IDiagnosticConverter> bindIDiagnosticConverter() {
        return org.fabricsim.dsl.validation.FabricDiagnosticConverter.class;
    }

    public Class<? extends org.eclipse.xtext.validation.INamesAreUniqueValidationHelper> bindINamesAreUniqueValidationHelper() {
        return org.fabricsim.dsl.validation.FabricNamesAreUnique.class;
    }
}
