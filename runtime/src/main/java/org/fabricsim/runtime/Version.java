package org.fabricsim.runtime;

/** The tool's name and version, as written into every result. */
public final class Version {
    /** The version of this build, taken from the jar manifest; "dev" when run from classes. */
    public static final String NUMBER = java.util.Objects.requireNonNullElse(
            Version.class.getPackage().getImplementationVersion(), "dev");
    /** The {@code tool} field of JSON results. */
    public static final String TOOL = "FabricSim " + NUMBER;

    private Version() {
    }
}
