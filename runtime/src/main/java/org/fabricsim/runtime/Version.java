package org.fabricsim.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The tool's name and version, as written into every result. */
public final class Version {
    /** The version of this build, from the Maven project version. */
    public static final String NUMBER = load();
    /** The {@code tool} field of JSON results. */
    public static final String TOOL = "FabricSim " + NUMBER;

    private Version() {
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException("the runtime jar lacks version.properties", e);
        }
    }
}
