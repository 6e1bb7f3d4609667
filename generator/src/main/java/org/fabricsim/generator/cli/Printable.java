package org.fabricsim.generator.cli;

/**
 * Text from a model made safe for a terminal: control characters (ESC, NUL, BEL, a carriage return,
 * C1 controls) that a message quotes are written as {@code \u001b} escapes instead of being sent raw,
 * where they could move the cursor, recolour the screen or ring the bell.
 */
final class Printable {
    private Printable() {
    }

    static String of(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (Character.getType(ch) == Character.CONTROL) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                out.append(String.format("\\u%04x", (int) ch));
            } else if (out != null) {
                out.append(ch);
            }
        }
        return out == null ? text : out.toString();
    }
}
