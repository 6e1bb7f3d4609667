package org.fabricsim.dsl.parser;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ANTLR's own messages in the user's words, for the errors that {@link FabricSyntaxErrorMessages} does not read
 * from their place in the text: its token names ({@code RULE_INT}) become what to write ("a whole number"), "missing
 * X at 'y'" says where it belongs, "no viable alternative" becomes "Unexpected 'y' here", and a message that still
 * holds ANTLR's words becomes a plain "does not belong here".
 */
final class AntlrWords {
    private static final Map<String, String> TOKENS = Map.of(
            "RULE_INT", "a whole number",
            "RULE_ID", "a name",
            "RULE_STRING", "a quoted string",
            "RULE_ML_COMMENT", "a comment",
            "RULE_SL_COMMENT", "a comment",
            "EOF", "the end of the file");
    private static final Pattern TOKEN = Pattern.compile("RULE_[A-Z_]+|\\bEOF\\b|<EOF>");
    private static final Pattern MISSING = Pattern.compile("^missing (.+) at (.+)$");
    private static final Pattern NO_VIABLE = Pattern.compile("^no viable alternative at input (.+)$");
    private static final Pattern MISMATCHED = Pattern.compile("^mismatched input (.+) expecting (.+)$");
    private static final Pattern EXTRANEOUS = Pattern.compile("^extraneous input (.+) expecting (.+)$");
    private static final Pattern LOOP = Pattern.compile(
            "^required \\(\\.\\.\\.\\)\\+ loop did not match anything at input (.+)$");
    private static final Pattern CHARACTER = Pattern.compile(
            "^(?:mismatched character|no viable alternative at character) (.+?)(?: expecting .*)?$");
    /** What only ANTLR says: a message that still has it is replaced by {@link #UNEXPECTED}. */
    private static final Pattern ANTLR_WORDS = Pattern.compile(
            "\\(\\.\\.\\.\\)|\\{|\\bset null\\b|\\brule\\b|predicate|RULE_|expecting");
    private static final String UNEXPECTED =
            "This text does not belong here; compare it with the examples in docs/language.md.";

    private AntlrWords() {
    }

    /** Whether {@code message} is the lexer's (it names a character). */
    static boolean isLexerMessage(String message) {
        return CHARACTER.matcher(message).matches();
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
        String text = out.toString();
        String words = inWords(text);
        return words != null ? words : ANTLR_WORDS.matcher(text).find() ? UNEXPECTED : text;
    }

    /** One of ANTLR's messages in the user's words; null for any other message. */
    private static String inWords(String message) {
        Matcher missing = MISSING.matcher(message);
        if (missing.matches()) {
            return "Expected " + missing.group(1) + " before " + missing.group(2) + ".";
        }
        Matcher mismatched = MISMATCHED.matcher(message);
        Matcher extraneous = EXTRANEOUS.matcher(message);
        Matcher found = mismatched.matches() ? mismatched : extraneous.matches() ? extraneous : null;
        if (found != null) {
            String expected = found.group(2).equals("set null") ? "" : "; expected " + found.group(2);
            String hint = found.group(1).equals("'.'") ? " (a count is a whole number, such as 2)"
                    : found.group(1).equals("'-'") ? " (numbers here are not negative)" : "";
            return "Unexpected " + found.group(1) + " here" + expected + hint + ".";
        }
        Matcher loop = LOOP.matcher(message);
        if (loop.matches()) {
            return "Something is missing before " + loop.group(1) + ": this place needs at least one entry.";
        }
        Matcher character = CHARACTER.matcher(message);
        if (character.matches()) {
            return "The character " + character.group(1) + " has no meaning in the language here.";
        }
        Matcher noViable = NO_VIABLE.matcher(message);
        return noViable.matches() ? "Unexpected " + noViable.group(1) + " here." : null;
    }
}
