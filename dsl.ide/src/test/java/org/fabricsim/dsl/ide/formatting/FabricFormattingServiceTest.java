package org.fabricsim.dsl.ide.formatting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.DocumentRangeFormattingParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ide.server.ProtocolClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Formatting never answers edits computed on text older than the editor's (issue 21), and a range gets the
 * canonical layout's edits that lie inside it.
 */
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

    @Test
    void shouldRangeFormatOnlyTheEditsInsideTheRangeWithTheDocumentsLineBreaks(@TempDir Path root) throws Exception {
        try (ProtocolClient client = new ProtocolClient(root)) {
            TextDocumentIdentifier file = client.open(root, "range.fabric",
                    "cluster C {\r\nnodes 2 x 8 accelerators\r\n  link 400 Gb/s   latency 1 us\r\n}\r\n");
            // lines 1 and 2: the break after 'accelerators' with the next indentation, the spaces before
            // 'latency'; the break after '{' starts on line 0 and stays as it is
            Range lines = new Range(new Position(1, 0), new Position(3, 0));
            List<? extends TextEdit> edits = client.server.getTextDocumentService().rangeFormatting(
                    new DocumentRangeFormattingParams(file, new FormattingOptions(2, false), lines))
                    .get(60, TimeUnit.SECONDS);
            assertEquals(List.of(new TextEdit(new Range(new Position(1, 24), new Position(2, 2)), "\r\n    "),
                    new TextEdit(new Range(new Position(2, 15), new Position(2, 18)), " ")), edits);
        }
    }
}
