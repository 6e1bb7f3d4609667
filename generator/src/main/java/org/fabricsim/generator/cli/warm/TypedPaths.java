package org.fabricsim.generator.cli.warm;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine;

/**
 * Path arguments of a call the warm server runs for a client in another folder. A relative path is
 * resolved against the client's working directory (the server's own is elsewhere), and the text the
 * call prints gets the path back as the user typed it, so that the warm server prints what a call in
 * its own process would: {@code examples/x.fabric:3:5: ...}, not the absolute file.
 */
public final class TypedPaths implements CommandLine.ITypeConverter<Path> {
    private final Path workingDirectory;
    /** Resolved path text to the path as typed, longest first when restoring. */
    private final Map<String, String> typedByResolved = new LinkedHashMap<>();

    TypedPaths(Path workingDirectory) {
        this.workingDirectory = workingDirectory;
    }

    @Override
    public Path convert(String typed) {
        Path path = Path.of(typed);
        if (path.isAbsolute()) {
            return path;
        }
        Path resolved = workingDirectory.resolve(path);
        typedByResolved.put(resolved.toString(), path.toString());
        return resolved;
    }

    /** A writer onto {@code target} that puts the typed paths back, line by line. */
    Writer restoring(Writer target) {
        return new Restoring(target);
    }

    /**
     * {@code line} with each resolved path put back as typed where it stands as a whole path: followed
     * by a separator, the end, or a character that cannot continue a file name ({@code :}, a space, a quote).
     */
    String restore(String line) {
        if (typedByResolved.isEmpty()) {
            return line;
        }
        List<Map.Entry<String, String>> entries = new ArrayList<>(typedByResolved.entrySet());
        entries.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> e.getKey().length()).reversed());
        StringBuilder result = new StringBuilder(line.length());
        int i = 0;
        scan: while (i < line.length()) {
            for (Map.Entry<String, String> entry : entries) {
                String resolved = entry.getKey();
                int end = i + resolved.length();
                if (line.startsWith(resolved, i) && (end == line.length() || endsName(line.charAt(end)))) {
                    result.append(entry.getValue());
                    i = end;
                    continue scan;
                }
            }
            result.append(line.charAt(i++));
        }
        return result.toString();
    }

    private static boolean endsName(char next) {
        return !(Character.isLetterOrDigit(next) || next == '_' || next == '-' || next == '.');
    }

    /** Buffers a line, restores its paths and passes it on at each line end and flush. */
    private final class Restoring extends Writer {
        private final Writer target;
        private final StringBuilder line = new StringBuilder();

        Restoring(Writer target) {
            this.target = target;
        }

        @Override
        public void write(char[] chars, int offset, int length) throws IOException {
            for (int i = offset; i < offset + length; i++) {
                line.append(chars[i]);
                if (chars[i] == '\n' || chars[i] == '\r') {
                    emit();
                }
            }
        }

        private void emit() throws IOException {
            target.write(restore(line.toString()));
            line.setLength(0);
        }

        @Override
        public void flush() throws IOException {
            emit();
            target.flush();
        }

        @Override
        public void close() throws IOException {
            flush();
            target.close();
        }
    }
}
