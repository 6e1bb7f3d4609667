package org.fabricsim.dsl.model;

import java.util.HashSet;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.Action;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.nodemodel.BidiTreeIterator;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.util.IResourceScopeCache;
import org.eclipse.xtext.util.OnChangeEvictingCache;
import org.eclipse.xtext.util.Tuples;

/**
 * Whether the text holds a value for a feature. EMF cannot tell an attribute written with its
 * default value (an {@code int} 0, an enum's first literal) from one not written at all; the
 * parse tree can.
 *
 * <p>The names of the features an object's text assigns are collected in one walk over its nodes (the walk of
 * {@link NodeModelUtils#findNodesForFeature}, for every feature at once) and kept in the resource's
 * {@link IResourceScopeCache} until the resource changes: the checks ask about 70 features of an element, and
 * each question used to walk its nodes again (10 % of a keystroke's build on a 10,000-line model, issue 19).
 */
public final class Written {
    /**
     * Stateless: its entries live in an adapter on each resource, the one the language's injected
     * {@link OnChangeEvictingCache} also finds; asking Guice for it on each call cost as much as the walk.
     */
    private static final OnChangeEvictingCache CACHE = new OnChangeEvictingCache();

    private Written() {
    }

    /** True when the source text assigns {@code feature} of {@code object}. */
    public static boolean written(EObject object, EStructuralFeature feature) {
        return assigned(object).contains(feature.getName());
    }

    private static Set<String> assigned(EObject object) {
        Resource resource = object.eResource();
        return resource == null ? collect(object)
                : CACHE.get(Tuples.pair(Written.class, object), resource, () -> collect(object));
    }

    /**
     * The features {@link NodeModelUtils#findNodesForFeature} finds nodes for in {@code object}'s node, in its
     * walk: an assignment's node counts and its subtree belongs to that value; an action's node counts for the
     * action's feature when it made {@code object} (the walk then skips the node after it), else for the
     * assignment that holds the object it made. O(nodes of the object's text).
     */
    private static Set<String> collect(EObject object) {
        Set<String> features = new HashSet<>();
        ICompositeNode node = NodeModelUtils.findActualNodeFor(object);
        if (node == null) {
            return features;
        }
        BidiTreeIterator<INode> nodes = node.getAsTreeIterable().iterator();
        while (nodes.hasNext()) {
            INode child = nodes.next();
            EObject grammarElement = child.getGrammarElement();
            if (grammarElement instanceof Action action) {
                if (child.getSemanticElement() == object) {
                    nodes.next();
                    addFeature(features, action.getFeature());
                } else {
                    INode first = ((ICompositeNode) child).getFirstChild();
                    while (first.getGrammarElement() instanceof Action) {
                        first = ((ICompositeNode) first).getFirstChild();
                    }
                    Assignment holder = GrammarUtil.containingAssignment(first.getGrammarElement());
                    addFeature(features, holder == null ? null : holder.getFeature());
                }
                nodes.prune();
            } else if (grammarElement != null && child != node) {
                Assignment assignment = GrammarUtil.containingAssignment(grammarElement);
                if (assignment != null) {
                    features.add(assignment.getFeature());
                    nodes.prune();
                }
            }
        }
        return features;
    }

    private static void addFeature(Set<String> features, String feature) {
        if (feature != null) {
            features.add(feature);
        }
    }
}
