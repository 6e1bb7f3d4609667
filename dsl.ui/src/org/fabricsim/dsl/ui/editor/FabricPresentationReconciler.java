package org.fabricsim.dsl.ui.editor;

import java.util.List;
import java.util.Set;

import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.presentation.PresentationReconciler;
import org.eclipse.jface.text.rules.DefaultDamagerRepairer;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.IWordDetector;
import org.eclipse.jface.text.rules.MultiLineRule;
import org.eclipse.jface.text.rules.NumberRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.SingleLineRule;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WordRule;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.xtext.IGrammarAccess;
import org.fabricsim.dsl.ui.FabricLanguage;

/**
 * Syntax colouring of {@code .fabric} files in the Generic Editor: the grammar's keywords, comments,
 * strings and numbers. A word that is no keyword is a name, one token in the default colour, so that the
 * digits inside a name ({@code B200_CX8}, {@code NVLink5}) are never coloured as a number.
 */
public class FabricPresentationReconciler extends PresentationReconciler {

    private static final Color KEYWORD = new Color(new RGB(127, 0, 85));

    private static final Color COMMENT = new Color(new RGB(63, 127, 95));

    private static final Color STRING = new Color(new RGB(42, 0, 255));

    private static final Color NUMBER = new Color(new RGB(18, 95, 150));

    /** Creates the presentation reconciler; called by the Generic Editor through its extension point. */
    public FabricPresentationReconciler() {
        Set<String> keywords = FabricKeywords.of(FabricLanguage.injector().getInstance(IGrammarAccess.class));
        DefaultDamagerRepairer damagerRepairer = new DefaultDamagerRepairer(scanner(keywords));
        setDamager(damagerRepairer, IDocument.DEFAULT_CONTENT_TYPE);
        setRepairer(damagerRepairer, IDocument.DEFAULT_CONTENT_TYPE);
    }

    /**
     * The scanner the editor colours with: keywords, comments, strings, names and numbers.
     *
     * @param keywords the word-like keywords of the grammar
     * @return a scanner whose tokens carry {@link TextAttribute}s; a name's has no foreground colour
     */
    public static RuleBasedScanner scanner(Set<String> keywords) {
        IToken keyword = new Token(new TextAttribute(KEYWORD, null, SWT.BOLD));
        IToken name = new Token(new TextAttribute(null));
        IToken comment = new Token(new TextAttribute(COMMENT));
        IToken string = new Token(new TextAttribute(STRING));
        IToken number = new Token(new TextAttribute(NUMBER));

        WordRule words = new WordRule(new IWordDetector() {
            @Override
            public boolean isWordStart(char c) {
                return FabricKeywords.isWordStart(c);
            }

            @Override
            public boolean isWordPart(char c) {
                return FabricKeywords.isWordPart(c);
            }
        }, name);
        for (String word : keywords) {
            words.addWord(word, keyword);
        }

        List<IRule> rules = List.of(
                new EndOfLineRule("//", comment),
                new MultiLineRule("/*", "*/", comment, (char) 0, true),
                new SingleLineRule("\"", "\"", string, '\\'),
                new SingleLineRule("'", "'", string, '\\'),
                words,
                new NumberRule(number));
        RuleBasedScanner scanner = new RuleBasedScanner();
        scanner.setRules(rules.toArray(IRule[]::new));
        return scanner;
    }
}
