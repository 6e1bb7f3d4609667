package org.fabricsim.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.RunResult;
import org.fabricsim.runtime.spec.StudySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortableTest {
    @TempDir
    Path folder;

    @Test
    void shouldRebuildEveryProgramOfTheFabricStudyExampleEqualToTheOriginalAfterJavaSerialization() throws Exception {
        String text = Files.readString(Path.of("../examples/fabric-study/fabric-study.fabric"));
        List<StudySpec> programs = SweepModels.load(folder, "fabric-study.fabric", text);
        assertFalse(programs.isEmpty());
        for (StudySpec program : programs) {
            assertEquals(program, Portable.decode(roundTrip(Portable.encode(program))));
        }
    }

    @Test
    void shouldWriteARecordSeenBeforeInTheSameValueAsItsIndex() throws Exception {
        StudySpec program = SweepModels.load(folder, "fabric-study.fabric",
                Files.readString(Path.of("../examples/fabric-study/fabric-study.fabric"))).get(0);
        int once = ((byte[]) Portable.encode(program)).length;
        List<StudySpec> hundred = java.util.Collections.nCopies(100, program);
        byte[] bytes = (byte[]) Portable.encode(hundred);
        // the list's tag and size (1 + 4 bytes), the study as alone, then 99 times a tag and an index (1 + 4 bytes)
        assertEquals(1 + 4 + once + 99 * (1 + 4), bytes.length);
        List<?> back = (List<?>) Portable.decode(roundTrip(bytes));
        assertEquals(hundred, back);
        assertSame(back.get(0), back.get(99));
    }

    @Test
    void shouldRebuildARunResultWithNestedMapsAndListsInTheirOrder() throws Exception {
        Map<String, Object> metrics = new java.util.LinkedHashMap<>();
        metrics.put("z", 1.5);
        metrics.put("a", List.of(1, 2L, Map.of("k", true)));
        RunResult run = new RunResult("r", "training", Map.of("size", 3), metrics, 0.25);
        RunResult back = (RunResult) Portable.decode(roundTrip(Portable.encode(run)));
        assertEquals(run, back);
        assertEquals(List.of("z", "a"), List.copyOf(back.metrics().keySet()));
        assertTrue(back.metrics().get("a") instanceof List<?> list && list.get(1) instanceof Long);
    }

    @Test
    void shouldRebuildTextsLongerThan64KiBAndPrimitiveArrays() {
        // DataOutputStream.writeUTF stops at 65,535 bytes; an error message or a label may be longer.
        String text = "é".repeat(40_000);
        Map<?, ?> back = (Map<?, ?>) Portable.decode(Portable.encode(Map.of("text", text, "doubles",
                new double[] {1.5, -0.0}, "longs", new long[] {Long.MIN_VALUE}, "ints", new int[] {7, -7})));
        assertEquals(text, back.get("text"));
        assertArrayEquals(new double[] {1.5, -0.0}, (double[]) back.get("doubles"));
        assertArrayEquals(new long[] {Long.MIN_VALUE}, (long[]) back.get("longs"));
        assertArrayEquals(new int[] {7, -7}, (int[]) back.get("ints"));
    }

    @Test
    void shouldRefuseATypeNoSpecHolds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Portable.encode(List.of(new Object())));
        assertTrue(e.getMessage().contains("java.lang.Object"), e.getMessage());
    }

    private static Object roundTrip(Serializable value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
