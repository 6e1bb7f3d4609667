package org.fabricsim.dsl.conversion;

import java.util.regex.Pattern;

import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.AbstractNullSafeConverter;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Decimals ({@code Decimal}: digits, optionally a point and digits, nothing between them). Broken text can leave a
 * recovered value such as {@code 1.<tab>25} or {@code 7.}; it is refused here, in the user's words, so the value
 * stays unset and no check hands it to {@link java.math.BigDecimal} (a fuzzed {@code expert-balance} did, issue 21's
 * "the language server survives any text"). O(length).
 */
public class DecimalConverter extends AbstractNullSafeConverter<String> {
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?");

    @Override
    protected String internalToValue(String string, INode node) {
        if (!DECIMAL.matcher(string).matches()) {
            throw new ValueConverterException("'" + string.strip() + "' is not a number: write digits with at most"
                    + " one point and nothing between them, e.g. 0.80.", node, null);
        }
        return string;
    }

    @Override
    protected String internalToString(String value) {
        return value;
    }
}
