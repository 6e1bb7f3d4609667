package org.fabricsim.dsl.ide.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded mutations of a model's text, as a hostile user types: characters, tokens, lines, numbers,
 * units, unicode and nesting; and, since session 64, whole-text ones: two units swapped, a name made
 * thousands of characters long, a braced block duplicated, the file importing its own package, and the
 * line ends or the indentation rewritten (CRLF, tabs); and, since session 65, the design-space ones of
 * {@link DesignMutations}. The same seed and input give the same mutant.
 */
final class Mutator {
    private static final Pattern NUMBER = Pattern.compile("\\d+(\\.\\d+)?");
    private static final Pattern TOKEN = Pattern.compile("[^\\s{}()\\[\\],:]+|[{}()\\[\\],:]");
    private static final Pattern NAME = Pattern.compile("\\b[A-Za-z_][A-Za-z0-9_]*\\b");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([A-Za-z_][\\w.]*)");
    private static final Pattern UNIT = Pattern.compile("\\b(Gb/s|GB/s|Tb/s|TB/s|GiB|MiB|KiB|TiB|GB|MB|TB|us|ms|ns|s|h|"
            + "TFLOPS|PFLOPS|W|kW|%|tokens/s)(?=\\s|$|[,}\\]])");
    private static final String[] NUMBERS = { "0", "-1", "1.5", "00", "2147483647", "2147483648", "9007199254740993",
            "100000000000000000000", "0.000000001", "99999999", "1", "3" };
    private static final String[] UNITS = { "Gb/s", "GB/s", "Tb/s", "GiB", "MiB", "TiB", "B", "us", "ms", "s", "h",
            "years", "TFLOPS", "%", "W", "/h", "/s", "tokens/s" };
    private static final String[] TOKENS = { "{", "}", "[", "]", "(", ")", ",", ":", ".", "x", "$", "-", "^", "*",
            "import", "package", "cluster", "node", "nic", "switch", "training", "study", "vary", "in", "on", "to",
            "\"", "/*", "//", "fabric", "calibration", "software", "benchmark", "inference", "traffic", "'" };
    private static final String[] UNICODE = { "\uFEFF", "\u202E", "\u0301", "\u00e9", "\u540d\u524d", "\uD83D\uDE00",
            "\uD800", "\u001b", "\u0007", "\u0000", "\r", "\r\n", "\t", "\u00a0", "\u2028" };

    private final Random random;
    private final DesignMutations design;

    Mutator(long seed) {
        random = new Random(seed);
        design = new DesignMutations(random);
    }

    /** One to three mutations of {@code text}. */
    String mutate(String text) {
        String mutant = text;
        for (int i = random.nextInt(3); i >= 0; i--) {
            mutant = once(mutant);
        }
        return mutant;
    }

    /** Only numbers changed, to values close to the written ones: mutants that often still validate. */
    String nearbyNumbers(String text) {
        return replaceOne(text, NUMBER, number -> {
            double value = Double.parseDouble(number);
            long whole = Math.max(1, Math.round(value * List.of(0.5, 2.0, 3.0, 0.25, 1.0).get(random.nextInt(5))));
            return number.contains(".") ? String.valueOf(whole) + ".5" : String.valueOf(whole + random.nextInt(2));
        });
    }

    /** One number changed to an extreme or degenerate value (0, -1, 2^31 - 1, 10^20, ...): edge cases of the runs. */
    String extremeNumber(String text) {
        return replaceOne(text, NUMBER, number -> pick(NUMBERS));
    }

    /** One mutation of a design space, a node count or a number at a range's edge ({@link DesignMutations}). */
    String design(String text) {
        return design.any(text);
    }

    private String once(String text) {
        if (text.isEmpty()) {
            return pick(TOKENS);
        }
        return switch (random.nextInt(14)) {
            case 0 -> insertAt(text, random.nextInt(text.length() + 1), String.valueOf((char) (32 + random.nextInt(95))));
            case 1 -> deleteRange(text, random.nextInt(text.length()), 1 + random.nextInt(8));
            case 2 -> tokens(text);
            case 3 -> lines(text);
            case 4 -> extremeNumber(text);
            case 5 -> replaceOne(text, UNIT, unit -> pick(UNITS));
            case 6 -> insertAt(text, random.nextInt(text.length() + 1), pick(UNICODE));
            case 7 -> nest(text);
            case 8 -> swappedUnits(text);
            case 9 -> replaceOne(text, NAME, name -> name.repeat(1 + (1_000 + random.nextInt(20_000)) / name.length()));
            case 10 -> duplicateBlock(text);
            case 11 -> importItself(text);
            case 12 -> design(text);
            default -> random.nextBoolean() ? text.replace("\n", "\r\n") : text.replaceAll("(?m)^( {4}|  )", "\t");
        };
    }

