package org.fabricsim.generator;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.fabricsim.runtime.Simulator;

/**
 * Compiles generated programs in memory against the runtime alone (the location the runtime's
 * classes were loaded from), and loads them. A generated program that needs more than the runtime
 * fails to compile here, which is how the "runtime jar only" promise is kept.
 */
public final class InMemoryCompiler {

    /** Compiles {@code programs} and returns a class loader that defines them. */
    public ClassLoader compile(List<GeneratedProgram> programs) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("no Java compiler: run FabricSim on a JDK, not a JRE");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        StandardJavaFileManager standard = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null);
        JavaFileManager manager = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                    FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + kind.extension),
                        kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        return classes.computeIfAbsent(className, k -> new ByteArrayOutputStream());
                    }
                };
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        for (GeneratedProgram program : programs) {
            units.add(new SimpleJavaFileObject(URI.create("mem:///" + program.relativePath()), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return program.source();
                }
            });
        }
        List<String> options = List.of("--release", "17", "-classpath", runtimeLocation(), "-proc:none");
        boolean ok = compiler.getTask(null, manager, diagnostics, options, null, units).call();
        if (!ok) {
            StringBuilder message = new StringBuilder("generated code does not compile (a FabricSim bug):");
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                message.append('\n').append(d.getSource() == null ? "" : d.getSource().getName()).append(':')
                        .append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT));
            }
            throw new IllegalStateException(message.toString());
        }
        return new ClassLoader(Simulator.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                ByteArrayOutputStream bytes = classes.get(name);
                if (bytes == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] code = bytes.toByteArray();
                return defineClass(name, code, 0, code.length);
            }
        };
    }

    /** The jar or folder the runtime was loaded from: the only classpath a generated program gets. */
    static String runtimeLocation() {
        try {
            return Path.of(Simulator.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the runtime classes", e);
        }
    }
}
