package org.fabricsim.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabricsim.runtime.result.Json;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void shouldEscapeQuotesBackslashesAndControlCharacters() {
        StringBuilder out = new StringBuilder();
        Json.quote("a\"b\\c\nd\u0001", out);
        assertEquals("\"a\\\"b\\\\c\\nd\\u0001\"", out.toString());
    }

    @Test
    void shouldWriteNestedValuesInInsertionOrderAndNonFiniteAsNull() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("z", 1L);
        doc.put("a", List.of(1.5, Double.NaN));
        doc.put("m", Map.of());
        assertEquals("{\n  \"z\": 1,\n  \"a\": [\n    1.5,\n    null\n  ],\n  \"m\": {}\n}\n", Json.write(doc));
    }
}
