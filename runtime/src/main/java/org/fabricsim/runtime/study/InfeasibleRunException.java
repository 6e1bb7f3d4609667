package org.fabricsim.runtime.study;

/** A combination of a study that cannot run; its message is the reason shown to the user. */
public final class InfeasibleRunException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InfeasibleRunException(String reason) {
        super(reason);
    }
}
