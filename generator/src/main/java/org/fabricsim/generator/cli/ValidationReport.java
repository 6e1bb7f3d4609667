package org.fabricsim.generator.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.xtext.diagnostics.Severity;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.runtime.analysis.LockIn;
import org.fabricsim.runtime.result.Json;

import com.google.common.collect.Iterables;

/**
 * What {@code fabric validate} prints: the diagnostics as {@code file:line:column} lines or as one
 * JSON document, and on request the lock-in summary of every cluster.
 *
 * <p>The JSON document has stable keys: {@code files}, {@code errors}, {@code warnings},
 * {@code diagnostics} (each with {@code file}, {@code line}, {@code column}, {@code severity}
 * {@code error|warning|info}, {@code code} and {@code message}) and, with {@code --lock-in},
 * {@code lockIn} (one entry per cluster, as {@link LockIn#toJson()}).
 */
final class ValidationReport {
    private final ModelWorkspace workspace;

    ValidationReport(ModelWorkspace workspace) {
        this.workspace = workspace;
    }

    /** The lock-in facts of every cluster that maps to a spec (clusters with errors are skipped). */
    List<LockIn> lockIns() {
        List<LockIn> lockIns = new ArrayList<>();
        for (Model model : workspace.models().values()) {
            for (Cluster cluster : Iterables.filter(model.getElements(), Cluster.class)) {
                try {
                    lockIns.add(LockIn.of(workspace.mapper().toCluster(cluster)));
                } catch (RuntimeException incomplete) {
                    // a cluster with errors has no spec; its diagnostics say why
                }
            }
        }
        return lockIns;
    }

    /** Diagnostics, then the lock-in summaries when asked for, as text. */
    void printText(PrintWriter out, boolean lockIn) {
        workspace.diagnostics().forEach(d -> out.println(d.format()));
        if (lockIn) {
            lockIns().forEach(l -> out.print(l.summary()));
        }
        out.flush();
    }

    /** The whole report as one JSON document. */
    void printJson(PrintWriter out, boolean lockIn) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("files", workspace.models().size());
        document.put("errors", count(Severity.ERROR));
        document.put("warnings", count(Severity.WARNING));
        List<Object> diagnostics = new ArrayList<>();
        for (FileDiagnostic d : workspace.diagnostics()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("file", d.file());
            entry.put("line", d.line());
            entry.put("column", d.column());
            entry.put("severity", d.severity().name().toLowerCase(java.util.Locale.ROOT));
            entry.put("code", d.code());
            entry.put("message", d.message());
            diagnostics.add(entry);
        }
        document.put("diagnostics", diagnostics);
        if (lockIn) {
            List<Object> summaries = new ArrayList<>();
            lockIns().forEach(l -> summaries.add(l.toJson()));
            document.put("lockIn", summaries);
        }
        out.print(Json.write(document));
        out.flush();
    }

    private long count(Severity severity) {
        return workspace.diagnostics().stream().filter(d -> d.severity() == severity).count();
    }
}
