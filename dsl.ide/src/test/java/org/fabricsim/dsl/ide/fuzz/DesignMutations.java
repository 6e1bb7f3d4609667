package org.fabricsim.dsl.ide.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded mutations of what a design engineer writes about a design space (session 65): a study's axis list changed
 * (a value duplicated, a degenerate or extreme value appended, the values reversed, a thousand values, the study's
 * own name as a value), {@code vary cluster} over a copy of a cluster given an odd shape (one node, an odd count, a
 * second group, seven accelerators a node), a node count or range at 0, 2^31 - 1 or 10^9 or written backwards, and a
 * number before a unit moved to an edge of the int, long or double range. The same random sequence and input give the
 * same mutant; a text with nothing to mutate is returned unchanged.
 */
final class DesignMutations {
    private static final Pattern AXIS = Pattern.compile("vary\\s+(?:\\w+\\s+)?[\\w.-]+\\s+in\\s+\\[([^\\]\\n]*)\\]");
    private static final Pattern STUDY = Pattern.compile("(?m)^\\s*study\\s+(\\w+)\\s*\\{");
    private static final Pattern CLUSTER = Pattern.compile("(?m)^\\s*cluster\\s+(\\w+)\\s*\\{");
    private static final Pattern GROUP = Pattern.compile("nodes\\s+(\\d+)\\s+x\\s+");
    /** A node count: a cluster's group, a benchmark's {@code on C nodes N}, a shared job's range, a failure domain. */
    private static final Pattern NODE_COUNT = Pattern.compile("nodes\\s+(\\d+)(\\s+to\\s+(\\d+))?|(\\d+)\\s+nodes\\b");
    /** A number written before a unit: the quantity fields of every kind of model. */
    private static final Pattern MEASURED = Pattern.compile("(?<![\\w.])\\d+(\\.\\d+)?(?=\\s*(%|/h|/s|[A-Za-z]+/s|"
            + "[KMGT]i?B|[KMGTP]?FLOPS|k?W|s|ms|us|ns|h|years|tokens|points)\\b)");
    /**
     * The edges: 2^31 - 1 and 2^31 (int), 2^32, 2^53 + 1 (the first integer a double cannot hold), 2^63 - 1 and 2^63
     * (long), 10^309 (past the largest double, which parses to infinity) and 10^-400 (below the smallest, 0).
     */
    private static final String[] EDGES = { "2147483647", "2147483648", "4294967296", "9007199254740993",
            "9223372036854775807", "9223372036854775808", "1" + "0".repeat(309), "0." + "0".repeat(399) + "1" };
    private static final String[] AXIS_VALUES = { "0", "-1", "1", "2147483647", "9223372036854775808", "0.5", "ring",
            "none", "1 %", "0 ms", "1000000 GiB" };

    private final Random random;

    /** Mutations drawn from {@code random}, which the caller may share with its own. */
    DesignMutations(Random random) {
        this.random = random;
    }

    /** One of the mutations, drawn at random. */
    String any(String text) {
        return switch (random.nextInt(4)) {
            case 0 -> axisList(text);
            case 1 -> oddCluster(text);
            case 2 -> nodeCount(text);
            default -> edgeOfRange(text);
        };
    }

    /** One study axis list changed: a value twice, an extreme value added, reversed, 1 to 1,000, or the study itself. */
    String axisList(String text) {
        Matcher axis = pick(AXIS, text);
        if (axis == null) {
            return text;
        }
        List<String> values = new ArrayList<>(List.of(axis.group(1).split(",", -1)));
        switch (random.nextInt(5)) {
            case 0 -> values.add(values.get(random.nextInt(values.size())));
            case 1 -> values.add(random.nextInt(values.size() + 1), " " + AXIS_VALUES[random.nextInt(AXIS_VALUES.length)]);
            case 2 -> Collections.reverse(values);
            case 3 -> {
                values.clear();
                for (int i = 1; i <= 1_000; i++) {
                    values.add(" " + i);
                }
            }
            default -> values.set(random.nextInt(values.size()), " " + studyAround(text, axis.start()));
        }
        return text.substring(0, axis.start(1)) + String.join(",", values).strip() + text.substring(axis.end(1));
    }

