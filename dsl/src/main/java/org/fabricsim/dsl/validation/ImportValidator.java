package org.fabricsim.dsl.validation;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.impl.ResourceDescriptionsProvider;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Import;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.linking.FabricLinkingDiagnostics;

import com.google.inject.Inject;

/**
 * An import that names no package and no definition of the workspace or the standard catalog
 * ({@code import fabric.catalog.nvidai.*}) makes nothing visible: without this warning only the names
 * it was meant to bring in failed, each with "Add 'import fabric.catalog.nvidia.*'", and the misspelled
 * import stayed unmarked. The warning names the nearest package (at most
 * {@value FabricLinkingDiagnostics#MAX_SUGGESTION_DISTANCE} edits away, as the linker's suggestions), which its issue
 * data carries as the import to write.
 */
public class ImportValidator extends FabricCheck {
    @Inject
    private ResourceDescriptionsProvider indexes;

    @Inject
    private StandardCatalog catalog;

    /**
     * {@code import p.*} needs a package p (a definition p.X); {@code import p.X} a definition or package
     * p.X. One pass over the names the index and the catalog export per file: O(exported names + imports).
     */
    @Check
    public void checkModelImportsNameWhatExists(Model model) {
        Resource resource = model.eResource();
        if (model.getImports().isEmpty() || resource == null || resource.getResourceSet() == null) {
            return;
        }
        Set<String> names = new HashSet<>();
        Set<String> packages = new HashSet<>();
        if (model.getName() != null) {
            packages.add(model.getName());
        }
        Iterable<IEObjectDescription> workspace = indexes.getResourceDescriptions(resource.getResourceSet())
                .getExportedObjects();
        Stream.concat(StreamSupport.stream(workspace.spliterator(), false), catalog.exportedObjects().stream())
                .map(IEObjectDescription::getQualifiedName).forEach(name -> {
                    names.add(name.toString());
                    packages.add(name.getSegmentCount() > 1 ? name.skipLast(1).toString() : name.toString());
                });
        for (Import imported : model.getImports()) {
            String text = imported.getImportedNamespace();
            boolean wildcard = text != null && text.endsWith(".*");
            String name = wildcard ? text.substring(0, text.length() - 2) : text;
            if (name != null && !packages.contains(name) && (wildcard || !names.contains(name))) {
                warnUnknown(imported, name, wildcard, packages);
            }
        }
    }

    private void warnUnknown(Import imported, String name, boolean wildcard, Set<String> packages) {
        QualifiedName written = QualifiedName.create(name.split("\\."));
        String pkg = wildcard || written.getSegmentCount() <= 1 ? name : written.skipLast(1).toString();
        Optional<String> nearest = FabricLinkingDiagnostics.nearest(packages.stream(), pkg,
                FabricLinkingDiagnostics.MAX_SUGGESTION_DISTANCE);
        String fix = nearest.map(p -> p + (wildcard ? ".*" : name.substring(pkg.length()))).orElse(null);
        warning("Nothing named '" + name + "' is defined in this workspace or the standard catalog, so this import"
                + " makes nothing visible. " + (fix != null ? "Did you mean 'import " + fix + "'?"
                        : "Correct the name, or add the file that defines it to the workspace."),
                imported, Literals.IMPORT__IMPORTED_NAMESPACE, IssueCodes.UNKNOWN_IMPORT,
                fix != null ? new String[] { fix } : new String[0]);
    }
}
