package org.fabricsim.dsl.parser;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;

/**
 * Syntax errors in the user's words: ANTLR's token names ({@code RULE_INT}) become what to write
 * ("a whole number"), "missing X at 'y'" says where it belongs, and ANTLR's "no viable
 * alternative" becomes "Unexpected 'y' here".
 */
public class FabricSyntaxErrorMessages extends SyntaxErrorMessageProvider {
    private static final Map<String, String> TOKENS = Map.of(
            "RULE_INT", "a whole number",
            "RULE_ID", "a name",
            "RULE_STRING", "a quoted string",
            "EOF", "the end of the file");
    private static final Pattern TOKEN = Pattern.compile("RULE_[A-Z_]+|\\bEOF\\b|<EOF>");
    private static final Pattern MISSING = Pattern.compile("^missing (.+) at (.+)$");
    private static final Pattern NO_VIABLE = Pattern.compile("^no viable alternative at input (.+)$");

    @Override
    public SyntaxErrorMessage getSyntaxErrorMessage(IParserErrorContext context) {
        SyntaxErrorMessage original = super.getSyntaxErrorMessage(context);
        return new SyntaxErrorMessage(humanize(original.getMessage()), original.getIssueCode(),
                original.getIssueData());
    }

    /** Rewrites one ANTLR message. */
    static String humanize(String message) {
        Matcher tokens = TOKEN.matcher(message);
        StringBuilder out = new StringBuilder();
        while (tokens.find()) {
            String token = tokens.group().replace("<EOF>", "EOF");
            tokens.appendReplacement(out, Matcher.quoteReplacement(TOKENS.getOrDefault(token, token)));
        }
        tokens.appendTail(out);
        Matcher missing = MISSING.matcher(out);
        if (missing.matches()) {
            return "Expected " + missing.group(1) + " before " + missing.group(2) + ".";
        }
        Matcher noViable = NO_VIABLE.matcher(out);
        return noViable.matches() ? "Unexpected " + noViable.group(1) + " here." : out.toString();
    }
}
