package org.fabricsim.dsl.ide.server;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A language server started per test through the real protocol ({@link ProtocolClient}) on a temporary workspace. */
public abstract class ClientPerTest {
    /** The test's workspace folder. */
    @TempDir
    protected Path root;

    /** The client of the test's server, started before each test and closed after it. */
    protected ProtocolClient client;

    @BeforeEach
    protected void startClient() throws Exception {
        client = new ProtocolClient(root);
    }

    @AfterEach
    protected void closeClient() throws Exception {
        client.close();
    }
}
