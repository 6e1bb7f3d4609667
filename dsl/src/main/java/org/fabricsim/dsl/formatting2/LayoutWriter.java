package org.fabricsim.dsl.formatting2;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes the layout that {@link LayoutRules} asks of each hidden region, as edits of the original text,
 * in one pass from the start of the file (indentation is carried from region to region).
 *
 * <p>A region of whitespace only becomes its asked line breaks and the indentation, or its asked space.
 * A region holding comments is split into whitespace, comment, whitespace, ...: the region's wishes go
 * to the whitespace that separates the tokens (the first that holds a line break or is followed by a
 * {@code /* *}{@code /} comment over several lines, which gets one, else the last); the
 * others keep at most one line break and become a single space unless a comment ends before them. A
 * {@code /* *}{@code /} comment over several lines gets a line of its own and its lines re-indented with
 * {@code " * "}; one on a single line keeps a line of its own if it had one or the comment before it gave it
 * one, else a space each side. A
 * {@code //} comment in the first column stays there (commented-out text); any other gets one space after
 * its slashes, and follows the indentation when it starts its line. These are formatter2's rules as this
 * project used them, with four changes so that formatting twice changes nothing (the line a comment before
 * gives a one-line comment, above, and three more): a {@code //} comment after
 * text on a line that starts in the first column is treated like any other, not like one in the first
 * column (it moved to an indented line and got its space on the next pass), and a lone {@code \r} is a line
 * break everywhere, not only when whitespace is counted (a file with {@code \r} line breaks had no lines),
 * and the whitespace before a block comment over several lines separates the tokens (it gets a line break,
 * so on the next pass it was chosen, and the comment moved in or out by one level beside a brace).
 *
 * <p>O(n) in the length of the text: every character is read a bounded number of times (a comment's
 * line start is found from a cursor that only moves forward).
 */
final class LayoutWriter {
    private final LayoutTokens tokens;
    private final LayoutRules.Regions regions;
    private final String text;
    private final String indentUnit;
    private final String lineBreak;
    private final List<LayoutEdit> edits = new ArrayList<>();
    private final List<String> indents = new ArrayList<>(List.of(""));
    private int indentation;
    private int lineCursor;
    private int lineStartAtCursor;

    private LayoutWriter(LayoutTokens tokens, LayoutRules.Regions regions, String indentUnit, String lineBreak) {
        this.tokens = tokens;
        this.regions = regions;
        this.text = tokens.text;
        this.indentUnit = indentUnit;
        this.lineBreak = lineBreak;
    }

    /** The edits, in order and not overlapping, that lay out {@code tokens}; none replaces text by itself. */
    static List<LayoutEdit> edits(LayoutTokens tokens, LayoutRules.Regions regions, String indentUnit, String lineBreak) {
        LayoutWriter writer = new LayoutWriter(tokens, regions, indentUnit, lineBreak);
        for (int k = 0; k <= tokens.count(); k++) {
            if (regions.formatted(k)) {
                writer.region(k);
            }
        }
        return writer.edits;
    }

    private void region(int k) {
        int first = tokens.firstPart(k);
        int end = tokens.endPart(k);
        boolean comments = false;
        for (int p = first; p < end; p++) {
            comments |= tokens.partKind(p) != LayoutTokens.WHITESPACE;
        }
        if (!comments) {
            int start = tokens.regionStart(k);
            LayoutSpace only = new LayoutSpace(start, tokens.regionEnd(k) - start);
            askRegion(only, k);
            only.indentIn = regions.indentIn[k];
            only.indentOut = regions.indentOut[k];
            write(only);
            return;
        }
        List<Object> parts = alternating(k);
        List<LayoutSpace> spaces = parts.stream().filter(LayoutSpace.class::isInstance).map(LayoutSpace.class::cast)
                .toList();
        LayoutSpace separator = spaces.get(spaces.size() - 1);
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) instanceof LayoutSpace space && (isMultiline(space) || i + 1 < parts.size()
                    && parts.get(i + 1) instanceof Integer comment && isOverLines(comment) && space.offset > 0)) {
                separator = space;
                break;
            }
        }
        if (regions.indentIn[k] && regions.indentOut[k]) {
            spaces.get(0).indentIn = true;
            spaces.get(spaces.size() - 1).indentOut = true;
        } else {
            separator.indentIn = regions.indentIn[k];
            separator.indentOut = regions.indentOut[k];
        }
        askRegion(separator, k);
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) instanceof LayoutSpace space && space != separator) {
                boolean afterComment = i > 0 && parts.get(i - 1) instanceof Integer;
                boolean beforeBlockComment = i + 1 < parts.size() && parts.get(i + 1) instanceof Integer comment
                        && tokens.partKind(comment) == LayoutTokens.BLOCK_COMMENT;
                if (!afterComment && !beforeBlockComment) {
                    space.space = space.offset > 0 ? " " : "";
                }
                space.newLinesMin = 0;
                space.newLinesMax = 1;
            }
        }
        int[] lineStarts = new int[parts.size()];
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) instanceof Integer comment) {
                lineStarts[i] = lineStart(tokens.partStart(comment));
                configureAround(comment, lineStarts[i], (LayoutSpace) parts.get(i - 1),
                        (LayoutSpace) parts.get(i + 1));
            }
        }
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) instanceof LayoutSpace space) {
                write(space);
            } else {
                writeComment((Integer) parts.get(i), lineStarts[i]);
            }
        }
    }

    private void askRegion(LayoutSpace space, int k) {
        byte wish = regions.space[k];
        space.space = wish == LayoutRules.SPACE_NONE ? "" : wish == LayoutRules.SPACE_ONE ? " " : null;
        if (regions.newLines[k] >= 0) {
            space.newLinesMin = regions.newLines[k];
            space.newLinesMax = regions.newLines[k];
        }
    }

    /**
     * Whitespace and comments alternating (a {@link LayoutSpace}, a part index, ..., a {@link LayoutSpace}),
     * merged runs.
     */
    private List<Object> alternating(int k) {
        List<Object> result = new ArrayList<>();
        LayoutSpace last = null;
        for (int p = tokens.firstPart(k); p < tokens.endPart(k); p++) {
            if (tokens.partKind(p) == LayoutTokens.WHITESPACE) {
                if (last == null) {
                    last = new LayoutSpace(tokens.partStart(p), tokens.partEnd(p) - tokens.partStart(p));
                } else {
                    result.remove(result.size() - 1);
                    last = new LayoutSpace(last.offset, last.length + tokens.partEnd(p) - tokens.partStart(p));
                }
                result.add(last);
            } else {
                if (last == null) {
                    result.add(new LayoutSpace(tokens.partStart(p), 0));
                }
                last = null;
                result.add(p);
            }
        }
        if (last == null) {
            result.add(new LayoutSpace(tokens.regionEnd(k), 0));
        }
        return result;
    }

    private void configureAround(int comment, int lineStart, LayoutSpace leading, LayoutSpace trailing) {
        int start = tokens.partStart(comment);
        if (tokens.partKind(comment) == LayoutTokens.LINE_COMMENT) {
            leading.noIndentation = start == lineStart;
            return;
        }
        // A break the comment before asked of the leading space counts as one written: formatted once, the
        // text has it, so the second pass must decide as the first ('*//**/x' gave '*/\n/**/ x', then '/**/\nx').
        if (isOverLines(comment) || isMultiline(leading) || leading.newLinesMin != null && leading.newLinesMin > 0) {
            leading.askLineBreak();
            trailing.askLineBreak();
        } else {
            leading.askSpace();
            if (!isMultiline(trailing)) {
                trailing.askSpace();
            }
        }
    }

    private void write(LayoutSpace space) {
        int trailing = space.offset >= 1 && text.charAt(space.offset - 1) == '\n' ? 1 : 0;
        int asked = space.asksLineBreaks()
                ? space.lineBreaks(lineBreaks(space.offset, space.offset + space.length)) : 0;
        int newLines = Math.max(asked - trailing, 0);
        indentation = Math.max(0, indentation + (space.indentIn ? 1 : 0) - (space.indentOut ? 1 : 0));
        if (newLines == 0 && trailing == 0) {
            if (space.space != null) {
                edit(space.offset, space.length, space.space);
            }
        } else {
            edit(space.offset, space.length, lineBreak.repeat(newLines) + (space.noIndentation ? "" : indent()));
        }
    }

    private void writeComment(int comment, int lineStart) {
        int start = tokens.partStart(comment);
        int end = tokens.partEnd(comment);
        if (tokens.partKind(comment) == LayoutTokens.LINE_COMMENT) {
            if (start != lineStart) {
                int body = start + 2;
                int i = body;
                while (i < end && Character.isWhitespace(text.charAt(i)) && !CommentLines.isBreak(text.charAt(i))) {
                    i++;
                }
                edit(body, i - body, text.substring(body, end).isBlank() ? "" : " ");
            }
            return;
        }
        if (hasBreak(start, end)) {
            CommentLines.reindent(text, start, end, lineStart, indent(), this::edit);
        }
    }

    /** The number of line breaks ({@code \r\n}, {@code \n} or a lone {@code \r}) in {@code [from, to)}. */
    private int lineBreaks(int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && !(i + 1 < to && text.charAt(i + 1) == '\n')) {
                count++;
            }
        }
        return count;
    }

    /** Whether a {@code /* *}{@code /} comment spans lines. */
    private boolean isOverLines(int comment) {
        return tokens.partKind(comment) == LayoutTokens.BLOCK_COMMENT
                && hasBreak(tokens.partStart(comment), tokens.partEnd(comment));
    }

    private boolean isMultiline(LayoutSpace space) {
        return hasBreak(space.offset, space.offset + space.length);
    }

    private boolean hasBreak(int from, int to) {
        for (int i = from; i < to; i++) {
            if (CommentLines.isBreak(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** The start of the line holding {@code offset}; offsets asked never decrease. */
    private int lineStart(int offset) {
        while (lineCursor < offset) {
            if (CommentLines.isBreak(text.charAt(lineCursor))) {
                lineStartAtCursor = lineCursor + 1;
            }
            lineCursor++;
        }
        return lineStartAtCursor;
    }

    private String indent() {
        while (indents.size() <= indentation) {
            indents.add(indents.get(indents.size() - 1) + indentUnit);
        }
        return indents.get(indentation);
    }

    private void edit(int offset, int length, String replacement) {
        if (!text.regionMatches(offset, replacement, 0, length) || replacement.length() != length) {
            edits.add(new LayoutEdit(offset, length, replacement));
        }
    }
}
