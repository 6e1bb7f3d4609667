package org.fabricsim.dsl.formatting2;

/** One edit of a file's text by the canonical layout: {@code length} characters at {@code offset} become {@code text}. */
public record LayoutEdit(int offset, int length, String text) {
}
