package org.fabricsim.generator.cli;

/** The command line's exit codes. */
public final class ExitCodes {
    /** Success. */
    public static final int OK = 0;
    /** The model has errors. */
    public static final int MODEL_ERRORS = 1;
    /** Bad command-line usage, or a file that cannot be read or written. */
    public static final int USAGE = 2;
    /** {@code simulate}: the model is valid but at least one of its runs failed; the reasons are in the results. */
    public static final int RUNS_FAILED = 3;
    /** An unexpected exception: a bug in FabricSim, not in the model. */
    public static final int INTERNAL_ERROR = 4;

    private ExitCodes() {
    }
}
