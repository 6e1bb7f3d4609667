package org.fabricsim.runtime.picture;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabricsim.runtime.report.HtmlReportTest;

/** A picture as headless Chromium parses it, and counts of what it holds. */
final class SvgDom {
    private SvgDom() {
    }

    /** The DOM Chromium builds from {@code svg}, written to {@code dir}; fails when the SVG does not parse. */
    static String dom(Path dir, String svg) throws Exception {
        Path file = dir.resolve("picture.svg");
        Files.writeString(file, svg, StandardCharsets.UTF_8);
        String dom = HtmlReportTest.chromium(dir, "--dump-dom", file.toUri().toString());
        assertFalse(dom.contains("parsererror"), "the SVG parses: " + dom);
        return dom;
    }

    /** How often {@code pattern} stands in {@code text}, literally. */
    static int count(String text, String pattern) {
        Matcher m = Pattern.compile(Pattern.quote(pattern)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
