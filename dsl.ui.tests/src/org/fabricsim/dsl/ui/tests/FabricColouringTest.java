package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jface.text.Document;
import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.xtext.IGrammarAccess;
import org.fabricsim.dsl.ui.FabricLanguage;
import org.fabricsim.dsl.ui.editor.FabricKeywords;
import org.fabricsim.dsl.ui.editor.FabricPresentationReconciler;
import org.junit.jupiter.api.Test;

/** The editor's colouring: names with digits are one uncoloured token, numbers and keywords are coloured. */
public class FabricColouringTest {

    @Test
    void namesWithDigitsAreNotColouredAsNumbers() {
        String text = "cluster B200_CX8 {\n    nodes 4 x NVLink5\n}\n";
        Map<String, TextAttribute> tokens = scan(text);
        // each name is one token, with no colour of its own
        assertNull(tokens.get("B200_CX8").getForeground(), tokens.toString());
        assertNull(tokens.get("NVLink5").getForeground(), tokens.toString());
        // a number and a keyword still have theirs
        assertNotNull(tokens.get("4").getForeground(), tokens.toString());
        assertNotNull(tokens.get("cluster").getForeground(), tokens.toString());
        assertEquals(tokens.get("nodes").getForeground(), tokens.get("cluster").getForeground());
    }

    /** The text of each token that carries a text attribute, with that attribute. */
    private static Map<String, TextAttribute> scan(String text) {
        RuleBasedScanner scanner = FabricPresentationReconciler.scanner(
                FabricKeywords.of(FabricLanguage.injector().getInstance(IGrammarAccess.class)));
        Document document = new Document(text);
        scanner.setRange(document, 0, text.length());
        Map<String, TextAttribute> tokens = new LinkedHashMap<>();
        for (IToken token = scanner.nextToken(); !token.isEOF(); token = scanner.nextToken()) {
            if (token.getData() instanceof TextAttribute attribute) {
                tokens.put(text.substring(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength()),
                        attribute);
            }
        }
        return tokens;
    }
}
