package org.fabricsim.runtime.inference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.fabricsim.runtime.sim.Quoted;

/**
 * A serving run's data files as a user writes them: a request trace ({@code timestamp seconds, prompt tokens, output
 * tokens} a row) and a list of token lengths. A file is UTF-8 text; a leading byte-order mark (as spreadsheet programs
 * write) is not part of its first value; its lines end in LF, CRLF or CR. The values a run cannot use are refused, each
 * with the file, the line and what to write, before the run starts: a value that is not a decimal number (Java's
 * parser takes {@code NaN}, {@code Infinity}, {@code 0x1p3} and {@code 1d}; a NaN timestamp became 0 s), and a token
 * count that is negative, fractional or above 2³¹ − 1. Session 64's campaign wrote such files beside a serving model:
 * a BOM made the first row a header and dropped its request, {@code ,,} ended the run in Java's words ("Index 0 out
 * of bounds for length 0"), a byte of Latin-1 in "java.nio.charset.MalformedInputException", and {@code -7} prompt
 * tokens ran. O(characters).
 */
final class DataFiles {
    /** A decimal number as a user writes one: digits, an optional sign, point and exponent. */
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern WHOLE = Pattern.compile("[-+]?\\d+");
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private DataFiles() {
    }

    /** The lines of the {@code what} (e.g. "trace file") {@code file}; a missing or non-UTF-8 file is said as such. */
    static List<String> lines(String what, Path file) {
        if (!Files.exists(file)) {
            throw new IllegalArgumentException(what + " " + file + " does not exist; correct its path in the model"
                    + " (a relative path is read beside the .fabric file)");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(what + " " + file + " is not UTF-8 text; save it as UTF-8 (plain"
                    + " digits, commas and line breaks are the same in every encoding)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + what + " " + file + " (" + e.getMessage() + ")", e);
        }
        return (text.startsWith(String.valueOf(BYTE_ORDER_MARK)) ? text.substring(1) : text).lines().toList();
    }

    /** Whether a line is no data: blank, or a comment from '#'. */
    static boolean skipped(String trimmed) {
        return trimmed.isEmpty() || trimmed.startsWith("#");
    }

    /** Whether {@code cell}, the first of a file's first data row, names a column: written, and not a number. */
    static boolean header(String cell) {
        return !cell.isEmpty() && !DECIMAL.matcher(cell).matches();
    }

    /** {@code cell} as a finite decimal number, or the refusal naming {@code row} at {@code place} ("file:line"). */
    static double decimal(String cell, String place, String row) {
        double value = DECIMAL.matcher(cell).matches() ? Double.parseDouble(cell) : Double.NaN;
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(place + ": not a number in " + Quoted.excerpt(row));
        }
        return value;
    }

    /**
     * {@code cell} as a count of {@code what} (e.g. "prompt tokens"), a whole number from 0 to 2³¹ − 1, or the refusal
     * at {@code place} ("file:line").
     */
    static int tokens(String cell, String what, String place) {
        long value = WHOLE.matcher(cell).matches() && cell.length() <= 12 ? Long.parseLong(cell) : -1;
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(place + ": " + what + " must be a whole number from 0 to "
                    + Integer.MAX_VALUE + ", not " + Quoted.excerpt(cell));
        }
        return (int) value;
    }
}
