package org.fabricsim.dsl.ui.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.SemanticTokens;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;
import org.fabricsim.dsl.ide.server.LspDocument;
import org.fabricsim.dsl.ide.tokens.FabricSemanticTokens;

/**
 * Colouring by kind in the {@code .fabric} editor: the language server's semantic tokens
 * ({@link FabricSemanticTokens}) as style ranges. Each kind of name has its colour (an accelerator a class,
 * a fabric an interface, NICs, switches and nodes structs, a cluster a variable, workloads and studies
 * functions, collectives methods, vendors and packages namespaces, units enum members); a definition is
 * bold and a name from the standard catalog italic. Numbers keep the syntax colouring's colour.
 */
public final class SemanticColours {

    private static final Map<String, Color> COLOURS = Map.of(
            "class", new Color(new RGB(0, 128, 128)),
            "interface", new Color(new RGB(150, 80, 0)),
            "struct", new Color(new RGB(0, 90, 170)),
            "variable", new Color(new RGB(0, 0, 192)),
            "function", new Color(new RGB(130, 0, 130)),
            "method", new Color(new RGB(160, 40, 40)),
            "namespace", new Color(new RGB(90, 90, 90)),
            "enumMember", new Color(new RGB(100, 70, 150)));

    private static final int DECLARATION = 1 << FabricSemanticTokens.MODIFIERS.indexOf("declaration");

    private static final int DEFAULT_LIBRARY = 1 << FabricSemanticTokens.MODIFIERS.indexOf("defaultLibrary");

    private static final int INTS_PER_TOKEN = 5;

    /**
     * The most text one UI unit repaints with a new colouring. A whole-document repaint of the 10,002-line,
     * 155,000-character typing benchmark model took 55 ms of UI-thread CPU, so a slice takes about
     * 55 ms x 20,000 / 155,000 = 7 ms.
     */
    public static final int SLICE_CHARS = 20_000;

    private SemanticColours() {
    }

    /**
     * The colour of a token type.
     *
     * @param type a type of {@link FabricSemanticTokens#TYPES}
     * @return its colour, or null for a type the syntax colouring colours (numbers)
     */
    public static Color of(String type) {
        return COLOURS.get(type);
    }

    /**
     * Decodes the tokens into style ranges: LSP's five integers per token (line and start relative to the
     * previous token, length, type, modifier bits). O(n) in the tokens and lines.
     *
     * @param document the text the tokens were computed on
     * @param tokens the tokens
     * @return the style ranges in document order, one per coloured token
     */
    public static List<StyleRange> ranges(LspDocument document, SemanticTokens tokens) {
        List<Integer> data = tokens.getData();
        List<StyleRange> ranges = new ArrayList<>(data.size() / INTS_PER_TOKEN);
        int line = 0;
        int character = 0;
        for (int i = 0; i + INTS_PER_TOKEN <= data.size(); i += INTS_PER_TOKEN) {
            character = data.get(i) == 0 ? character + data.get(i + 1) : data.get(i + 1);
            line += data.get(i);
            Color colour = COLOURS.get(FabricSemanticTokens.TYPES.get(data.get(i + 3)));
            if (colour == null) {
                continue;
            }
            int modifiers = data.get(i + 4);
            int style = ((modifiers & DECLARATION) != 0 ? SWT.BOLD : SWT.NORMAL)
                    | ((modifiers & DEFAULT_LIBRARY) != 0 ? SWT.ITALIC : SWT.NORMAL);
            ranges.add(new StyleRange(document.getOffSet(new Position(line, character)), data.get(i + 2), colour,
                    null, style));
        }
        return ranges;
    }

    /**
     * The span of the text whose colouring differs between two colourings of the same document before and
     * after some edits: the ranges both share at the start (same offsets) and at the end (same distance from
     * the end of the text) are left out. O(n) in the ranges.
     *
     * @param before the ranges shown, computed on a text of {@code beforeLength} characters
     * @param after the new ranges, computed on the current text of {@code afterLength} characters
     * @return {start, end} in the current text, clamped to it, or null when the colourings agree
     */
    public static int[] changedSpan(List<StyleRange> before, int beforeLength, List<StyleRange> after,
            int afterLength) {
        int shift = afterLength - beforeLength;
        int common = 0;
        while (common < before.size() && common < after.size()
                && same(before.get(common), after.get(common), 0)) {
            common++;
        }
        int lastBefore = before.size() - 1;
        int lastAfter = after.size() - 1;
        while (lastBefore >= common && lastAfter >= common
                && same(before.get(lastBefore), after.get(lastAfter), shift)) {
            lastBefore--;
            lastAfter--;
        }
        if (lastBefore < common && lastAfter < common) {
            return null;
        }
        int start = Integer.MAX_VALUE;
        int end = 0;
        if (lastBefore >= common) {
            start = before.get(common).start;
            end = end(before.get(lastBefore)) + shift;
        }
        if (lastAfter >= common) {
            start = Math.min(start, after.get(common).start);
            end = Math.max(end, end(after.get(lastAfter)));
        }
        start = Math.max(0, Math.min(start, afterLength));
        return new int[] {start, Math.max(start, Math.min(end, afterLength))};
    }

    private static boolean same(StyleRange before, StyleRange after, int shift) {
        return before.start + shift == after.start && before.length == after.length
                && before.fontStyle == after.fontStyle && before.foreground == after.foreground;
    }

    private static int end(StyleRange range) {
        return range.start + range.length;
    }
}
