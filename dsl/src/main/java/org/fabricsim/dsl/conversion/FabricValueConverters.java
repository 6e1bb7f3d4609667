package org.fabricsim.dsl.conversion;

import org.eclipse.xtext.common.services.DefaultTerminalConverters;
import org.eclipse.xtext.conversion.IValueConverter;
import org.eclipse.xtext.conversion.ValueConverter;

import com.google.inject.Inject;

/**
 * Value conversion for the Fabric language: qualified names drop the {@code ^} that escapes a
 * keyword in each segment, as identifiers do, so {@code ^default} refers to a cluster named default,
 * and keep the keyword segment {@code fabric} ({@link FabricQualifiedNameConverter}); whole numbers
 * say their limit ({@link WholeNumberConverter}); decimals refuse what broken text leaves of them
 * ({@link DecimalConverter}).
 */
public class FabricValueConverters extends DefaultTerminalConverters {

    @Inject
    private FabricQualifiedNameConverter qualifiedNameConverter;

    @Inject
    private WholeNumberConverter wholeNumberConverter;

    @Inject
    private DecimalConverter decimalConverter;

    /** Whole numbers, with their limit in the user's words. */
    @Override
    @ValueConverter(rule = "INT")
    public IValueConverter<Integer> INT() {
        return wholeNumberConverter;
    }

    @ValueConverter(rule = "QualifiedName")
    public IValueConverter<String> QualifiedName() {
        return qualifiedNameConverter;
    }

    @ValueConverter(rule = "Decimal")
    public IValueConverter<String> Decimal() {
        return decimalConverter;
    }
}
