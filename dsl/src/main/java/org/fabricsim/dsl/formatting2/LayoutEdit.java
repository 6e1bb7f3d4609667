package org.fabricsim.dsl.formatting2;

import java.util.List;

/** One edit of a file's text by the canonical layout: {@code length} characters at {@code offset} become {@code text}. */
public record LayoutEdit(int offset, int length, String text) {

    /** {@code text} with {@code edits} (in order, not overlapping) applied; linear in the text's length. */
    static String applyAll(String text, List<LayoutEdit> edits) {
        StringBuilder out = new StringBuilder(text.length() + text.length() / 4);
        int at = 0;
        for (LayoutEdit edit : edits) {
            out.append(text, at, edit.offset()).append(edit.text());
            at = edit.offset() + edit.length();
        }
        return out.append(text, at, text.length()).toString();
    }
}
