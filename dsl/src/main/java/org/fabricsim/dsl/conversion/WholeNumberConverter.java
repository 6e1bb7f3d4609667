package org.fabricsim.dsl.conversion;

import java.math.BigInteger;

import org.eclipse.xtext.conversion.ValueConverterException;
import org.eclipse.xtext.conversion.impl.INTValueConverter;
import org.eclipse.xtext.nodemodel.INode;

/**
 * Whole numbers ({@code INT}) with the limit in the user's words: a number above 2147483647 is
 * refused as too large rather than with Java's "For input string".
 */
public class WholeNumberConverter extends INTValueConverter {
    private static final BigInteger MAX = BigInteger.valueOf(Integer.MAX_VALUE);

    @Override
    public Integer toValue(String string, INode node) {
        if (string != null && !string.isEmpty() && string.chars().allMatch(Character::isDigit)
                && new BigInteger(string).compareTo(MAX) > 0) {
            throw new ValueConverterException(string + " is too large: a whole number here is at most "
                    + Integer.MAX_VALUE + ".", node, null);
        }
        return super.toValue(string, node);
    }
}
