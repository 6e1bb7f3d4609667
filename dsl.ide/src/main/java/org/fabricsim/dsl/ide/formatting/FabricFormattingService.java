package org.fabricsim.dsl.ide.formatting;

import java.util.List;

import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.resource.XtextResource;
import org.fabricsim.dsl.formatting2.CanonicalText;
import org.fabricsim.dsl.ide.server.LspDocument;

import com.google.inject.Inject;

/**
 * Formats as {@code fabric format} does: a document with a syntax error (or one refused for its size)
 * is refused with that error, never rewritten, since the formatter cannot tell what the broken text
 * meant; a document without definitions (empty, blank or only comments) has nothing to lay out. The
 * whole document is formatted by {@link CanonicalText}, the command line's formatter, and answered with
 * one edit: as fast on a long line as on many short ones, with the document's own line breaks. A range
 * gets the edits of that layout that lie inside it (the same four-space indentation and line breaks,
 * whatever the editor's tab options). A document that the editor has changed since its last build is
 * refused too: the edit would not apply.
 */
public class FabricFormattingService extends FormattingService {

    @Inject
    private CanonicalText canonical;

    @Override
    public List<TextEdit> format(XtextResource resource, Document document, int offset, int length,
            FormattingOptions options) {
        if (document instanceof LspDocument snapshot && snapshot.isBehindEdits()) {
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.ContentModified, "Not formatted: the"
                    + " document changed while it was being read; format again.", null));
        }
        if (!CanonicalText.formattable(resource)) {
            INode error = resource.getParseResult() == null || !resource.getParseResult().hasSyntaxErrors() ? null
                    : resource.getParseResult().getSyntaxErrors().iterator().next();
            String reason = error != null ? "line " + error.getStartLine() + " has a syntax error ("
                    + error.getSyntaxErrorMessage().getMessage() + "); fix it, then format."
                    : "line " + resource.getErrors().get(0).getLine() + ": " + resource.getErrors().get(0).getMessage();
            throw new ResponseErrorException(new ResponseError(ResponseErrorCode.RequestFailed, "Not formatted: "
                    + reason, null));
        }
        if (resource.getContents().isEmpty()) {
            return List.of();
        }
        String text = document.getContents();
        if (offset > 0 || length < text.length()) {
            return canonical.edits(resource).stream()
                    .filter(edit -> edit.offset() >= offset && edit.offset() + edit.length() <= offset + length)
                    .map(edit -> new TextEdit(new Range(document.getPosition(edit.offset()),
                            document.getPosition(edit.offset() + edit.length())), edit.text()))
                    .toList();
        }
        String formatted = canonical.of(resource);
        return formatted.equals(text) ? List.of()
                : List.of(new TextEdit(new Range(document.getPosition(0), document.getPosition(text.length())),
                        formatted));
    }
}
