package org.fabricsim.generator;

/**
 * One generated Java class.
 *
 * @param packageName the Java package, empty for none
 * @param className   the simple class name
 * @param source      the Java source text
 */
public record GeneratedProgram(String packageName, String className, String source) {

    /** The binary name, e.g. {@code quickstart.RingAllReduce}. */
    public String qualifiedName() {
        return packageName.isEmpty() ? className : packageName + "." + className;
    }

    /** The source file's path relative to a source root, e.g. {@code quickstart/RingAllReduce.java}. */
    public String relativePath() {
        return qualifiedName().replace('.', '/') + ".java";
    }
}
