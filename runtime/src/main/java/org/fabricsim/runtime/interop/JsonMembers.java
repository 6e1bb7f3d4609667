package org.fabricsim.runtime.interop;

import java.util.List;
import java.util.Map;

/**
 * Typed access to the members of a parsed InfraGraph document; a member of the wrong type, or a
 * missing one, is an {@link InfraGraphException} naming the file and the line of its object.
 */
final class JsonMembers {
    private final JsonReader document;
    private final String source;

    JsonMembers(JsonReader document, String source) {
        this.document = document;
        this.source = source;
    }

    /** The endpoint {@code end} (ep1 or ep2) of an edge. */
    Map<String, Object> endpoint(Map<String, Object> edge, String end) throws InfraGraphException {
        if (!(edge.get(end) instanceof Map<?, ?>)) {
            throw error(edge, "the edge has no " + end + "; give both ep1 and ep2 as objects");
        }
        return object(edge.get(end), end);
    }

    /** The positive whole {@code count} member. */
    int count(Map<String, Object> map) throws InfraGraphException {
        if (!(map.get("count") instanceof Double count) || count < 1 || count != Math.rint(count)
                || count > Integer.MAX_VALUE) {
            throw error(map, "'" + map.get("name") + "' needs a positive whole count");
        }
        return (int) (double) count;
    }

    String text(Map<String, Object> map, String member) throws InfraGraphException {
        if (!(map.get(member) instanceof String value)) {
            throw error(map, "expected '" + member + "' as a string");
        }
        return value;
    }

    List<Object> list(Map<String, Object> map, String member) throws InfraGraphException {
        Object value = map.get(member);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?>)) {
            throw error(map, "expected '" + member + "' as an array");
        }
        @SuppressWarnings("unchecked")
        List<Object> list = (List<Object>) value;
        return list;
    }

    Map<String, Object> optionalObject(Map<String, Object> map, String member) throws InfraGraphException {
        return map == null || map.get(member) == null ? null : object(map.get(member), member);
    }

    Map<String, Object> object(Object value, String what) throws InfraGraphException {
        if (!(value instanceof Map<?, ?>)) {
            throw new InfraGraphException(source + ": expected " + what + " as a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) value;
        return map;
    }

    InfraGraphException error(Object at, String message) {
        int line = document.lineOf(at);
        return new InfraGraphException(source + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
