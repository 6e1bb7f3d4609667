package org.fabricsim.dsl.validation;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.build.ResolvedResourceDescription;
import org.eclipse.xtext.resource.IReferenceDescription;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.resource.IResourceDescriptions;
import org.eclipse.xtext.resource.impl.ResourceDescriptionsProvider;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.catalog.StandardCatalog;
import org.fabricsim.dsl.fabric.Element;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Model;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Workload;

import com.google.inject.Inject;

/**
 * Unused definitions (info). A definition is unused when nothing in its own file and nothing in
 * the index of the resource set (every other file the editor or the command line knows) refers to
 * it. Only files that run something (a workload or a study) are checked: a file of definitions
 * alone, like the standard catalog or a shared cluster file, exists to be imported. Workloads and
 * studies are what a file runs, so they are never unused. Duplicate names and unresolved names are
 * reported by {@link FabricNamesAreUnique} and the linker.
 */
public class HygieneValidator extends FabricCheck {

    @Inject
    private ResourceDescriptionsProvider indexes;

    @Inject
    private StandardCatalog catalog;

    @Check
    public void checkModelDefinitionsUsed(Model model) {
        Resource resource = model.eResource();
        if (resource == null || catalog.contains(resource.getURI()) || !runsSomething(model)) {
            return;
        }
        Set<URI> usedElsewhere = referencedFromOtherFiles(resource);
        if (usedElsewhere == null) {
            return;
        }
        Set<EObject> used = referencedFromThisFile(resource);
        for (Element element : model.getElements()) {
            if (element instanceof Workload || element instanceof Study || element.getName() == null) {
                continue;
            }
            if (!used.contains(element) && !usedElsewhere.contains(EcoreUtil.getURI(element))) {
                info(kind(element) + " " + element.getName() + " is defined but nothing uses it: use it, or delete it.",
                        element, Literals.ELEMENT__NAME, IssueCodes.UNUSED, element.getName());
            }
        }
    }

    private static boolean runsSomething(Model model) {
        return model.getElements().stream().anyMatch(e -> e instanceof Workload || e instanceof Study);
    }

    /**
     * The objects this file refers to, by identity: an object's URI costs a walk to its index in the model's list
     * of definitions, and comparing URIs was O(definitions^2) on a 10,000-line model (issue 19).
     */
    private static Set<EObject> referencedFromThisFile(Resource resource) {
        Set<EObject> used = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Iterator<EObject> contents = resource.getAllContents(); contents.hasNext();) {
            for (EObject target : contents.next().eCrossReferences()) {
                if (!target.eIsProxy()) {
                    used.add(target);
                }
            }
        }
        return used;
    }

    /**
     * URIs of the objects of this file that any other file of the index refers to, or null when the index
     * cannot say what other files refer to.
     */
    private Set<URI> referencedFromOtherFiles(Resource resource) {
        Set<URI> used = new HashSet<>();
        if (resource.getResourceSet() == null) {
            return used;
        }
        IResourceDescriptions index = indexes.getResourceDescriptions(resource.getResourceSet());
        for (IResourceDescription other : index.getAllResourceDescriptions()) {
            if (other.getURI().equals(resource.getURI())) {
                continue;
            }
            if (other instanceof ResolvedResourceDescription) {
                // Indexes of resolved descriptions (the xtext-maven-plugin's standalone builder) keep
                // no references: without them nothing can be called unused, so say nothing.
                return null;
            }
            for (IReferenceDescription reference : other.getReferenceDescriptions()) {
                used.add(reference.getTargetEObjectUri());
            }
        }
        return used;
    }

    private static String kind(Element element) {
        String type = element.eClass().getName();
        return type.equals("LanguageModel") ? "Model" : type;
    }
}
