package org.fabricsim.generator.cli;

import org.eclipse.xtext.diagnostics.Severity;

/**
 * One diagnostic on a file, printed as {@code file:line:column: severity: message [code]}, the form
 * compilers use so that editors and terminals link it to the place. Control characters the message
 * quotes from the model are escaped ({@link Printable}).
 */
public record FileDiagnostic(String file, int line, int column, Severity severity, String code, String message) {

    /** The one-line form. */
    public String format() {
        String label = switch (severity) {
            case ERROR -> "error";
            case WARNING -> "warning";
            default -> "info";
        };
        return Printable.of(file + ":" + line + ":" + column + ": " + label + ": " + message
                + (code == null ? "" : " [" + code + "]"));
    }
}
