package org.fabricsim.dsl.ide.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded incremental edits as an editor sends them: a keyword of the grammar, digits, a unit, a bracket, a quote,
 * unicode or a line break typed at a random place, a range deleted or overwritten, another file's text pasted
 * into the middle; and, asked for by name, the whole document emptied, a line of a million characters pasted or a
 * NUL typed.
 */
final class EditorEdits {
    /** The longest line {@link #megabyteLine} pastes, in characters (1 MiB). */
    static final int MEGABYTE_LINE = 1 << 20;
    private static final String[] DIGITS = { "0", "1", "8", "64", "-1", "1.5", "2147483647", "2147483648",
            "9007199254740993", "1e9", "0.000001", "00", "1_000" };
    private static final String[] UNITS = { "Gb/s", "GB/s", "Tb/s", "GiB", "MiB", "TiB", "B", "us", "ms", "ns", "s",
            "h", "TFLOPS", "PFLOPS", "%", "W", "kW", "/h", "tokens/s", "x" };
    private static final String[] BRACKETS = { "{", "}", "[", "]", "(", ")", "{}", "{\n}", ",", ":", ";", "." };
    private static final String[] QUOTES = { "\"", "'", "\"\"", "\"unterminated", "/*", "*/", "//", "\\" };
    private static final String[] UNICODE = { "\u00e9", "\u540d\u524d", "\uD83D\uDE00", "\uFEFF", "\u202E", "\u0301",
            "\u001b", "\u00a0", "\u2028", "\t", "\uD834\uDD1E x" };
    private static final String[] BREAKS = { "\n", "\r\n", "\r", " ", "    ", "\n\n" };

    /** One edit: replace {@code [start, end)} of the text by {@code inserted}; {@code kind} names it in reports. */
    record Edit(int start, int end, String inserted, String kind) {
    }

    private final Random random;
    private final List<String> keywords;
    private final List<String> pastes;

    EditorEdits(long seed, List<String> keywords, List<String> pastes) {
        this.random = new Random(seed);
        this.keywords = keywords;
        this.pastes = pastes;
    }

    Random random() {
        return random;
    }

    /** The keywords of the grammar at {@code grammar}: every quoted literal of its rules. */
    static List<String> keywords(Path grammar) throws IOException {
        Matcher literal = Pattern.compile("'((?:[^'\\\\]|\\\\.)+)'")
                .matcher(Files.readString(grammar, StandardCharsets.UTF_8));
        TreeSet<String> keywords = new TreeSet<>();
        while (literal.find()) {
            keywords.add(literal.group(1).replace("\\'", "'").replace("\\\\", "\\"));
        }
        return List.copyOf(keywords);
    }

    /** A random edit of {@code text}. */
    Edit next(TextMirror text) {
        int at = text.offsetAt(random.nextInt(text.text().length() + 1));
        return switch (random.nextInt(10)) {
            case 0, 1 -> new Edit(at, at, keywords.get(random.nextInt(keywords.size())) + pick(" ", ""), "keyword");
            case 2 -> new Edit(at, at, pick(DIGITS), "digits");
            case 3 -> new Edit(at, at, pick(UNITS), "unit");
            case 4 -> new Edit(at, at, pick(BRACKETS), "bracket");
            case 5 -> new Edit(at, at, pick(QUOTES), "quote");
            case 6 -> new Edit(at, at, pick(UNICODE), "unicode");
            case 7 -> new Edit(at, at, pick(BREAKS), "line break");
            case 8 -> {
                int end = text.offsetAt(at + 1 + random.nextInt(random.nextInt(8) == 0 ? 400 : 12));
                yield new Edit(at, Math.max(at, end), random.nextBoolean() ? "" : pick(BRACKETS), "delete");
            }
            default -> random.nextInt(4) == 0 ? paste(text) : new Edit(at, text.offsetAt(at + random.nextInt(3)),
                    keywords.get(random.nextInt(keywords.size())), "overwrite");
        };
    }

    /** Another file's text, whole or in part, pasted into the middle of {@code text}. */
    Edit paste(TextMirror text) {
        String other = pastes.get(random.nextInt(pastes.size()));
        int from = new TextMirror(other).offsetAt(random.nextInt(other.length() / 2 + 1));
        int to = random.nextBoolean() ? other.length() : new TextMirror(other).offsetAt(from
                + random.nextInt(other.length() - from + 1));
        int at = text.offsetAt(text.text().length() / 2 + random.nextInt(text.text().length() / 4 + 1));
        return new Edit(at, at, other.substring(from, Math.max(from, to)), "paste");
    }

    /** A NUL character typed: the file is then refused as not text until it is removed. */
    Edit nul(TextMirror text) {
        int at = text.offsetAt(random.nextInt(text.text().length() + 1));
        return new Edit(at, at, "\u0000", "NUL");
    }

    /** The whole document removed. */
    Edit empty(TextMirror text) {
        return new Edit(0, text.text().length(), "", "empty document");
    }

    /** One line of {@value #MEGABYTE_LINE} characters (tokens of the grammar, repeated) pasted at a line start. */
    Edit megabyteLine(TextMirror text) {
        StringBuilder line = new StringBuilder(MEGABYTE_LINE + 64);
        String unit = keywords.get(random.nextInt(keywords.size())) + " " + pick(DIGITS) + " " + pick(UNITS) + " ";
        while (line.length() < MEGABYTE_LINE) {
            line.append(random.nextInt(50) == 0 ? pick("{", "}", "(", ")", ",") : unit);
        }
        line.setLength(MEGABYTE_LINE);
        int lineStart = text.offset(new org.eclipse.lsp4j.Position(random.nextInt(text.lineCount()), 0));
        return new Edit(lineStart, lineStart, line + "\n", "1 MB line");
    }

    private String pick(String... choices) {
        return choices[random.nextInt(choices.length)];
    }
}
