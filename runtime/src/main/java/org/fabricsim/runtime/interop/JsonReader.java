package org.fabricsim.runtime.interop;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader, the counterpart of {@link org.fabricsim.runtime.result.Json}: objects become
 * {@link LinkedHashMap}s (members in document order), arrays {@link List}s, numbers {@link Double}s,
 * and strings, booleans and null themselves. The line on which each object starts is kept, so that
 * a reader of the document can name the line of a mistake. One pass, O(characters).
 */
final class JsonReader {
    private final String text;
    private final String source;
    private final Map<Object, Integer> lines = new IdentityHashMap<>();
    private Object root;
    private int at;
    private int line = 1;

    private JsonReader(String text, String source) {
        this.text = text;
        this.source = source;
    }

    /** The parsed document; a syntax error names {@code source}, the line and what was expected. */
    static JsonReader parse(String text, String source) throws InfraGraphException {
        JsonReader reader = new JsonReader(text, source);
        reader.root = reader.value();
        reader.skipSpace();
        if (reader.at < text.length()) {
            throw reader.error("text after the end of the JSON document");
        }
        return reader;
    }

    Object root() {
        return root;
    }

    /** The line on which {@code object} (a map or list of this document) starts, 0 when unknown. */
    int lineOf(Object object) {
        return lines.getOrDefault(object, 0);
    }

    private Object value() throws InfraGraphException {
        skipSpace();
        if (at >= text.length()) {
            throw error("the document ends where a value was expected");
        }
        char c = text.charAt(at);
        int startLine = line;
        Object value;
        if (c == '{') {
            value = object();
        } else if (c == '[') {
            value = array();
        } else if (c == '"') {
            return string();
        } else if (text.startsWith("true", at) || text.startsWith("false", at) || text.startsWith("null", at)) {
            String word = text.startsWith("true", at) ? "true" : text.startsWith("false", at) ? "false" : "null";
            at += word.length();
            return word.equals("null") ? null : Boolean.valueOf(word);
        } else {
            return number();
        }
        lines.put(value, startLine);
        return value;
    }

    private Map<String, Object> object() throws InfraGraphException {
        Map<String, Object> members = new LinkedHashMap<>();
        at++;
        skipSpace();
        if (peek() == '}') {
            at++;
            return members;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("expected a member name in quotes");
            }
            String name = string();
            skipSpace();
            expect(':');
            members.put(name, value());
            skipSpace();
            if (peek() == ',') {
                at++;
            } else {
                expect('}');
                return members;
            }
        }
    }

    private List<Object> array() throws InfraGraphException {
        List<Object> items = new ArrayList<>();
        at++;
        skipSpace();
        if (peek() == ']') {
            at++;
            return items;
        }
        while (true) {
            items.add(value());
            skipSpace();
            if (peek() == ',') {
                at++;
            } else {
                expect(']');
                return items;
            }
        }
    }

    private String string() throws InfraGraphException {
        StringBuilder out = new StringBuilder();
        at++;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\n') {
                throw error("a string runs past the end of its line");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char escaped = at < text.length() ? text.charAt(at++) : ' ';
            switch (escaped) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("a \\u escape needs four hex digits");
                    }
                    out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> out.append(escaped);
            }
        }
        throw error("a string is not closed");
    }

    private Double number() throws InfraGraphException {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        try {
            return Double.valueOf(text.substring(start, at));
        } catch (NumberFormatException e) {
            throw error("expected a value (object, array, string, number, true, false or null)");
        }
    }

    private void expect(char c) throws InfraGraphException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            if (text.charAt(at) == '\n') {
                line++;
            }
            at++;
        }
    }

    private InfraGraphException error(String what) {
        return new InfraGraphException(source + ":" + line + ": not valid JSON: " + what
                + "; an InfraGraph file is the JSON form of the Infrastructure object");
    }
}
