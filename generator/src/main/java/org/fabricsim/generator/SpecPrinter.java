package org.fabricsim.generator;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.StudySpec;

/**
 * Prints a runtime spec as the Java expression that rebuilds it: records become constructor calls
 * (each argument on its own line, named by a trailing comment), enums become constants, lists
 * {@code List.of(...)}, strings escaped literals, numbers exact literals, and absent parts
 * {@code null}; the default calibration profile prints as {@code CalibrationProfile.defaults()}, any
 * other profile component by component. Types outside the spec package the program imports, as the engine's collective
 * enums and phases are, are written fully qualified. Because it follows the records' own components, every spec the mapping
 * produces prints without further code, and the printed program rebuilds exactly the specs the
 * in-process simulation uses.
 */
public final class SpecPrinter {
    private static final String INDENT = "    ";
    /** The package the generated program imports whole ({@code ProgramTemplate}). */
    private static final String SPEC_PACKAGE = StudySpec.class.getPackageName();

    private SpecPrinter() {
    }

    /** The expression for {@code value}, whose continuation lines start at {@code depth} indents. */
    public static String print(Object value, int depth) {
        StringBuilder out = new StringBuilder();
        print(value, depth, out);
        return out.toString();
    }

    private static void print(Object value, int depth, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            out.append(JavaSource.stringLiteral(s));
        } else if (value instanceof Long l) {
            out.append(l).append('L');
        } else if (value instanceof Integer || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Double d) {
            out.append(doubleLiteral(d));
        } else if (value instanceof Enum<?> e) {
            out.append(typeName(e.getDeclaringClass())).append('.').append(e.name());
        } else if (value instanceof CalibrationProfile profile && profile.equals(CalibrationProfile.defaults())) {
            out.append(typeName(CalibrationProfile.class)).append(".defaults()");
        } else if (value instanceof List<?> list) {
            printList(list, depth, out);
        } else if (value instanceof Record record) {
            printRecord(record, depth, out);
        } else {
            throw new IllegalArgumentException("cannot print a " + value.getClass());
        }
    }

    private static String doubleLiteral(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("specs hold finite numbers only, got " + d);
        }
        return Double.toString(d);
    }

    private static void printList(List<?> list, int depth, StringBuilder out) {
        boolean simple = list.stream().noneMatch(Record.class::isInstance);
        out.append("List.of(");
        for (int i = 0; i < list.size(); i++) {
            if (simple) {
                out.append(i == 0 ? "" : ", ");
            } else {
                newline(out, depth + 1);
            }
            print(list.get(i), depth + 1, out);
            if (!simple && i + 1 < list.size()) {
                out.append(',');
            }
        }
        out.append(')');
    }

    private static void printRecord(Record record, int depth, StringBuilder out) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        out.append("new ").append(typeName(record.getClass())).append('(');
        for (int i = 0; i < components.length; i++) {
            newline(out, depth + 1);
            print(component(record, components[i]), depth + 1, out);
            out.append(i + 1 < components.length ? ", " : " ").append("// ").append(components[i].getName());
        }
        newline(out, depth);
        out.append(')');
    }

    /**
     * The name of a type as the generated program writes it: a spec type by its name in the spec
     * package (nested types through their outer type), any other type fully qualified.
     */
    private static String typeName(Class<?> type) {
        String name = type.getCanonicalName();
        return type.getPackageName().equals(SPEC_PACKAGE) ? name.substring(SPEC_PACKAGE.length() + 1) : name;
    }

    private static Object component(Record record, RecordComponent component) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass(), e);
        }
    }

    private static void newline(StringBuilder out, int depth) {
        out.append('\n').append(INDENT.repeat(depth));
    }
}
