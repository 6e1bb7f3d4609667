package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.validation.IssueCodes;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code docs/diagnostics/<code>.fabric} raises exactly its code, and its fix
 * {@code docs/diagnostics/fixed/<code>.fabric} raises nothing: every rule fires once and stays
 * quiet once. Every code in {@link IssueCodes} has both files and a section in docs/diagnostics.md.
 */
class DiagnosticsDocsTest extends FabricModelTest {
    private static final Path DOCS = Path.of("..", "docs");
    private static final Path MODELS = DOCS.resolve("diagnostics");

    @TestFactory
    Stream<DynamicTest> shouldRaiseExactlyItsCodeInEachDiagnosticModel() throws IOException {
        return models(MODELS).stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            List<Issue> issues = issues(file);
            Set<String> codes = issues.stream().map(Issue::getCode).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(Set.of(code(file)), codes, () -> file + " raised " + describe(issues));
        }));
    }

    @TestFactory
    Stream<DynamicTest> shouldRaiseNothingInEachFixedModel() throws IOException {
        return models(MODELS.resolve("fixed")).stream()
                .map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
                    List<Issue> issues = issues(file);
                    assertTrue(issues.isEmpty(), () -> file + " raised " + describe(issues));
                }));
    }

    @Test
    void shouldDocumentEveryIssueCodeWithAModelAndItsFix() throws Exception {
        String guide = Files.readString(DOCS.resolve("diagnostics.md"), StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        for (String code : allCodes()) {
            if (!Files.isRegularFile(MODELS.resolve(code + ".fabric"))
                    || !Files.isRegularFile(MODELS.resolve("fixed").resolve(code + ".fabric"))
                    || !guide.contains("## `" + code + "`")) {
                missing.add(code);
            }
        }
        assertEquals(List.of(), missing);
        assertFalse(allCodes().isEmpty());
    }

    private List<Issue> issues(Path file) throws Exception {
        return validation.validate(parser.parse(Files.readString(file, StandardCharsets.UTF_8)));
    }

    private static String code(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".fabric".length());
    }

    private static List<Path> models(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".fabric")).sorted().toList();
        }
    }

    private static List<String> allCodes() throws IllegalAccessException {
        List<String> codes = new ArrayList<>();
        for (Field field : IssueCodes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                codes.add((String) field.get(null));
            }
        }
        return codes;
    }

    private static String describe(List<Issue> issues) {
        return issues.stream().map(i -> i.getSeverity() + " " + i.getCode() + ": " + i.getMessage())
                .collect(Collectors.joining("\n", "\n", ""));
    }
}
