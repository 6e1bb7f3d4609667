package org.fabricsim.runtime.inference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A serving run's data file checked as the run reads it, for a caller that checks a model before it runs (the
 * editor): the same parsing, so the same refusal, naming the file, the line and what to write ({@link DataFiles}
 * says what a row may hold). Reads the whole file, as the run does: O(characters); the caller bounds the size.
 *
 * <p>The editor checks on every validation, and a 1 MiB file took 80-160 ms to read (docs/performance.md, "Data
 * files checked once"), so each result is kept for the file as it was read: keyed by the kind of check, the path as
 * given (the refusal names it), its canonical path (a link pointed elsewhere is another file) and its size and
 * last-modified time, read before the file is. An unchanged file is answered in O(1) after the attributes' system
 * calls; an edited one has another size or time and is read again. A file rewritten to the same size within the file
 * system's time resolution (a few milliseconds on Linux, whose file times come from a coarse clock; 2 s on FAT)
 * keeps its old answer until its next edit. The last {@value #CACHED_FILES} files checked are kept (least recently
 * used out), each answer a sentence that quotes at most one row of its file. Thread-safe (the language server
 * validates on several threads): the map is locked only to look up and to store, so two threads checking one new file
 * may both read it, and agree.
 *
 * <p>Each instance keeps its own answers: the DSL's injector holds one for its language (bound as a singleton in
 * {@code FabricRuntimeModule}), so two language servers or two tests in one JVM do not share what was read.
 */
public final class DataFileCheck {
    /** Results kept: the data files of the models a workspace has open, a few dozen at most. */
    static final int CACHED_FILES = 32;

    private final Map<Key, Optional<String>> checked = new LinkedHashMap<>(CACHED_FILES * 2, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Optional<String>> eldest) {
            return size() > CACHED_FILES;
        }
    };

    /** The refusal a run would give for the request trace {@code file}, or empty when the run can replay it. */
    public Optional<String> traceProblem(Path file) {
        return cached(Kind.TRACE, file, () -> RequestStream.fromTrace(file, 0));
    }

    /** The refusal a run would give for the token-length list {@code file}, or empty when the run can draw from it. */
    public Optional<String> lengthsProblem(Path file) {
        return cached(Kind.LENGTHS, file, () -> RequestStream.LengthSampler.readLengths(file));
    }

    /** What a file is read as. */
    private enum Kind {
        TRACE, LENGTHS
    }

    /** One file as it was when checked. */
    private record Key(Kind kind, Path given, Path canonical, long sizeBytes, FileTime modified) {
    }

    /**
     * {@code read}'s refusal of {@code file}, from the cache when the file is unchanged since it was checked; read
     * unkept when its attributes cannot be (the read then gives the run's refusal of a file it cannot open).
     */
    private Optional<String> cached(Kind kind, Path file, Runnable read) {
        Key key;
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            key = new Key(kind, file, file.toRealPath(), attributes.size(), attributes.lastModifiedTime());
        } catch (IOException e) {
            return problem(read);
        }
        synchronized (checked) {
            Optional<String> known = checked.get(key);
            if (known != null) {
                return known;
            }
        }
        Optional<String> problem = problem(read);
        synchronized (checked) {
            checked.put(key, problem);
        }
        return problem;
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
