package org.fabricsim.runtime.interop;

/** A mistake in an InfraGraph file: the message names the file, the line and what to do. */
public final class InfraGraphException extends Exception {
    private static final long serialVersionUID = 1L;

    public InfraGraphException(String message) {
        super(message);
    }
}
