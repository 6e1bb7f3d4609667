package org.fabricsim.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.fabricsim.dsl.resource.BoundedInput;
import org.fabricsim.dsl.tests.FabricInjectorProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * A model file is UTF-8 text within stated limits (issue 21 C9 and bounded input): a byte-order mark is
 * skipped; a file that is not UTF-8, too large, with a too-long line or too-deep brackets is refused
 * with one error naming the limit or the byte offset, and parses as empty.
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(FabricInjectorProvider.class)
class InputLimitsTest {
    private static final String PAIR = "cluster Pair { nodes 2 x 8 accelerators link 400 Gb/s latency 1 us }\n";

    @Inject
    private Provider<XtextResourceSet> resourceSets;

    @Inject
    private IResourceValidator validator;

    private Resource load(byte[] bytes) throws Exception {
        Resource resource = resourceSets.get().createResource(URI.createURI("input.fabric"));
        resource.load(new ByteArrayInputStream(bytes), null);
        return resource;
    }

    private List<String> errors(byte[] bytes) throws Exception {
        return load(bytes).getErrors().stream().map(e -> e.getLine() + ": " + e.getMessage()).toList();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void shouldAcceptAByteOrderMarkAtTheStart() throws Exception {
        byte[] text = utf8(PAIR);
        byte[] withBom = new byte[text.length + 3];
        System.arraycopy(new byte[] { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF }, 0, withBom, 0, 3);
        System.arraycopy(text, 0, withBom, 3, text.length);
        Resource resource = load(withBom);
        assertEquals(List.of(), resource.getErrors());
        assertEquals(1, resource.getContents().size());
    }

    @Test
    void shouldRefuseALatin1FileWithTheByteOffset() throws Exception {
        byte[] latin1 = ("// ok\nvendor Caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(List.of("2: This file is not UTF-8 text: byte 16 (0xE9, on line 2) is not valid UTF-8. Save it"
                + " as UTF-8."), errors(latin1));
        assertEquals(List.of(), errors(utf8("// ok\nvendor Cafe\n")));
    }

    @Test
    void shouldRefuseABinaryFileWithANulByte() throws Exception {
        List<String> errors = errors(new byte[] { 'v', 'e', 0, 1, 2 });
        assertEquals(List.of("1: This file is not text: byte 2 (on line 1) is a NUL (0x00). A model is UTF-8 text."),
                errors);
    }

    @Test
    void shouldRefuseAFileOverTheSizeLimitWithTheLimit() throws Exception {
        byte[] huge = new byte[BoundedInput.MAX_BYTES + 1];
        java.util.Arrays.fill(huge, (byte) '\n');
        List<String> errors = errors(huge);
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).contains("more than the 8388608 (8 MiB) a model may have"), errors.get(0));
        assertEquals(List.of(), errors(utf8("\n".repeat(1000) + PAIR)));
    }

    @Test
    void shouldRefuseALineOverTheLengthLimitWithItsLine() throws Exception {
        String longLine = "// " + "x".repeat(BoundedInput.MAX_LINE_LENGTH);
        List<String> errors = errors(utf8(PAIR + longLine + "\n"));
        assertEquals(List.of("2: This line has " + (BoundedInput.MAX_LINE_LENGTH + 3) + " characters, more than the "
                + BoundedInput.MAX_LINE_LENGTH + " a line may have: break it into several lines."), errors);
        assertEquals(List.of(), errors(utf8(PAIR + "// " + "x".repeat(100_000) + "\n")));
    }

    @Test
    void shouldEndARefusalOnTheLineItConcernsWhereItStarts() throws Exception {
        // PAIR is line 1 and the long line line 2: the refusal starts and ends at line 2, column 1 (an editor's
        // diagnostic at 1:0-1:0); Xtext ended a refusal without an end at line 0, before it started.
        Resource resource = load(utf8(PAIR + "x".repeat(BoundedInput.MAX_LINE_LENGTH + 1) + "\n"));
        List<Issue> issues = validator.validate(resource, CheckMode.ALL, CancelIndicator.NullImpl);
        assertEquals(List.of("2:1-2:1"), issues.stream().map(i -> i.getLineNumber() + ":" + i.getColumn() + "-"
                + i.getLineNumberEnd() + ":" + i.getColumnEnd()).toList());
    }

    @Test
    void shouldRefuseBracketsNestedDeeperThanTheLimitButNotInCommentsOrStrings() throws Exception {
        String deep = "cluster C " + "{".repeat(BoundedInput.MAX_DEPTH + 1) + "\n";
        assertEquals(List.of("1: Brackets nest more than 64 deep here, deeper than a model may: close some of them."),
                errors(utf8(deep)));
        String quoted = "/* " + "{".repeat(100) + " */\n// " + "(".repeat(100) + "\nvendor V \"" + "[".repeat(100)
                + "\"\n";
        assertTrue(errors(utf8(quoted)).stream().noneMatch(e -> e.contains("nest")), errors(utf8(quoted))::toString);
    }
}
