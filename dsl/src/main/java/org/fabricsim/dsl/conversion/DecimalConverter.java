package org.fabricsim.dsl.conversion;

import java.util.regex.Pattern;

import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.AbstractNullSafeConverter;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Decimals ({@code Decimal}: digits, optionally a point and digits, nothing between them). Broken text can leave a
 * recovered value such as {@code 1.<tab>25} or {@code 7.}; it is refused here, in the user's words, so the value
 * stays unset and no check hands it to {@link java.math.BigDecimal} (a fuzzed {@code expert-balance} did, issue 21's
 * "the language server survives any text"). A number beyond a double's range is refused too, in words: 10^309 was
 * read as infinity (a checkpoint interval of {@code 1} and 309 zeros {@code h} printed "Infinity s" and a NaN Monte
 * Carlo, session 65's fuzzing), and a positive number below 4.9 x 10^-324 as 0. O(length).
 */
public class DecimalConverter extends AbstractNullSafeConverter<String> {
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");

    @Override
    protected String internalToValue(String string, INode node) {
        if (!DECIMAL.matcher(string).matches()) {
            throw new ValueConverterException("'" + string.strip() + "' is not a number: write digits with at most"
                    + " one point and nothing between them, e.g. 0.80.", node, null);
        }
        double value = Double.parseDouble(string);
        if (Double.isInfinite(value)) {
            throw new ValueConverterException(shown(string) + " is too large: a number is at most about 1.8 x 10^308,"
                    + " far beyond any quantity a cluster has; check for extra digits.", node, null);
        }
        if (value == 0 && string.chars().anyMatch(c -> c >= '1' && c <= '9')) {
            throw new ValueConverterException(shown(string) + " is too small: a number other than 0 is at least about"
                    + " 4.9 x 10^-324, and this one would be read as 0; check for extra zeros.", node, null);
        }
        return string;
    }

    /** The number as the user wrote it, its middle left out when it is long (a fuzzed one had 21,000 digits). */
    private static String shown(String number) {
        return number.length() <= 24 ? "'" + number + "'"
                : "'" + number.substring(0, 12) + "..." + number.substring(number.length() - 8) + "' ("
                        + number.length() + " characters)";
    }

    @Override
    protected String internalToString(String value) {
        return value;
    }
}
