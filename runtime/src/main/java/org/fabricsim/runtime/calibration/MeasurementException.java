package org.fabricsim.runtime.calibration;

/**
 * Refuses a file of measurements: names the file, the line (0 for the file as a whole), what is
 * wrong and what to do. The message reads {@code file:line: problem; remedy}.
 */
public final class MeasurementException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;

    public MeasurementException(String file, int line, String problemAndRemedy) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problemAndRemedy);
        this.file = file;
        this.line = line;
    }

    /** The file refused. */
    public String file() {
        return file;
    }

    /** The line refused, from 1; 0 when the file as a whole is. */
    public int line() {
        return line;
    }
}
