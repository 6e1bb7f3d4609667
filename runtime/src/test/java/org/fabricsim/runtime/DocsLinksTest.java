package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The Markdown a newcomer reads on GitHub leads somewhere: every relative link of every {@code .md}
 * file of the repository names a file that exists, and a link to a heading ({@code file.md#anchor},
 * {@code #anchor}) names a heading that file has, by GitHub's anchor rule (lower case, punctuation
 * but {@code -} and {@code _} dropped, spaces to {@code -}, a repeated heading suffixed {@code -1},
 * {@code -2}). Every code fence is closed: an open one turns the rest of the file, its headings
 * included, into code (docs/diagnostics.md lost 65 link targets that way).
 */
class DocsLinksTest {
    private static final Pattern FENCE = Pattern.compile("^\\s*```");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    @Test
    void shouldLeadEveryRelativeLinkOfTheDocsToAFileAndHeadingThatExist() throws IOException {
        Path root = RepositoryPathsTest.repositoryRoot();
        List<Path> pages = markdown(root);
        assertTrue(pages.size() >= 15, "found only " + pages.size() + " Markdown files under " + root);
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            for (String link : links(Files.readAllLines(page, StandardCharsets.UTF_8))) {
                if (SCHEME.matcher(link).find()) {
                    continue;
                }
                int hash = link.indexOf('#');
                String file = hash < 0 ? link : link.substring(0, hash);
                Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(target)) {
                    broken.add(root.relativize(page) + ": no file " + link);
                } else if (hash >= 0 && target.toString().endsWith(".md")
                        && !anchors.computeIfAbsent(target, DocsLinksTest::anchors).contains(link.substring(hash + 1))) {
                    broken.add(root.relativize(page) + ": no heading " + link);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void shouldCloseEveryCodeFenceOfTheDocs() throws IOException {
        Path root = RepositoryPathsTest.repositoryRoot();
        List<String> open = new ArrayList<>();
        for (Path page : markdown(root)) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            int opened = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (FENCE.matcher(lines.get(i)).find()) {
                    opened = opened < 0 ? i + 1 : -1;
                }
            }
            if (opened > 0) {
                open.add(root.relativize(page) + ":" + opened);
            }
        }
        assertEquals(List.of(), open, "code fences opened and never closed");
    }

    /** GitHub's anchors for a page's headings, outside code blocks. */
    static Set<String> anchors(Path page) {
        List<String> lines;
        try {
            lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(lines)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int repeats = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(repeats == 0 ? slug : slug + "-" + repeats);
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading: e.g. "`fabric.unit.wrong-dimension`" is "fabricunitwrong-dimension". */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\p{M}_\\- ]", "").replace(' ', '-');
    }

    private static List<String> links(List<String> lines) {
        List<String> links = new ArrayList<>();
        for (String line : prose(lines)) {
            Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (link.find()) {
                links.add(link.group(1));
            }
        }
        return links;
    }

    /** The lines outside fenced code blocks. */
    private static List<String> prose(List<String> lines) {
        List<String> prose = new ArrayList<>();
        boolean code = false;
        for (String line : lines) {
            if (FENCE.matcher(line).find()) {
                code = !code;
            } else if (!code) {
                prose.add(line);
            }
        }
        return prose;
    }

    private static List<Path> markdown(Path root) throws IOException {
        return CommittedFiles.under(root).stream().filter(file -> file.getFileName().toString().endsWith(".md"))
                .toList();
    }
}
