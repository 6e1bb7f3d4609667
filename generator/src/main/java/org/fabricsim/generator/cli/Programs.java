package org.fabricsim.generator.cli;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.util.LineAndColumn;
import org.fabricsim.dsl.fabric.Element;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Workload;
import org.fabricsim.runtime.spec.StudySpec;

/**
 * What a command simulates of a model: the model's name, its programs (one per study, and per lone workload) and
 * the line and column each study's or workload's definition starts on, by its qualified name (a lone workload's
 * program's).
 */
public record Programs(String model, List<StudySpec> studies, Map<String, Integer> lines,
        Map<String, Integer> columns) {

    /** {@code file:line} of {@code program}'s study in {@code file}, or {@code file} where it has no line. */
    public String where(Path file, StudySpec program) {
        Integer line = lines.get(program.name());
        return line == null ? file.toString() : file + ":" + line;
    }

    /**
     * {@code file:line:column} of the study or workload {@code name}, the place diagnostics name (editors and the
     * VS Code task's problem matcher link it), or {@code file} where it has none.
     */
    public String place(Path file, String name) {
        Integer line = lines.get(name);
        Integer column = columns.get(name);
        return line == null || column == null ? file.toString() : file + ":" + line + ":" + column;
    }

    /**
     * The line or column ({@code part}) each study and workload of {@code root} starts at, by its qualified name (a
     * study's program's, and a lone workload's).
     */
    static Map<String, Integer> places(Model root, ToIntFunction<LineAndColumn> part) {
        Map<String, Integer> places = new HashMap<>();
        for (Element element : root.getElements()) {
            String name = element instanceof Study study ? study.getName()
                    : element instanceof Workload workload ? workload.getName() : null;
            if (name != null) {
                String qualified = root.getName() == null ? name : root.getName() + "." + name;
                INode node = NodeModelUtils.getNode(element);
                places.put(qualified, part.applyAsInt(NodeModelUtils.getLineAndColumn(node, node.getOffset())));
            }
        }
        return places;
    }
}
