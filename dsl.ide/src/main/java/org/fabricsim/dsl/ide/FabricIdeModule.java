package org.fabricsim.dsl.ide;


/**
 * The Fabric language's IDE services (content assist, hover, ...) on top of the generated defaults.
 */
public class FabricIdeModule extends AbstractFabricIdeModule {

    /** Quick fixes for the design review's and the linker's diagnostics. */
    public Class<? extends org.eclipse.xtext.ide.editor.quickfix.IQuickFixProvider> bindIQuickFixProvider() {
        return org.fabricsim.dsl.ide.quickfix.FabricQuickFixes.class;
    }

    /** Serves the quick fixes as LSP code actions. */
    public Class<? extends org.eclipse.xtext.ide.server.codeActions.ICodeActionService2> bindICodeActionService2() {
        return org.eclipse.xtext.ide.server.codeActions.QuickFixCodeActionService.class;
    }

    /** Completion contexts computed on the request's thread, each failure contained (issue 21). */
    public Class<? extends org.eclipse.xtext.ide.editor.contentassist.antlr.ContentAssistContextFactory> bindContentAssistContextFactory() {
        return org.fabricsim.dsl.ide.contentassist.FabricContentAssistContextFactory.class;
    }

    /** Completion parses from the definition around the caret, not from the start of the file (issue 19). */
    @Override
    public Class<? extends org.eclipse.xtext.ide.editor.contentassist.antlr.IContentAssistParser> bindIContentAssistParser() {
        return org.fabricsim.dsl.ide.contentassist.PartialFabricContentAssistParser.class;
    }

    /** Completion's parser starts at the definition around the caret (issue 19). */
    public Class<? extends org.eclipse.xtext.ide.editor.contentassist.antlr.EntryPointFinder> bindEntryPointFinder() {
        return org.fabricsim.dsl.ide.contentassist.DefinitionEntryPointFinder.class;
    }

    /** Builds generate nothing, so they do not validate a second time to decide whether to (issue 19). */
    public Class<? extends org.eclipse.xtext.generator.IShouldGenerate> bindIShouldGenerate() {
        return org.fabricsim.dsl.ide.server.NoGeneration.class;
    }

    /** Completion one request at a time: Xtext's proposal provider is shared and not thread-safe (issue 21). */
    public Class<? extends org.eclipse.xtext.ide.server.contentassist.ContentAssistService> bindContentAssistService() {
        return org.fabricsim.dsl.ide.contentassist.FabricContentAssistService.class;
    }

    /** Hover with the lock-in summary on clusters. */
    public Class<? extends org.eclipse.xtext.ide.server.hover.IHoverService> bindIHoverService() {
        return org.fabricsim.dsl.ide.hover.FabricHover.class;
    }

    /** Formatting that refuses a document with a syntax error, as {@code fabric format} does. */
    public Class<? extends org.eclipse.xtext.ide.server.formatting.FormattingService> bindFormattingService() {
        return org.fabricsim.dsl.ide.formatting.FabricFormattingService.class;
    }

    /** Rename that says what a name may be when the new one cannot be a name. */
    public Class<? extends org.eclipse.xtext.ide.server.rename.IRenameService2> bindIRenameService2() {
        return org.fabricsim.dsl.ide.rename.FabricRenameService.class;
    }

    /** A "Simulate" lens on every study and workload and a "Draw" lens on every cluster and training job. */
    public Class<? extends org.eclipse.xtext.ide.server.codelens.ICodeLensService> bindICodeLensService() {
        return org.fabricsim.dsl.ide.simulate.SimulateCodeLenses.class;
    }

    /** The lenses' commands: simulate in the server and answer the console text; draw and answer the SVG. */
    public Class<? extends org.eclipse.xtext.ide.server.commands.IExecutableCommandService> bindIExecutableCommandService() {
        return org.fabricsim.dsl.ide.simulate.FabricCommands.class;
    }

    /** Completion filtered by what each slot takes, packages after {@code import}, no grammar names. */
    public Class<? extends org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider> bindIdeContentProposalProvider() {
        return org.fabricsim.dsl.ide.contentassist.FabricProposals.class;
    }

    /** Each definition once among a reference's names, by its shortest name. */
    public Class<? extends org.eclipse.xtext.ide.editor.contentassist.IdeCrossrefProposalProvider> bindIdeCrossrefProposalProvider() {
        return org.fabricsim.dsl.ide.contentassist.FabricCrossrefProposals.class;
    }

    /** Outline symbols with their kinds (an accelerator a class, a cluster an object, a workload a function). */
    public Class<? extends org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper.DocumentSymbolKindProvider> bindDocumentSymbolKindProvider() {
        return org.fabricsim.dsl.ide.symbols.FabricSymbolKinds.class;
    }

    /** Flat document symbols and workspace symbols with the same kinds. */
    public Class<? extends org.eclipse.xtext.ide.server.symbol.DocumentSymbolService> bindDocumentSymbolService() {
        return org.fabricsim.dsl.ide.symbols.FabricDocumentSymbolService.class;
    }

    /** Catalog files as {@code file:} URIs of their extracted copies, which every client opens. */
    public Class<? extends org.eclipse.xtext.ide.server.UriExtensions> bindUriExtensions() {
        return org.fabricsim.dsl.ide.catalog.CatalogUris.class;
    }
}
