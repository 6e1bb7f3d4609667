package org.fabricsim.dsl.ui;

import org.fabricsim.dsl.FabricStandaloneSetup;
import org.fabricsim.dsl.ide.FabricIdeSetup;

import com.google.inject.Injector;

/**
 * The FabricSim language as the Eclipse editor uses it: a single Guice injector for the Xtext
 * runtime of {@code org.fabricsim.dsl} and the IDE services of {@code org.fabricsim.dsl.ide} (content
 * assist, hover), the same the language server uses, created on first use by {@link FabricIdeSetup}, which
 * as a {@link FabricStandaloneSetup} also registers the language's EPackage and resource factory with EMF.
 */
public final class FabricLanguage {

    /** Symbolic name of this bundle. */
    public static final String PLUGIN_ID = "org.fabricsim.dsl.ui";

    /** Marker type of the problems that validation finds in {@code .fabric} files. */
    public static final String PROBLEM_MARKER = PLUGIN_ID + ".problem";

    /** Marker attribute holding the stable diagnostic code of an issue, when it has one. */
    public static final String CODE_ATTRIBUTE = PLUGIN_ID + ".code";

    /**
     * Marker attribute holding the data (what its quick fixes insert), the items joined by
     * {@link #DATA_SEPARATOR}, when it has any.
     */
    public static final String DATA_ATTRIBUTE = PLUGIN_ID + ".data";

    /** Separates the items of {@link #DATA_ATTRIBUTE}: no name, number or package holds a line break. */
    public static final String DATA_SEPARATOR = "\n";

    /** Content type of {@code .fabric} files. */
    public static final String CONTENT_TYPE = PLUGIN_ID + ".fabric";

    private static volatile Injector injector;

    private FabricLanguage() {
    }

    /**
     * Returns the injector of the language, creating it on the first call.
     *
     * @return the shared injector
     */
    public static Injector injector() {
        Injector result = injector;
        if (result == null) {
            synchronized (FabricLanguage.class) {
                result = injector;
                if (result == null) {
                    result = new FabricIdeSetup().createInjectorAndDoEMFRegistration();
                    injector = result;
                }
            }
        }
        return result;
    }
}
