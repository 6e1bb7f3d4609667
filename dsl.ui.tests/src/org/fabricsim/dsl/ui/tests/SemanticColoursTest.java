package org.fabricsim.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.fabricsim.dsl.ui.editor.SemanticColours;
import org.junit.jupiter.api.Test;

/** Which text a new colouring repaints: {@link SemanticColours#changedSpan}. */
public class SemanticColoursTest {

    private static StyleRange range(int start, int length, String type) {
        return new StyleRange(start, length, SemanticColours.of(type), null, SWT.NORMAL);
    }

    @Test
    void shouldRepaintNothingWhenTypingLeavesEveryColourInPlace() {
        // ranges at 0..5 and 20..25 of a 100-character text; a character typed at 99 moves neither
        List<StyleRange> before = List.of(range(0, 5, "variable"), range(20, 5, "class"));
        List<StyleRange> after = List.of(range(0, 5, "variable"), range(20, 5, "class"));
        assertNull(SemanticColours.changedSpan(before, 100, after, 101));
    }

    @Test
    void shouldRepaintNothingWhenAnInsertionOnlyShiftsTheColoursAfterIt() {
        // 3 characters typed at 10 move the range at 20 to 23: the same distance (80) from the text's end
        List<StyleRange> before = List.of(range(0, 5, "variable"), range(20, 5, "class"));
        List<StyleRange> after = List.of(range(0, 5, "variable"), range(23, 5, "class"));
        assertNull(SemanticColours.changedSpan(before, 100, after, 103));
    }

    @Test
    void shouldRepaintOnlyTheRangesBetweenTheCommonStartAndEnd() {
        // the middle range 40..46 changes kind; the first and last keep theirs: repaint 40..46 only
        List<StyleRange> before = List.of(range(0, 5, "variable"), range(40, 6, "class"), range(80, 5, "class"));
        List<StyleRange> after = List.of(range(0, 5, "variable"), range(40, 6, "struct"), range(80, 5, "class"));
        assertArrayEquals(new int[] {40, 46}, SemanticColours.changedSpan(before, 100, after, 100));
    }

    @Test
    void shouldRepaintWhereARangeDisappeared() {
        // the range at 30..34 is gone (its name no longer resolves): repaint 30..34
        List<StyleRange> before = List.of(range(0, 5, "variable"), range(30, 4, "class"), range(80, 5, "class"));
        List<StyleRange> after = List.of(range(0, 5, "variable"), range(80, 5, "class"));
        assertArrayEquals(new int[] {30, 34}, SemanticColours.changedSpan(before, 100, after, 100));
    }
}
