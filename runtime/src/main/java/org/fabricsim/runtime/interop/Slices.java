package org.fabricsim.runtime.interop;

/**
 * InfraGraph's endpoint names: {@code name}, {@code name[i]} or {@code name[start:stop(:step)]} in
 * Python slice notation over {@code 0..count−1}; a bare name means every index. Unlike Python, an
 * index or bound beyond the count is an error, not clipped: it names something that does not exist.
 */
final class Slices {
    private Slices() {
    }

    /** The name before any brackets. */
    static String name(String endpoint) {
        int bracket = endpoint.indexOf('[');
        return (bracket < 0 ? endpoint : endpoint.substring(0, bracket)).trim();
    }

    /**
     * The indices {@code endpoint} selects among {@code count}; {@code what} names the endpoint in
     * errors, which the caller prefixes with the file and line.
     */
    static int[] indices(String endpoint, int count, String what) throws InfraGraphException {
        int bracket = endpoint.indexOf('[');
        if (bracket < 0) {
            return range(0, count, 1);
        }
        if (!endpoint.endsWith("]")) {
            throw new InfraGraphException(what + " '" + endpoint + "' is not name[index] or name[start:stop]");
        }
        String[] parts = endpoint.substring(bracket + 1, endpoint.length() - 1).split(":", -1);
        if (parts.length > 3) {
            throw new InfraGraphException(what + " '" + endpoint + "' has more than start:stop:step");
        }
        if (parts.length == 1) {
            int index = bound(parts[0], count, 0, endpoint, what);
            if (index < 0 || index >= count) {
                throw outOfRange(endpoint, count, what);
            }
            return new int[] {index};
        }
        int step = parts.length == 3 && !parts[2].isBlank() ? number(parts[2], endpoint, what) : 1;
        if (step < 1) {
            throw new InfraGraphException(what + " '" + endpoint + "' needs a positive step");
        }
        int start = bound(parts[0], count, 0, endpoint, what);
        int stop = bound(parts[1], count, count, endpoint, what);
        if (start < 0 || stop > count || start > stop) {
            throw outOfRange(endpoint, count, what);
        }
        return range(start, stop, step);
    }

    private static int bound(String text, int count, int missing, String endpoint, String what)
            throws InfraGraphException {
        if (text.isBlank()) {
            return missing;
        }
        int value = number(text, endpoint, what);
        return value < 0 ? value + count : value;
    }

    private static int number(String text, String endpoint, String what) throws InfraGraphException {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new InfraGraphException(what + " '" + endpoint + "' has an index that is not a whole number");
        }
    }

    private static InfraGraphException outOfRange(String endpoint, int count, String what) {
        return new InfraGraphException(what + " '" + endpoint + "' reaches past the " + count + " there are"
                + " (indices 0 to " + (count - 1) + "); fix the index, or raise the count where '" + name(endpoint)
                + "' is defined");
    }

    private static int[] range(int start, int stop, int step) {
        int[] indices = new int[Math.max(0, (stop - start + step - 1) / step)];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = start + i * step;
        }
        return indices;
    }
}
