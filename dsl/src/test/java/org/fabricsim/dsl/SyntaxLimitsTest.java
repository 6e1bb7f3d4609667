package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.validation.IssueCodes;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/** Parse and name errors in the user's words, not Java's, ANTLR's or EMF's (issue 21 C3, C6, L11). */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class SyntaxLimitsTest {

    @Inject
    private ParseHelper<Model> parser;

    @Inject
    private ValidationTestHelper validation;

    private List<String> errors(String text) throws Exception {
        return parser.parse(text).eResource().getErrors().stream().map(Resource.Diagnostic::getMessage).toList();
    }

    @Test
    void shouldSayAWholeNumberIsTooLargeInsteadOfJavasParseError() throws Exception {
        List<String> errors = errors("cluster C { nodes 2147483648 x 8 accelerators link 400 Gb/s latency 1 us }");
        assertEquals(List.of("2147483648 is too large: a whole number here is at most 2147483647."), errors);
        assertEquals(List.of(), errors("cluster C { nodes 2147483647 x 8 accelerators link 400 Gb/s latency 1 us }"));
    }

    @Test
    void shouldSayAUnitWordIsReservedWhereANameBelongs() throws Exception {
        List<String> errors = errors("vendor B");
        assertEquals(1, errors.size(), errors::toString);
        assertTrue(errors.get(0).startsWith("'B' is a word of the language (a keyword or unit), so it cannot be a"
                + " name here"), errors.get(0));
        assertEquals(List.of(), errors("vendor ^B"));
    }

    @Test
    void shouldNameADuplicateDefinitionWithoutEmfWords() throws Exception {
        Model model = parser.parse("cost Rent { accelerator-hour $2/h }\ncost Rent { accelerator-hour $3/h }\n");
        validation.assertError(model, Literals.COST, IssueCodes.DUPLICATE_NAME,
                "Another definition is also named 'Rent'; give one of them another name.");
        assertTrue(validation.validate(model).stream().noneMatch(i -> i.getMessage().contains("Duplicate Element")));
    }
}
