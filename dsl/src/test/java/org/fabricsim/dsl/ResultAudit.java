package org.fabricsim.dsl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.FieldMutations.Mutation;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.mapping.SpecMapper;

/**
 * The result audit of one text ({@link EveryFieldMovesTheResultTest}, {@link EverySettingMovesTheResultTest}): each
 * written value edited as {@link FieldMutations} edits it, the changed programs run ({@link ProgramResults}) and
 * compared with the unedited text's predictions, each value taking the best of its edits' outcomes.
 *
 * @param byFeature each edited {@code EClass.feature} and the outcomes of its values
 * @param counts    how many values took each outcome
 * @param silent    each silent value as {@code feature 'line of the text'}, in text order
 */
record ResultAudit(Map<String, Set<ResultAudit.Outcome>> byFeature, Map<ResultAudit.Outcome, Integer> counts,
        List<String> silent) {

    /**
     * What a value's edits do, best first: one moves a prediction; else one is named by an info or warning
     * ({@link EditIssues}); else one maps and moves nothing (silent); else every edit is refused (by an error, or by
     * the grammar).
     */
    enum Outcome { MOVES, NAMED, SILENT, REFUSED }

    /** The features with at least one silent value. */
    Set<String> silentFeatures() {
        return byFeature.entrySet().stream().filter(e -> e.getValue().contains(Outcome.SILENT))
                .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Audits {@code text}, which must validate without errors and predict the same twice.
     *
     * @param test the calling test, whose parser, validator and mapper are used
     */
    static ResultAudit of(FabricModelTest test, String text) throws Exception {
        Model base = test.parser.parse(text);
        test.validation.assertNoErrors(base);
        ProgramResults results = new ProgramResults(test.mapper.toPrograms(base, "audit"));
        if (!results.prints().equals(
                new ProgramResults(test.mapper.toPrograms(test.parser.parse(text), "audit")).prints())) {
            throw new AssertionError("the predictions are not deterministic");
        }
        EditIssues editor = new EditIssues(test.validation.validate(base));
        Map<String, Set<Outcome>> byFeature = new TreeMap<>();
        Map<Outcome, Integer> counts = new TreeMap<>();
        List<String> silent = new ArrayList<>();
        for (List<Mutation> choices : FieldMutations.of(base, text)) {
            Outcome outcome = outcome(test, choices, results, editor);
            String feature = choices.get(0).feature();
            byFeature.computeIfAbsent(feature, f -> new TreeSet<>()).add(outcome);
            counts.merge(outcome, 1, Integer::sum);
            if (outcome == Outcome.SILENT) {
                silent.add(feature + " '" + line(text, choices.get(0).offset()) + "'");
            }
        }
        return new ResultAudit(byFeature, counts, silent);
    }

    /** {@code text} with each key of {@code replacements} replaced by its value (a fixture made cheaper to run). */
    static String replaced(String text, Map<String, String> replacements) {
        String out = text;
        for (Map.Entry<String, String> replacement : replacements.entrySet()) {
            out = out.replace(replacement.getKey(), replacement.getValue());
        }
        return out;
    }

    private static String line(String text, int offset) {
        int start = text.lastIndexOf('\n', offset) + 1;
        int end = text.indexOf('\n', offset);
        return text.substring(start, end < 0 ? text.length() : end).strip();
    }

    private static Outcome outcome(FabricModelTest test, List<Mutation> choices, ProgramResults results,
            EditIssues editor) throws Exception {
        Outcome best = Outcome.REFUSED;
        for (Mutation mutation : choices) {
            Model model = test.parser.parse(mutation.text());
            if (!model.eResource().getErrors().isEmpty()) {
                continue;
            }
            List<Issue> issues = test.validation.validate(model);
            if (editor.refuses(issues)) {
                continue;
            }
            if (results.moved(test.mapper.toPrograms(model, "audit"))) {
                return Outcome.MOVES;
            }
            Outcome edit = editor.names(issues, mutation) ? Outcome.NAMED : Outcome.SILENT;
            best = edit.compareTo(best) < 0 ? edit : best;
        }
        return best;
    }
}
