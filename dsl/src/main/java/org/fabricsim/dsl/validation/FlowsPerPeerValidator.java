package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Fabric;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.FabricScope;
import org.fabricsim.runtime.spec.FabricSpec;

/**
 * A fabric's {@code flows-per-peer}: the ECMP-hashed flows a transfer to one network peer is spread
 * over. It belongs to scale-out fabrics (a scale-up domain is one switch stage or direct links, with
 * no equal-cost paths to hash onto) and lies in [1, {@link FabricSpec#MAX_FLOWS_PER_PEER}], NCCL's
 * bound on queue pairs per connection.
 */
public class FlowsPerPeerValidator extends FabricCheck {

    @Check
    public void checkFlowsPerPeerOnScaleOut(Fabric fabric) {
        if (written(fabric, Literals.FABRIC__FLOWS_PER_PEER) && fabric.getScope() == FabricScope.SCALE_UP) {
            error("'flows-per-peer' describes how a scale-out fabric spreads a transfer over equal-cost paths;"
                    + " a scale-up fabric has none: remove it.", fabric, Literals.FABRIC__FLOWS_PER_PEER,
                    IssueCodes.FLOWS_PER_PEER);
        }
    }

    @Check
    public void checkFlowsPerPeerWithinNcclLimit(Fabric fabric) {
        if (!written(fabric, Literals.FABRIC__FLOWS_PER_PEER) || fabric.getScope() == FabricScope.SCALE_UP) {
            return;
        }
        int flows = fabric.getFlowsPerPeer();
        if (flows < 1 || flows > FabricSpec.MAX_FLOWS_PER_PEER) {
            int nearest = Math.max(1, Math.min(FabricSpec.MAX_FLOWS_PER_PEER, flows));
            error("'flows-per-peer' must be between 1 and " + FabricSpec.MAX_FLOWS_PER_PEER
                    + " (NCCL's limit of queue pairs per connection); NCCL's default is "
                    + FabricSpec.DEFAULT_FLOWS_PER_PEER + ".", fabric, Literals.FABRIC__FLOWS_PER_PEER,
                    IssueCodes.FLOWS_PER_PEER, String.valueOf(nearest));
        }
    }
}
