package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.resource.SaveOptions;
import org.eclipse.xtext.serializer.ISerializer;
import org.fabricsim.dsl.fabric.Model;
import org.junit.jupiter.api.Test;

import com.google.inject.Inject;

/** {@link EveryConstruct#MODEL} survives a serialization round trip: formatted text that parses back to an equal model. */
class LanguageRoundTripTest extends FabricModelTest {

    @Inject
    private ISerializer serializer;

    @Test
    void shouldSerializeAndParseBackToAnEqualModel() throws Exception {
        Model model = parser.parse(EveryConstruct.MODEL);
        String text = serializer.serialize(model, SaveOptions.newBuilder().format().getOptions());
        Model again = parser.parse(text);
        validation.assertNoErrors(again);
        assertTrue(EcoreUtil.equals(model, again), () -> "round trip changed the model:\n" + text);
    }
}
