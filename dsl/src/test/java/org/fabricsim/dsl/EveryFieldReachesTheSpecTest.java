package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.FieldMutations.Mutation;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.Calibration;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.dsl.fabric.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * "Every model field does something": each value written in {@link EveryConstruct#MODEL}, in {@link EverySetting#MODEL}
 * (the settings neither it nor the examples write) and in a few examples is changed ({@link FieldMutations}), re-validated and re-mapped. An edit reaches the engine when the mapped specs
 * differ; the editor refuses it when it gives a new error (the model no longer maps) or names it when a new info or
 * warning, or one over the edited text (before or after the edit), sits on the edited object or one holding it
 * ({@link EditIssues}); else it is silent. A value
 * takes the best outcome of its edits, in that order, refused last: a value whose only edits the editor refuses
 * shows a check, not whether the engine reads it. The features with a silent value must be exactly those of
 * {@link #SILENT} that EveryConstruct edits (a subset in EverySetting and the examples), each with its reason; dropping a field in a mapper fails the test
 * (replacing an accelerator's efficiency with 0 makes {@code Accelerator.efficiency} silent).
 *
 * <p>The specs compared are everything the engine and the generator receive: the file's programs
 * ({@code SpecMapper.toPrograms}, which the CLI, the editor's simulate command and the generator map through; the
 * generator reads only those specs) and, as the hover and {@code vary} axes see them, every cluster, accelerator,
 * model definition and calibration by itself. 40 to 60 s on a shared 2-core machine (each run prints its own):
 * 324 values of EveryConstruct, 346 of EverySetting and 543 of the examples, each edited up to three times (an enum up to its literals), parsed and validated.
 */
class EveryFieldReachesTheSpecTest extends FabricModelTest {

    /** The features that may change nothing the engine reads without the editor saying so, and why. */
    static final Map<String, String> SILENT = Map.of(
            "Vendor.title", "the maker's full name, for the reader: lock-in analysis and the specs use its name",
            "Fabric.reductionName", "the product name of the in-network reduction (e.g. SHARP), a label: the flag"
                    + " 'in-network-reduction' before it is what the engine reads",
            "FailureDomain.kind", "what the domain is (rack, row, power feed), a label: its size and MTBF are what"
                    + " the reliability model reads",
            "ScaleUpDomain.switches", "caps the domain's rate only where s × ports × port rate / domain falls below"
                    + " the accelerator's scale-up rate (ScaleUpSwitchesTest); the fixture's 4 switches of 64 ×"
                    + " 50 GB/s give 8 accelerators 1600 GB/s each against their 400 GB/s, and even 1 switch gives"
                    + " exactly 400 GB/s, so none of the counts tried (8, 2, 5) binds",
            "Switch.vendor", "read for a scale-out switch (its SwitchSpec, lock-in); a scale-up domain's switch is"
                    + " read for its count, ports and port rate only (ScaleUpSwitching), the domain's fabric being"
                    + " its lock-in decision: EverySetting's Hub, whose vendor edit changes nothing");

    /** The audit's name of {@link EverySetting#MODEL}; "" names {@link EveryConstruct#MODEL}. */
    private static final String EVERY_SETTING = "EverySetting";

    /**
     * The pairs of {@link #shouldLeaveNoNewSettingUnedited} that no audited text writes: {@code TraceArrival.file}
     * and {@code EmpiricalDistribution.file}, which name a file beside the model, and a fixture parsed from a string
     * has no folder (TrafficValidationTest reads them from files). 57 of 304 before EverySetting.
     */
    private static final int UNEDITED = 2;

    /** The repository's examples, from the dsl module's folder (as {@link ExamplesTest} reads them). */
    private static final Path EXAMPLES = Path.of("../examples");

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    /** The files of the example under audit that it imports, loaded beside each edited text and not edited. */
    private List<String> companions = List.of();

    /** What a value's edits do, best first: the specs differ; an info or warning names it; nothing; all refused. */
    private enum Outcome { REACHES, NAMED, SILENT, REFUSED }

    @ParameterizedTest
    @ValueSource(strings = { "", EVERY_SETTING, "active-fabric/active-fabric.fabric deepseek-v3/model.fabric",
            "megatron-h100/megatron-core.fabric",
            "topologies/palm-tpu-v4.fabric", "llama3-70b-serving/serving.fabric",
            "deepseek-v3/training.fabric deepseek-v3/model.fabric" })
    void shouldLetEveryWrittenFieldReachTheSpecsOrBeNamedByTheEditor(String files) throws Exception {
        long started = System.nanoTime();
        String example = files.split(" ")[0];
        companions = Arrays.asList(files.split(" ")).subList(1, files.split(" ").length);
        String text = text(example);
        Model base = parse(text);
        validation.assertNoErrors(base);
        String baseline = rendering(base);
        assertEquals(baseline, rendering(parse(text)), "the rendering is deterministic");
        EditIssues baseIssues = new EditIssues(validation.validate(base));

        Map<String, Set<Outcome>> byFeature = new TreeMap<>();
        Map<Outcome, Integer> counts = new TreeMap<>();
        for (List<Mutation> choices : FieldMutations.of(base, text)) {
            Outcome outcome = outcome(choices, baseline, baseIssues);
            byFeature.computeIfAbsent(choices.get(0).feature(), f -> new TreeSet<>()).add(outcome);
            counts.merge(outcome, 1, Integer::sum);
        }
        Set<String> silent = byFeature.entrySet().stream().filter(e -> e.getValue().contains(Outcome.SILENT))
                .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
        System.out.println("field audit of " + (example.isEmpty() ? "EveryConstruct" : example) + ": " + counts
                + " over " + byFeature.size() + " features; silent " + silent + "; "
                + (System.nanoTime() - started) / 1_000_000 + " ms");
        assertEquals(example.isEmpty() ? SILENT.keySet().stream().filter(byFeature::containsKey)
                .collect(Collectors.toCollection(TreeSet::new)) : Set.of(), example.isEmpty() ? silent
                : silent.stream().filter(f -> !SILENT.containsKey(f)).collect(Collectors.toSet()),
                "features whose change neither reaches the specs nor gets an issue (every allowed one that"
                        + " EveryConstruct edits is silent there)");
    }

    /**
     * The {@code EClass.feature} pairs that no audited text writes ({@link FieldMutations#editable} less those
     * {@link FieldMutations#of} edits in the fixtures and examples): printed, and pinned so that a new grammar
     * feature comes with a value in {@link EverySetting}, or a reason here why it cannot.
     */
    @Test
    void shouldLeaveNoNewSettingUnedited() throws Exception {
        Set<String> unedited = FieldMutations.editable();
        List<String> files = List.of("", EVERY_SETTING, "active-fabric/active-fabric.fabric",
                "megatron-h100/megatron-core.fabric", "topologies/palm-tpu-v4.fabric",
                "llama3-70b-serving/serving.fabric", "deepseek-v3/training.fabric");
        for (String file : files) {
            // both import DeepSeek-V3's model (active-fabric's MoE study trains it)
            companions = file.startsWith("deepseek-v3") || file.startsWith("active-fabric")
                    ? List.of("deepseek-v3/model.fabric") : List.of();
            String text = text(file);
            FieldMutations.of(parse(text), text).forEach(choices -> unedited.remove(choices.get(0).feature()));
        }
        System.out.println(unedited.size() + " of " + FieldMutations.editable().size() + " pairs never edited: "
                + unedited);
        assertEquals(UNEDITED, unedited.size(), "pairs never edited; write a new one in EverySetting");
    }

    private static String text(String file) throws Exception {
        return file.isEmpty() ? EveryConstruct.MODEL
                : file.equals(EVERY_SETTING) ? EverySetting.MODEL : Files.readString(EXAMPLES.resolve(file));
    }

    /**
     * What a value's edits do, best first: one that reaches; else one that is named; else one that maps but changes
     * nothing (silent); else every edit is refused (by an error, or by the grammar). A refused edit proves a check,
     * not a reader, so the next edit is still tried.
     */
    private Outcome outcome(List<Mutation> choices, String baseline, EditIssues baseIssues) throws Exception {
        Outcome best = Outcome.REFUSED;
        for (Mutation mutation : choices) {
            Model model = parse(mutation.text());
            if (!model.eResource().getErrors().isEmpty()) {
                continue;
            }
            List<Issue> issues = validation.validate(model);
            if (baseIssues.refuses(issues)) {
                continue;
            }
            if (!rendering(model).equals(baseline)) {
                return Outcome.REACHES;
            }
            Outcome edit = baseIssues.names(issues, mutation) ? Outcome.NAMED : Outcome.SILENT;
            best = edit.compareTo(best) < 0 ? edit : best;
        }
        return best;
    }

    /** {@code text} parsed in a fresh resource set beside the example's {@link #companions}, which it imports. */
    private Model parse(String text) throws Exception {
        ResourceSet resources = resourceSets.get();
        for (String companion : companions) {
            parser.parse(Files.readString(EXAMPLES.resolve(companion)), URI.createURI(companion), resources);
        }
        return parser.parse(text, resources);
    }

    /** All a valid model maps to, as text: its programs, then each cluster, accelerator, model and calibration. */
    private String rendering(Model model) {
        StringBuilder out = new StringBuilder(mapper.toPrograms(model, "audit").toString());
        for (EObject element : model.getElements()) {
            if (element instanceof Cluster cluster) {
                out.append('\n').append(mapper.toCluster(cluster));
            } else if (element instanceof Accelerator accelerator) {
                out.append('\n').append(mapper.toAccelerator(accelerator));
            } else if (element instanceof LanguageModel languageModel) {
                out.append('\n').append(mapper.toTransformer(languageModel));
            } else if (element instanceof Calibration calibration) {
                out.append('\n').append(mapper.toCalibration(calibration));
            }
        }
        return out.toString();
    }
}