    /**
     * A cluster of the file copied as {@code <name>Odd} with an odd shape, and a study varying the cluster over both
     * (its {@code vary cluster} list gains the copy, or the first study gains the axis).
     */
    String oddCluster(String text) {
        Matcher cluster = pick(CLUSTER, text);
        Matcher study = STUDY.matcher(text);
        if (cluster == null || !study.find()) {
            return text;
        }
        int end = closingBrace(text, cluster.end() - 1);
        String name = cluster.group(1);
        String copy = text.substring(cluster.start(), end + 1).replaceFirst("cluster\\s+" + name, "cluster " + name + "Odd");
        Matcher group = GROUP.matcher(copy);
        if (group.find()) {
            long count = Long.parseLong(group.group(1));
            String shape = switch (random.nextInt(5)) {
                case 0 -> "nodes 1 x ";
                case 1 -> "nodes " + (count + 1) + " x ";
                case 2 -> "nodes " + Math.max(1, 2 * count - 1) + " x ";
                case 3 -> "nodes 1 x 7 accelerators\n    nodes " + count + " x ";
                default -> "nodes " + count + " x 7 accelerators\n    nodes 1 x ";
            };
            copy = copy.substring(0, group.start()) + shape + copy.substring(group.end());
        }
        String copied = text.substring(0, end + 1) + "\n\n" + copy + text.substring(end + 1);
        if (copied.contains("vary cluster in [")) {
            return copied.replaceFirst("vary cluster in \\[", "vary cluster in [" + name + "Odd, ");
        }
        study = STUDY.matcher(copied);
        study.find();
        return copied.substring(0, study.end()) + "\n    vary cluster in [" + name + ", " + name + "Odd]"
                + copied.substring(study.end());
    }

    /** One node count or range at 0, 2^31 - 1 or a billion, or a range written backwards. */
    String nodeCount(String text) {
        Matcher count = pick(NODE_COUNT, text);
        if (count == null) {
            return text;
        }
        if (count.group(3) != null && random.nextInt(4) == 0) {
            return text.substring(0, count.start(1)) + count.group(3) + " to " + count.group(1) + text.substring(count.end());
        }
        int group = count.group(1) != null ? 1 : 4;
        String value = List.of("0", "2147483647", "1000000000").get(random.nextInt(3));
        return text.substring(0, count.start(group)) + value + text.substring(count.end(group));
    }

    /** One number written before a unit moved to an edge of the int, long or double range. */
    String edgeOfRange(String text) {
        Matcher number = pick(MEASURED, text);
        if (number == null) {
            return text;
        }
        return text.substring(0, number.start()) + EDGES[random.nextInt(EDGES.length)] + text.substring(number.end());
    }

    /** The name of the study whose body holds {@code offset}, or of the first study. */
    private static String studyAround(String text, int offset) {
        Matcher study = STUDY.matcher(text);
        String name = "Missing";
        while (study.find() && (name.equals("Missing") || study.start() < offset)) {
            name = study.group(1);
        }
        return name;
    }

    private static int closingBrace(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            depth += text.charAt(i) == '{' ? 1 : text.charAt(i) == '}' ? -1 : 0;
            if (depth == 0) {
                return i;
            }
        }
        return text.length() - 1;
    }

    /** A random match of {@code pattern} in {@code text} outside comments, or null when none. */
    private Matcher pick(Pattern pattern, String text) {
        List<Integer> starts = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            String before = text.substring(text.lastIndexOf('\n', matcher.start() - 1) + 1, matcher.start()).strip();
            if (!before.contains("//") && !before.startsWith("*") && !before.startsWith("/*")) {
                starts.add(matcher.start());
            }
        }
        if (starts.isEmpty()) {
            return null;
        }
        matcher.find(starts.get(random.nextInt(starts.size())));
        return matcher;
    }
}
