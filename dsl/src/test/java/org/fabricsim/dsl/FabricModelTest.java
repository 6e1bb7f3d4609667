package org.fabricsim.dsl;

import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Training;
import org.fabricsim.dsl.mapping.SpecMapper;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;

/**
 * What the language's tests share: the injector of the language, and its parser, validator and mapper
 * to the runtime's specifications, injected into each test instance.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
abstract class FabricModelTest {
    /** One DGX H100 and a small dense model, Small, for a test's training to run on. */
    protected static final String SMALL_ON_ONE_DGX = """
            import fabric.catalog.nvidia.*

            cluster OneDgx {
                nodes 1 x DGX_H100
            }

            model Small transformer {
                layers 4
                hidden 4096
                heads 32
                vocab 32000
            }

            """;

    /** Parses a model's text. */
    @Inject
    protected ParseHelper<Model> parser;

    /** Validates a parsed model and asserts on its issues. */
    @Inject
    protected ValidationTestHelper validation;

    /** Maps a valid model's elements to the runtime's specifications. */
    @Inject
    protected SpecMapper mapper;

    /** The runtime's specification of the first training in {@code model}, as the mapper gives it. */
    protected TrainingSpec mappedTraining(Model model) {
        return mapper.toTraining(model.getElements().stream().filter(Training.class::isInstance)
                .map(Training.class::cast).findFirst().orElseThrow());
    }
}
