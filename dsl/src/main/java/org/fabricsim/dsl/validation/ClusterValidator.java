package org.fabricsim.dsl.validation;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Cluster;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;

/**
 * A cluster has at least one node and at least one accelerator per node. A count the parser could
 * not read is left to the syntax error, so one mistake gives one diagnostic.
 */
public class ClusterValidator extends FabricCheck {

    @Check
    public void checkClusterNotEmpty(Cluster cluster) {
        if (written(cluster, Literals.CLUSTER__NODES) && cluster.getNodes() < 1) {
            error("A cluster needs at least 1 node; write 'nodes 1 x ...' or more.", cluster,
                    Literals.CLUSTER__NODES, IssueCodes.EMPTY_CLUSTER);
        }
        if (written(cluster, Literals.CLUSTER__ACCELERATORS_PER_NODE) && cluster.getAcceleratorsPerNode() < 1) {
            error("A node needs at least 1 accelerator; write '... x 1 accelerators' or more.", cluster,
                    Literals.CLUSTER__ACCELERATORS_PER_NODE, IssueCodes.EMPTY_CLUSTER);
        }
    }

    /** Whether the text holds a value for {@code feature}; false where the parser recovered without one. */
    private static boolean written(EObject object, EStructuralFeature feature) {
        return !NodeModelUtils.findNodesForFeature(object, feature).isEmpty();
    }
}
