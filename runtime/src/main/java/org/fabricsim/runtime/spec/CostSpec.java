package org.fabricsim.runtime.spec;

/**
 * What a cluster costs. Either a rental price per accelerator-hour, or capital amortized over a
 * lifetime plus electricity; a rental price, when given, wins.
 *
 * @param name                       qualified name
 * @param dollarsPerAcceleratorHour  rent; 0 when the cost is capital plus power
 * @param capexDollarsPerAccelerator capital per accelerator (a per-node figure divided by accelerators per node)
 * @param amortizationSeconds        lifetime over which capital is spread
 * @param wattsPerAccelerator        power per accelerator (a per-node figure divided by accelerators per node)
 * @param dollarsPerKwh              electricity price
 * @param pue                        power usage effectiveness; 1 when not given
 */
public record CostSpec(String name, double dollarsPerAcceleratorHour, double capexDollarsPerAccelerator,
        double amortizationSeconds, double wattsPerAccelerator, double dollarsPerKwh, double pue) {

    private static final double SECONDS_PER_HOUR = 3600;
    private static final double WATTS_PER_KILOWATT = 1000;

    /** Dollars per accelerator-hour, rent or capital-plus-power: capex/(lifetime in h) + kW · PUE · $/kWh. */
    public double dollarsPerHour() {
        if (dollarsPerAcceleratorHour > 0) {
            return dollarsPerAcceleratorHour;
        }
        double capital = amortizationSeconds > 0 ? capexDollarsPerAccelerator / (amortizationSeconds / SECONDS_PER_HOUR) : 0;
        return capital + wattsPerAccelerator / WATTS_PER_KILOWATT * pue * dollarsPerKwh;
    }
}
