package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * A syntax error at the very end of a text that ends with a lone {@code \r}: Xtext's line lookup threw
 * there and the file validated without any error (issue 21, found by the language-server campaign).
 */
class LoneCarriageReturnDiagnosticsTest extends FabricModelTest {

    @Test
    void shouldReportASyntaxErrorAtAFinalLoneCarriageReturn() throws Exception {
        // "cluster\r": the name is missing where the line break stands, offset 7: line 1, column 8
        List<Issue> issues = validation.validate(parser.parse("cluster\r"));
        assertEquals(1, issues.size(), issues::toString);
        assertTrue(issues.get(0).isSyntaxError(), issues::toString);
        assertEquals(List.of(1, 8, 7), List.of(issues.get(0).getLineNumber(), issues.get(0).getColumn(),
                issues.get(0).getOffset()));
    }
}
