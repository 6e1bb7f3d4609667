package org.fabricsim.dsl.resource;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * What a model file may be: UTF-8 text (a leading byte-order mark is skipped) of at most
 * {@value #MAX_BYTES} bytes, no line longer than {@value #MAX_LINE_LENGTH} characters and brackets
 * nested at most {@value #MAX_DEPTH} deep. Anything else is refused with the limit it exceeds, or
 * with the byte offset where the text stops being UTF-8, before the parser sees it. O(bytes).
 */
public final class BoundedInput {
    /** The largest model file, in bytes (8 MiB). */
    public static final int MAX_BYTES = 8 << 20;
    /** The longest line, in characters. */
    public static final int MAX_LINE_LENGTH = 200_000;
    /** The deepest nesting of braces, parentheses and square brackets outside comments and strings. */
    public static final int MAX_DEPTH = 64;

    private static final byte[] BOM = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };

    private BoundedInput() {
    }

    /** Why a file was refused, and the line it concerns (1 when it concerns the whole file). */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final int line;

        Refused(String message, int line) {
            super(message, null, false, false);
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    /** The text of {@code bytes}, without a leading byte-order mark. */
    public static String text(byte[] bytes) throws Refused {
        if (bytes.length > MAX_BYTES) {
            throw new Refused("This file has " + bytes.length + " bytes, more than the " + MAX_BYTES
                    + " (8 MiB) a model may have: split it into several files.", 1);
        }
        int skip = startsWithBom(bytes) ? BOM.length : 0;
        String text = decode(bytes, skip);
        check(text);
        return text;
    }

    /** Refuses {@code text} when a line is too long or its brackets nest too deep. */
    public static void check(String text) throws Refused {
        int line = 1;
        int lineStart = 0;
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r') {
                checkLength(i - lineStart, line);
                line++;
                lineStart = ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? ++i + 1 : i + 1;
            } else if (ch == '/' && i + 1 < text.length() && (text.charAt(i + 1) == '/' || text.charAt(i + 1) == '*')) {
                int end = text.charAt(i + 1) == '/' ? lineBreakFrom(text, i) : text.indexOf("*/", i + 2);
                i = (end < 0 ? text.length() : end + (text.charAt(i + 1) == '*' ? 2 : 0)) - 1;
            } else if (ch == '"') {
                int end = text.indexOf('"', i + 1);
                i = end < 0 ? text.length() : end;
            } else if (ch == '{' || ch == '(' || ch == '[') {
                if (++depth > MAX_DEPTH) {
                    throw new Refused("Brackets nest more than " + MAX_DEPTH + " deep here, deeper than a model may:"
                            + " close some of them.", line);
                }
            } else if (ch == '}' || ch == ')' || ch == ']') {
                depth = Math.max(0, depth - 1);
            }
        }
        checkLength(text.length() - lineStart, line);
    }

    private static void checkLength(int length, int line) throws Refused {
        if (length > MAX_LINE_LENGTH) {
            throw new Refused("This line has " + length + " characters, more than the " + MAX_LINE_LENGTH
                    + " a line may have: break it into several lines.", line);
        }
    }

    private static int lineBreakFrom(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == '\n' || text.charAt(i) == '\r') {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWithBom(byte[] bytes) {
        return bytes.length >= BOM.length && bytes[0] == BOM[0] && bytes[1] == BOM[1] && bytes[2] == BOM[2];
    }

    private static String decode(byte[] bytes, int skip) throws Refused {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, skip, bytes.length - skip);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            throw new Refused(String.format("This file is not UTF-8 text: byte %d (0x%02X, on line %d) is not valid"
                    + " UTF-8. Save it as UTF-8.", offset, bytes[offset] & 0xFF, lineOf(bytes, offset)),
                    lineOf(bytes, offset));
        }
        decoder.flush(out);
        for (int i = skip; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new Refused("This file is not text: byte " + i + " (on line " + lineOf(bytes, i)
                        + ") is a NUL (0x00). A model is UTF-8 text.", lineOf(bytes, i));
            }
        }
        return out.flip().toString();
    }

    private static int lineOf(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n' || bytes[i] == '\r' && (i + 1 >= bytes.length || bytes[i + 1] != '\n')) {
                line++;
            }
        }
        return line;
    }
}
