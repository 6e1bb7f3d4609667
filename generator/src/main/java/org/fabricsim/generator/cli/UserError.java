package org.fabricsim.generator.cli;

/** A mistake in what the user asked for: reported as one line, never with a stack trace. */
public final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public UserError(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
