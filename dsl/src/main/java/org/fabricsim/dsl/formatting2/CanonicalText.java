package org.fabricsim.dsl.formatting2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.StringInputStream;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.resource.FabricResource;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * The canonical text of a parsed file, as {@code fabric format} and the editor write it: four-space
 * indents, laid out by {@link LayoutRules} and {@link LayoutWriter} in time linear in the file's length
 * (Xtext's formatter2, used before, took seconds on a 200 KB file with a 100,000-character line).
 */
public class CanonicalText {
    /** One level of indentation. */
    public static final String INDENT = "    ";
    private static final Pattern LINE_BREAK = Pattern.compile("\\r\\n|\\r|\\n");

    @Inject
    private Provider<XtextResource> resources;

    @Inject
    private LayoutRules rules;

    /** Whether {@code resource} may be formatted: it was read (not refused) and parses without syntax errors. */
    public static boolean formattable(XtextResource resource) {
        return !(resource instanceof FabricResource file && file.isRefused()) && resource.getParseResult() != null
                && !resource.getParseResult().hasSyntaxErrors();
    }

    /**
     * The formatted text of {@code resource}, which must be {@link #formattable}. A file without
     * definitions (empty, blank or only comments) has nothing to lay out and keeps its text. Line
     * breaks are the file's own: all of them are the kind ({@code \n}, {@code \r\n} or {@code \r}) it
     * uses most ({@code \n} for a file without any). A file that mixes them is formatted again once its
     * breaks are uniform, since a comment's lines are laid out by the breaks inside it. When uniform
     * breaks do not parse (a {@code //} comment cannot end in a lone {@code \r} before more text), such a
     * comment keeps its own break: rendering that text crashed the formatter (issue 21).
     */
    public String of(XtextResource resource) {
        if (!formattable(resource)) {
            throw new IllegalArgumentException("a file with syntax errors is never formatted");
        }
        String original = resource.getParseResult().getRootNode().getText();
        if (resource.getContents().isEmpty()) {
            return original;
        }
        String lineBreak = dominantLineBreak(original);
        String formatted = layout(resource, original, lineBreak);
        String uniform = LINE_BREAK.matcher(formatted).replaceAll(Matcher.quoteReplacement(lineBreak));
        if (uniform.equals(formatted)) {
            return formatted;
        }
        XtextResource uniformed = parsed(resource, uniform);
        return formattable(uniformed) ? layout(uniformed, uniform, lineBreak) : formatted;
    }

    /**
     * The edits that lay out {@code resource} (which must be {@link #formattable} and define something) with
     * its own dominant line break, in order: {@link #of} applies them, and range formatting those inside the
     * range. A file mixing line breaks is formatted further by {@link #of}.
     */
    public List<LayoutEdit> edits(XtextResource resource) {
        String text = resource.getParseResult().getRootNode().getText();
        return edits(resource, text, dominantLineBreak(text));
    }

    private List<LayoutEdit> edits(XtextResource resource, String text, String lineBreak) {
        LayoutTokens tokens = new LayoutTokens(resource.getParseResult().getRootNode(), text);
        return LayoutWriter.edits(tokens, rules.of(tokens, (Model) resource.getContents().get(0)), INDENT, lineBreak);
    }

    private String layout(XtextResource resource, String text, String lineBreak) {
        return LayoutEdit.applyAll(text, edits(resource, text, lineBreak));
    }

    /** {@code text} parsed on its own, as a file at {@code like}'s place: only its layout is used. */
    private XtextResource parsed(XtextResource like, String text) {
        XtextResource resource = resources.get();
        resource.setURI(like.getURI());
        try {
            resource.load(new StringInputStream(text, StandardCharsets.UTF_8.name()), null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return resource;
    }

    /** The line break {@code text} uses most; {@code \n} when it has none or on a tie. */
    static String dominantLineBreak(String text) {
        int crlf = 0;
        int lf = 0;
        int cr = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                crlf++;
                i++;
            } else if (ch == '\n') {
                lf++;
            } else if (ch == '\r') {
                cr++;
            }
        }
        return crlf > lf && crlf >= cr ? "\r\n" : cr > lf && cr > crlf ? "\r" : "\n";
    }
}
