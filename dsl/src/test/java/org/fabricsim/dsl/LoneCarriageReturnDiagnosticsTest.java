package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * A syntax error at the very end of a text that ends with a lone {@code \r}: Xtext's line lookup threw
 * there and the file validated without any error (issue 21, found by the language-server campaign). A lexer
 * error on the {@code \r} of a {@code \r\n} ends after the whole line break (editor campaign, session 61).
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

    @Test
    void shouldEndALexerErrorOnACarriageReturnAfterTheWholeLineBreak() throws Exception {
        // "all-red" is a prefix of the keyword "all-reduce": the lexer fails on the '\r' of line 2's "\r\n", which
        // starts at column 12; the error ends where line 3 starts (line 3, column 1), as after a lone '\n'.
        for (String lineBreak : List.of("\r\n", "\n")) {
            List<Issue> issues = validation.validate(parser.parse("benchmark R {\n    all-red" + lineBreak
                    + "uce ring\n}\n"));
            // the lexer's error names the word it could not read: "Unexpected 'all-red' here: it is no word ..."
            List<Issue> lexer = issues.stream().filter(i -> i.getMessage().contains("no word of the language"))
                    .toList();
            assertEquals(1, lexer.size(), issues::toString);
            assertEquals(List.of(2, 5, 3, 1), List.of(lexer.get(0).getLineNumber(), lexer.get(0).getColumn(),
                    lexer.get(0).getLineNumberEnd(), lexer.get(0).getColumnEnd()), lineBreak);
        }
    }
}
