package org.fabricsim.dsl.formatting2;

/**
 * One whitespace segment of a hidden region and what {@link LayoutWriter} asks of it: a replacement
 * space (null: keep), the range its line breaks are clamped to (null: unbounded on that side; both null:
 * the line breaks are not counted), and its change of indentation. O(1) per call.
 */
final class LayoutSpace {
    final int offset;
    final int length;
    String space;
    Integer newLinesMin;
    Integer newLinesMax;
    boolean indentIn;
    boolean indentOut;
    boolean noIndentation;

    LayoutSpace(int offset, int length) {
        this.offset = offset;
        this.length = length;
    }

    /** Whether a line-break count is asked of it (a minimum or a maximum). */
    boolean asksLineBreaks() {
        return newLinesMin != null || newLinesMax != null;
    }

    /** The line breaks it gets for the {@code present} ones: min(max, max(min, present)), an absent bound ignored. */
    int lineBreaks(int present) {
        int asked = present;
        if (newLinesMin != null && newLinesMin > asked) {
            asked = newLinesMin;
        }
        if (newLinesMax != null && newLinesMax < asked) {
            asked = newLinesMax;
        }
        return asked;
    }

    /** At least one line break, unless it starts the text (a comment beside it gets a line of its own). */
    void askLineBreak() {
        if (offset > 0 && (newLinesMin == null || newLinesMin < 1)) {
            newLinesMin = 1;
        }
    }

    /** A space where none or nothing is asked, unless it starts the text (a space each side of a comment). */
    void askSpace() {
        if (offset > 0 && (space == null || space.isEmpty())) {
            space = " ";
        }
    }
}
