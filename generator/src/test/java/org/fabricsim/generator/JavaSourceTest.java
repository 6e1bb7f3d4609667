package org.fabricsim.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JavaSourceTest {

    @Test
    void shouldEscapeStringLiteralsSoThatNoQuoteOrUnicodeEscapeSurvives() {
        assertEquals("\"a\\\"b\\\\u0022c\\n\\u00e9\"", JavaSource.stringLiteral("a\"b\\u0022c\n\u00e9"));
    }

    @Test
    void shouldKeepCommentTextOnOneLineWithoutACommentEnd() {
        assertEquals("x* /y\\\\u000a z", JavaSource.commentText("x*/y\\u000a\nz"));
    }

    @Test
    void shouldTurnReservedWordsAndOddCharactersIntoIdentifiers() {
        assertEquals("class_", JavaSource.identifier("class"));
        assertEquals("a_b", JavaSource.identifier("a-b"));
        assertEquals("Ring", JavaSource.identifier("Ring"));
        assertEquals("default_.x", JavaSource.packageName("default.x"));
    }
}
