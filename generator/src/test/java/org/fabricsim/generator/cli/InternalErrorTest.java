package org.fabricsim.generator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

/** A crash is exit code 4, distinct from model errors (1), and one line without the model's text (issue 21). */
class InternalErrorTest {

    @Test
    void shouldReportACrashOnOneLineWithItsOwnExitCode() {
        StringWriter err = new StringWriter();
        int exit = FabricCli.internalError(new IllegalStateException("cluster Secret {\u001b[2J"), new PrintWriter(err));
        assertEquals(ExitCodes.INTERNAL_ERROR, exit);
        assertEquals(4, exit);
        assertTrue(err.toString().startsWith("fabric: internal error, a bug in FabricSim rather than in the model"
                + " (java.lang.IllegalStateException at "), err.toString());
        assertFalse(err.toString().contains("Secret"), "the message may quote the model");
        assertEquals(1, err.toString().lines().count());
    }
}
