package org.fabricsim.runtime.result;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A small JSON writer for result documents: maps (in iteration order), lists, strings, numbers,
 * booleans and null. Non-finite numbers are written as {@code null}, since JSON has no NaN.
 * Output is indented by two spaces and ends with a newline.
 */
public final class Json {
    private Json() {
    }

    /** Writes {@code value} as a JSON document. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, 0);
        return out.append('\n').toString();
    }

    /**
     * Appends {@code value} to {@code out} as it appears {@code depth} levels deep in a document (its
     * inner lines indented by two spaces per level), without a final newline.
     */
    public static void write(Object value, StringBuilder out, int depth) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            quote(s, out);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            out.append(Double.isFinite(d) ? Double.toString(d) : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            writeMap(map, out, depth);
        } else if (value instanceof List<?> list) {
            writeList(list, out, depth);
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    private static void writeMap(Map<?, ?> map, StringBuilder out, int depth) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<?, ?> entry = entries.next();
            newline(out, depth + 1);
            quote(String.valueOf(entry.getKey()), out);
            out.append(": ");
            write(entry.getValue(), out, depth + 1);
            if (entries.hasNext()) {
                out.append(',');
            }
        }
        newline(out, depth);
        out.append('}');
    }

    private static void writeList(List<?> list, StringBuilder out, int depth) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
            newline(out, depth + 1);
            write(list.get(i), out, depth + 1);
            if (i + 1 < list.size()) {
                out.append(',');
            }
        }
        newline(out, depth);
        out.append(']');
    }

    /** Appends a line break and the indentation of {@code depth} levels. */
    public static void newline(StringBuilder out, int depth) {
        out.append('\n');
        for (int level = 0; level < depth; level++) {
            out.append("  ");
        }
    }

    /** Appends {@code s} as a JSON string literal, escaping quotes, backslashes and controls. */
    public static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
