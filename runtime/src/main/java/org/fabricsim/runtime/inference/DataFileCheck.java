package org.fabricsim.runtime.inference;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A serving run's data file checked as the run reads it, for a caller that checks a model before it runs (the
 * editor): the same parsing, so the same refusal, naming the file, the line and what to write ({@link DataFiles}
 * says what a row may hold). Reads the whole file, as the run does: O(characters); the caller bounds the size.
 */
public final class DataFileCheck {
    private DataFileCheck() {
    }

    /** The refusal a run would give for the request trace {@code file}, or empty when the run can replay it. */
    public static Optional<String> traceProblem(Path file) {
        return problem(() -> RequestStream.fromTrace(file, 0));
    }

    /** The refusal a run would give for the token-length list {@code file}, or empty when the run can draw from it. */
    public static Optional<String> lengthsProblem(Path file) {
        return problem(() -> RequestStream.LengthSampler.readLengths(file));
    }

    private static Optional<String> problem(Runnable read) {
        try {
            read.run();
            return Optional.empty();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Optional.of(e.getMessage());
        }
    }
}
