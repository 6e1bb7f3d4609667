package org.fabricsim.dsl.ide.rename;

import java.util.regex.Pattern;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.xtext.ide.refactoring.IRenameStrategy2;
import org.eclipse.xtext.ide.server.ILanguageServerAccess;
import org.eclipse.xtext.ide.server.rename.RenameService2;
import org.eclipse.xtext.ide.server.rename.ServerRefactoringIssueAcceptor;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.xbase.lib.Exceptions;
import org.fabricsim.dsl.catalog.StandardCatalog;

import com.google.inject.Inject;

/**
 * Rename that refuses a new name the language cannot hold, with what a name may be, instead of the
 * value converter's exception, and refuses in words where Xtext cannot rewrite a reference in broken
 * text (it threw an IllegalStateException, issue 21, found by the language-server campaign). A keyword is a valid new name: the converter escapes it ({@code ^node}).
 */
public class FabricRenameService extends RenameService2 {
    /** The grammar's {@code ID} terminal, without the escape. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Inject
    private StandardCatalog catalog;

    @Override
    public WorkspaceEdit rename(Options options) {
        String name = options.getRenameParams().getNewName();
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, "'" + name
                    + "' cannot be a name: a name starts with a letter or '_' and holds only ASCII letters, digits"
                    + " and '_', such as H100_SXM.", null));
        }
        try {
            return super.rename(options);
        } catch (Exception e) {
            Throwable cause = e;
            while (cause.getCause() != null && !(cause instanceof IllegalStateException)) {
                cause = cause.getCause();
            }
            if (!(cause instanceof IllegalStateException)) {
                throw Exceptions.sneakyThrow(e);
            }
            // Xtext cannot rewrite a reference whose text no longer holds a name (broken text around it)
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.RequestFailed, "Not renamed: one"
                    + " of its references cannot be rewritten while the text around it has errors; fix them, then"
                    + " rename.", null));
        }
    }

    /**
     * Refuses to rename what is not the user's to change: a definition of the standard catalog, or of any
     * file that this server does not edit (Xtext finds no rename strategy for it and failed with a
     * NullPointerException); Xtext would otherwise rewrite the catalog's own file.
     */
    @Override
    protected void applyModifications(EObject element, WorkspaceEdit edit, ServerRefactoringIssueAcceptor issues,
            Options options, ILanguageServerAccess.Context context) {
        IResourceServiceProvider provider = element.eResource() == null ? null
                : getServiceProviderRegistry().getResourceServiceProvider(element.eResource().getURI());
        if (provider == null || provider.get(IRenameStrategy2.class) == null
                || catalog.contains(element.eResource().getURI())) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidRequest, "'"
                    + getElementName(element) + "' is not defined in your files (it comes from the standard catalog),"
                    + " so it cannot be renamed.", null));
        }
        super.applyModifications(element, edit, issues, options, context);
    }
}
