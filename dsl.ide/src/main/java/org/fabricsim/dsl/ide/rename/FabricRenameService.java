package org.fabricsim.dsl.ide.rename;

import java.util.regex.Pattern;

import org.eclipse.emf.ecore.EObject;

import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.xtext.ide.server.rename.RenameService2;

/**
 * Rename that refuses a new name the language cannot hold, with what a name may be, instead of the
 * value converter's exception. A keyword is a valid new name: the converter escapes it ({@code ^node}).
 */
public class FabricRenameService extends RenameService2 {
    /** The grammar's {@code ID} terminal, without the escape. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Override
    public WorkspaceEdit rename(Options options) {
        String name = options.getRenameParams().getNewName();
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, "'" + name
                    + "' cannot be a name: a name starts with a letter or '_' and holds only ASCII letters, digits"
                    + " and '_', such as H100_SXM.", null));
        }
        return super.rename(options);
    }

    /** No name where no element is: Xtext's rename asks for the name of the element at the position even when there is none. */
    @Override
    protected String getElementName(EObject element) {
        return element == null ? null : super.getElementName(element);
    }
}
