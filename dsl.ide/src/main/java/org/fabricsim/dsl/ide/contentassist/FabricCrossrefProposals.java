package org.fabricsim.dsl.ide.contentassist;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.CrossReference;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.IdeCrossrefProposalProvider;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.scoping.IScope;

/**
 * Names for a reference, each definition once, by its shortest name: a scope lists an imported definition
 * both by its simple name and by its qualified name ({@code InfiniBand_NDR} and
 * {@code fabric.catalog.nvidia.InfiniBand_NDR}), and completion offered both (issue 19: "each twice").
 * O(names in scope).
 */
public class FabricCrossrefProposals extends IdeCrossrefProposalProvider {

    @Override
    protected Iterable<IEObjectDescription> queryScope(IScope scope, CrossReference crossReference,
            ContentAssistContext context) {
        Map<URI, IEObjectDescription> shortest = new LinkedHashMap<>();
        for (IEObjectDescription candidate : scope.getAllElements()) {
            shortest.merge(candidate.getEObjectURI(), candidate, (kept, other) ->
                    other.getName().getSegmentCount() < kept.getName().getSegmentCount() ? other : kept);
        }
        return shortest.values();
    }
}
