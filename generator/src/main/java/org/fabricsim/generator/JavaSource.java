package org.fabricsim.generator;

import java.util.Set;

/**
 * Escaping for everything from a model that reaches Java source. A shared model must never be
 * able to inject code into the generated program, so names become valid identifiers, text becomes
 * string literals or comment text, and every backslash is doubled (which also disarms Java's
 * {@code \}{@code u} escapes, processed before lexing even inside comments and strings).
 */
public final class JavaSource {
    private static final Set<String> RESERVED = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
            "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends",
            "final", "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
            "interface", "long", "native", "new", "package", "private", "protected", "public", "return", "short",
            "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try",
            "void", "volatile", "while", "true", "false", "null", "var", "yield", "record", "sealed", "permits",
            "non-sealed", "_");

    private JavaSource() {
    }

    /** {@code text} as a Java string literal, quotes included; non-ASCII becomes {@code \}{@code uXXXX}. */
    public static String stringLiteral(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> appendPrintable(c, out);
            }
        }
        return out.append('"').toString();
    }

    /** {@code text} made safe inside a block or line comment: one line, no comment end, no escapes. */
    public static String commentText(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                out.append("\\\\");
            } else if (c == '*' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                out.append("* ");
            } else if (c < 0x20 || c == 0x7f) {
                out.append(' ');
            } else {
                appendPrintable(c, out);
            }
        }
        return out.toString();
    }

    /** A valid Java identifier for {@code name}: other characters become '_', reserved words get a '_' suffix. */
    public static String identifier(String name) {
        StringBuilder out = new StringBuilder(name.length() + 1);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = c < 0x80 && (i == 0 ? Character.isJavaIdentifierStart(c) : Character.isJavaIdentifierPart(c));
            out.append(ok ? c : '_');
        }
        if (out.isEmpty()) {
            out.append('_');
        }
        String id = out.toString();
        return RESERVED.contains(id) ? id + "_" : id;
    }

    /** A valid Java package name for a dotted model name, each segment an identifier. */
    public static String packageName(String dottedName) {
        StringBuilder out = new StringBuilder();
        for (String segment : dottedName.split("\\.", -1)) {
            if (!out.isEmpty()) {
                out.append('.');
            }
            out.append(identifier(segment));
        }
        return out.toString();
    }

    private static void appendPrintable(char c, StringBuilder out) {
        if (c < 0x20 || c >= 0x7f) {
            out.append(String.format("\\u%04x", (int) c));
        } else {
            out.append(c);
        }
    }
}
