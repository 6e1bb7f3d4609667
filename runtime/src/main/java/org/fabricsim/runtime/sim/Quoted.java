package org.fabricsim.runtime.sim;

/**
 * A user's text as a refusal quotes it: a line of a data file or log, or one cell of it, cut so that a one-line file
 * of a megabyte still gives a one-line message.
 */
public final class Quoted {
    /** The most characters of a line or cell a refusal quotes. */
    public static final int CHARACTERS = 60;

    private Quoted() {
    }

    /**
     * {@code text} in single quotes, cut to its first {@link #CHARACTERS} characters followed by "…" and its length
     * when longer. O(1) beyond the copy of the kept part.
     */
    public static String excerpt(String text) {
        return text.length() <= CHARACTERS ? "'" + text + "'"
                : "'" + text.substring(0, CHARACTERS) + "…' (" + text.length() + " characters)";
    }
}
