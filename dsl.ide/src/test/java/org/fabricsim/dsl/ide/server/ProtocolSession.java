package org.fabricsim.dsl.ide.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.lsp4j.services.TextDocumentService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A language server started per test through the real protocol ({@link ProtocolClient}) on a temporary
 * workspace, and the check every robustness test ends with: the server logged no internal error and no
 * failure.
 */
abstract class ProtocolSession {
    static final String MODEL = """
            package robust

            cluster TwoNodes {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency 1 us
            }
            """;

    @TempDir
    Path root;

    ProtocolClient client;
    TextDocumentService documents;

    @BeforeEach
    void start() throws Exception {
        client = new ProtocolClient(root);
        documents = client.server.getTextDocumentService();
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        assertEquals(List.of(), client.severeLogs, "the server logged internal errors");
        assertEquals(List.of(), client.serverLogs, "the server logged failures");
    }
}
