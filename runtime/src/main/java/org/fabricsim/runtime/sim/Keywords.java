package org.fabricsim.runtime.sim;

import java.util.Locale;

/** How enum constants are written in the language and in reports. */
public final class Keywords {
    private Keywords() {
    }

    /** The constant's keyword: its name in lower case with {@code _} as {@code -}, e.g. {@code all-reduce}. O(length). */
    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
