package org.fabricsim.dsl.ide.formatting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.junit.jupiter.api.Test;

/** Formatting never answers edits computed on text older than the editor's (issue 21). */
class FabricFormattingServiceTest {

    @Test
    void shouldRefuseToFormatTextThatIsBehindTheEditorsEdits() {
        String text = "vendor V\n";
        ResponseErrorException refused = assertThrows(ResponseErrorException.class, () -> new FabricFormattingService()
                .format(null, new LspDocument(3, text, true), 0, text.length(), new FormattingOptions(4, true)));
        assertEquals(ResponseErrorCode.ContentModified.getValue(), refused.getResponseError().getCode());
        assertTrue(refused.getResponseError().getMessage().contains("format again"),
                refused.getResponseError().getMessage());
    }
}
