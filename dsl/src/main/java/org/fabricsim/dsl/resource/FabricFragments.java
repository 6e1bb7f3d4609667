package org.fabricsim.dsl.resource;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.xtext.resource.DefaultFragmentProvider;

/**
 * EMF's path fragments ({@code //@elements.12/@nodes.0}), without searching a model's list of definitions
 * for each object. EMF names an object by its index in its container's list, found by {@code indexOf}, and does
 * so for every level of every object: on a model of n definitions each object costs O(n), so unloading a
 * 10,000-line model (every object gets a fragment as its proxy) and exporting its names were O(n × objects),
 * 7 % of a keystroke's build (issue 19). Here the definition's index is checked at the position found for the
 * previous object first (objects are named in tree order, so it is usually the same definition or the next),
 * and searched only when that misses; a position is trusted only after {@code list.get(i) == definition},
 * which in a containment list (each object once) is exactly {@code indexOf}. The levels below a definition
 * are EMF's own segments. Containers are read as EMF reads them, without resolving: while a model is unloaded
 * its objects are proxies already. The fragments are EMF's, character for character ({@code FabricFragmentsTest}).
 */
public class FabricFragments extends DefaultFragmentProvider {
    /** Where the last definition was found; a hint only, verified before use, so sharing it is safe. */
    private volatile int lastIndex;

    @Override
    public String getFragment(EObject object, Fallback fallback) {
        InternalEObject definition = (InternalEObject) object;
        Deque<String> below = new ArrayDeque<>();
        while (definition.eInternalContainer() != null && definition.eInternalContainer().eInternalContainer() != null) {
            InternalEObject container = definition.eInternalContainer();
            below.push(container.eURIFragmentSegment(definition.eContainingFeature(), definition));
            definition = container;
        }
        InternalEObject model = definition.eInternalContainer();
        EStructuralFeature feature = definition.eContainingFeature();
        if (model == null || !(feature instanceof EReference reference) || !reference.isMany()
                || !reference.getEKeys().isEmpty()) {
            return fallback.getFragment(object);
        }
        String root = fallback.getFragment(model);
        if (!root.startsWith("/") || root.equals("/-1")) {
            return fallback.getFragment(object);
        }
        StringBuilder fragment = new StringBuilder(root).append("/@").append(feature.getName()).append('.')
                .append(indexOf((List<?>) model.eGet(feature, false), definition));
        for (String segment : below) {
            fragment.append('/').append(segment);
        }
        return fragment.toString();
    }

    private int indexOf(List<?> definitions, EObject definition) {
        int hint = lastIndex;
        for (int index = hint; index <= hint + 1 && index < definitions.size(); index++) {
            if (definitions.get(index) == definition) {
                lastIndex = index;
                return index;
            }
        }
        int index = definitions.indexOf(definition);
        lastIndex = Math.max(index, 0);
        return index;
    }
}
