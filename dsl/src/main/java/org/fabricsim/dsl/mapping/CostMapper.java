package org.fabricsim.dsl.mapping;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.fabricsim.dsl.fabric.CapexUnit;
import org.fabricsim.dsl.fabric.Component;
import org.fabricsim.dsl.fabric.Cost;
import org.fabricsim.dsl.fabric.FailureDomain;
import org.fabricsim.dsl.fabric.FailureRate;
import org.fabricsim.dsl.fabric.Mtbf;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Reliability;
import org.fabricsim.dsl.model.Checkpoints;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.spec.CostSpec;
import org.fabricsim.runtime.spec.ReliabilitySpec;

import com.google.inject.Inject;

/** The money and failure part of {@link ClusterMapper}: a cluster's cost and its reliability. */
final class CostMapper {
    @Inject
    private SpecNames names;

    /** The cost per accelerator; per-node figures are divided by the node's accelerators. */
    CostSpec toCost(Cost cost, int acceleratorsPerNode) {
        double rent = cost.getAcceleratorHour() == null ? 0 : Units.base(cost.getAcceleratorHour(), Dimension.MONEY_RATE);
        double capex = cost.getCapex() == null ? 0 : Units.base(cost.getCapex(), Dimension.MONEY)
                / (cost.getCapexUnit() == CapexUnit.NODE ? acceleratorsPerNode : 1);
        double lifetime = cost.getAmortization() == null ? 0 : Units.seconds(cost.getAmortization());
        double watts = cost.getPower() == null ? 0 : Units.base(cost.getPower(), Dimension.POWER)
                / (cost.getPowerUnit() == CapexUnit.NODE ? acceleratorsPerNode : 1);
        double kwh = cost.getElectricity() == null ? 0 : Units.base(cost.getElectricity(), Dimension.ENERGY_PRICE);
        double pue = cost.getPue() == null ? 1 : new BigDecimal(cost.getPue()).doubleValue();
        return new CostSpec(names.qualifiedName(cost), rent, capex, lifetime, watts, kwh, pue);
    }

    ReliabilitySpec toReliability(Reliability reliability) {
        List<ReliabilitySpec.Rate> rates = new ArrayList<>();
        for (Mtbf part : reliability.getMtbf()) {
            rates.add(ReliabilitySpec.Rate.ofMtbf(component(part.getComponent()), Units.seconds(part.getTime())));
        }
        for (FailureRate rate : reliability.getRates()) {
            rates.add(ReliabilitySpec.Rate.perThousandNodeDays(component(rate.getComponent()),
                    new BigDecimal(rate.getPerThousandNodeDays()).doubleValue()));
        }
        for (FailureDomain domain : reliability.getDomains()) {
            rates.add(ReliabilitySpec.Rate.ofDomain(domain.getSize(), Units.seconds(domain.getMtbf())));
        }
        boolean stragglers = reliability.getStragglerShare() != null;
        return new ReliabilitySpec(names.qualifiedName(reliability), rates,
                seconds(reliability.getCheckpointInterval()), Checkpoints.seconds(reliability),
                seconds(reliability.getRestartTime()), seconds(reliability.getRepairTime()), reliability.getSpares(),
                stragglers ? new BigDecimal(reliability.getStragglerShare()).doubleValue() : 0,
                stragglers ? new BigDecimal(reliability.getStragglerSpeed()).doubleValue() : 1,
                seconds(reliability.getWindow()), reliability.isStragglerLink());
    }

    private static ReliabilitySpec.Component component(Component component) {
        return ReliabilitySpec.Component.valueOf(component.getName());
    }

    private static double seconds(Quantity time) {
        return time == null ? 0 : Units.seconds(time);
    }
}