    /**
     * Two of the written units swapped ({@code 400 Gb/s ... 80 GiB} becomes {@code 400 GiB ... 80 Gb/s}): when both
     * measure the same quantity (two sizes, two times), a mutant that often still validates with magnitudes moved by
     * 2^10 to 10^9; otherwise a unit the field does not take.
     */
    String swappedUnits(String text) {
        List<int[]> spans = spans(UNIT, text);
        if (spans.size() < 2) {
            return text;
        }
        int[] first = spans.get(random.nextInt(spans.size()));
        int[] second = spans.get(random.nextInt(spans.size()));
        if (first[0] > second[0]) {
            int[] swap = first;
            first = second;
            second = swap;
        }
        if (first[0] == second[0]) {
            return text;
        }
        return text.substring(0, first[0]) + text.substring(second[0], second[1]) + text.substring(first[1], second[0])
                + text.substring(first[0], first[1]) + text.substring(second[1]);
    }

    /** A braced block, from a random '{' to its matching '}', written twice: duplicate names and members. */
    private String duplicateBlock(String text) {
        List<Integer> opens = new ArrayList<>();
        for (int i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
            opens.add(i);
        }
        if (opens.isEmpty()) {
            return text;
        }
        int start = opens.get(random.nextInt(opens.size()));
        int lineStart = text.lastIndexOf('\n', start) + 1;
        int depth = 0;
        for (int i = start; i < text.length(); i++) {
            depth += text.charAt(i) == '{' ? 1 : text.charAt(i) == '}' ? -1 : 0;
            if (depth == 0) {
                return insertAt(text, i + 1, "\n" + text.substring(lineStart, i + 1));
            }
        }
        return text;
    }

    /** The file imports its own package (one declared, when it has none): a cycle of one file. */
    private String importItself(String text) {
        Matcher declared = PACKAGE.matcher(text);
        if (declared.find()) {
            String imported = random.nextBoolean() ? declared.group(1) + ".*" : declared.group(1);
            return insertAt(text, declared.end(), "\nimport " + imported + "\n");
        }
        return "package fuzz.self\nimport fuzz.self.*\n" + text;
    }

    private String tokens(String text) {
        List<int[]> spans = spans(TOKEN, text);
        if (spans.isEmpty()) {
            return text;
        }
        int[] span = spans.get(random.nextInt(spans.size()));
        String token = text.substring(span[0], span[1]);
        return switch (random.nextInt(3)) {
            case 0 -> text.substring(0, span[0]) + text.substring(span[1]);
            case 1 -> text.substring(0, span[1]) + " " + token + text.substring(span[1]);
            default -> text.substring(0, span[0]) + pick(TOKENS) + text.substring(span[1]);
        };
    }

    private String lines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int at = random.nextInt(lines.size());
        switch (random.nextInt(3)) {
            case 0 -> lines.remove(at);
            case 1 -> lines.add(at, lines.get(random.nextInt(lines.size())));
            default -> lines.set(at, lines.set(random.nextInt(lines.size()), lines.get(at)));
        }
        return String.join("\n", lines);
    }

    private String nest(String text) {
        int at = random.nextInt(text.length() + 1);
        int depth = 1 + random.nextInt(random.nextBoolean() ? 4 : 80);
        return random.nextBoolean() ? insertAt(text, at, "{".repeat(depth))
                : insertAt(insertAt(text, at, "}".repeat(depth)), at, "{".repeat(depth));
    }

    private String replaceOne(String text, Pattern pattern, java.util.function.UnaryOperator<String> replacement) {
        List<int[]> spans = spans(pattern, text);
        if (spans.isEmpty()) {
            return text;
        }
        int[] span = spans.get(random.nextInt(spans.size()));
        return text.substring(0, span[0]) + replacement.apply(text.substring(span[0], span[1]))
                + text.substring(span[1]);
    }

    private static List<int[]> spans(Pattern pattern, String text) {
        List<int[]> spans = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            spans.add(new int[] { matcher.start(), matcher.end() });
        }
        return spans;
    }

    private static String insertAt(String text, int at, String inserted) {
        return text.substring(0, at) + inserted + text.substring(at);
    }

    private static String deleteRange(String text, int at, int length) {
        return text.substring(0, at) + text.substring(Math.min(text.length(), at + length));
    }

    private String pick(String[] choices) {
        return choices[random.nextInt(choices.length)];
    }
}
