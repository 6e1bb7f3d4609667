package org.fabricsim.dsl.resource;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.EObjectAtOffsetHelper;
import org.eclipse.xtext.resource.XtextResource;

/**
 * Finds the named element at an offset, as Xtext does, but answers "none" where broken text has a
 * token without any element (Xtext then asked the null element for its name and failed, in the
 * editor's references, highlights and rename).
 */
public class FabricEObjectAtOffsetHelper extends EObjectAtOffsetHelper {

    @Override
    public EObject getElementWithNameAt(XtextResource resource, int offset) {
        if (resource == null || resource.getParseResult() == null) {
            return null;
        }
        ICompositeNode root = resource.getParseResult().getRootNode();
        ILeafNode leaf = NodeModelUtils.findLeafNodeAtOffset(root, offset);
        if (leaf != null && leaf.isHidden() && leaf.getOffset() == offset) {
            leaf = NodeModelUtils.findLeafNodeAtOffset(root, offset - 1);
        }
        return leaf == null || NodeModelUtils.findActualSemanticObjectFor(leaf) == null ? null
                : super.getElementWithNameAt(resource, offset);
    }
}
