package org.fabricsim.dsl.ide.formatting;

import java.util.List;

import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.resource.XtextResource;

/**
 * Formats as {@code fabric format} does: a document with a syntax error is refused with that error,
 * never rewritten, since the formatter cannot tell what the broken text meant; a document without
 * definitions (empty, blank or only comments) has nothing to lay out.
 */
public class FabricFormattingService extends FormattingService {

    @Override
    public List<TextEdit> format(XtextResource resource, Document document, int offset, int length,
            FormattingOptions options) {
        if (resource.getParseResult() != null && resource.getParseResult().hasSyntaxErrors()) {
            INode error = resource.getParseResult().getSyntaxErrors().iterator().next();
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.RequestFailed,
                    "Not formatted: line " + error.getStartLine() + " has a syntax error ("
                            + error.getSyntaxErrorMessage().getMessage() + "); fix it, then format.",
                    null));
        }
        return resource.getContents().isEmpty() ? List.of() : super.format(resource, document, offset, length, options);
    }
}
