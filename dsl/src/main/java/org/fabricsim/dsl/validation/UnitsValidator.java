package org.fabricsim.dsl.validation;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.QuantityValue;
import org.fabricsim.dsl.fabric.Study;
import org.fabricsim.dsl.fabric.Value;
import org.fabricsim.dsl.fabric.VariedParameter;
import org.fabricsim.dsl.fabric.Variation;
import org.fabricsim.dsl.mapping.HardwareMapper;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;
import org.fabricsim.runtime.sim.ClockLimit;
import org.fabricsim.runtime.spec.StudySpec;

/**
 * Quantities have the dimension their place demands, money is written with {@code $}, and sizes are
 * positive; rates, delays and percentages stay within what hardware reaches; the values of {@code vary rate} are
 * request rates.
 */
public class UnitsValidator extends FabricCheck {

    /** The dimension each quantity-valued feature demands. */
    static final Map<EStructuralFeature, Dimension> EXPECTED = Map.ofEntries(
            Map.entry(Literals.ACCELERATOR__MEMORY, Dimension.DATA_SIZE),
            Map.entry(Literals.ACCELERATOR__MEMORY_BANDWIDTH, Dimension.DATA_RATE),
            Map.entry(Literals.ACCELERATOR__RESERVED_MEMORY, Dimension.DATA_SIZE),
            Map.entry(Literals.ACCELERATOR__EFFICIENCY, Dimension.FRACTION),
            Map.entry(Literals.ACCELERATOR__FP8_EFFICIENCY, Dimension.FRACTION),
            Map.entry(Literals.ACCELERATOR__MEMORY_EFFICIENCY, Dimension.FRACTION),
            Map.entry(Literals.ACCELERATOR__SCALE_UP_EFFICIENCY, Dimension.FRACTION),
            Map.entry(Literals.SOFTWARE__ATTENTION_FORWARD, Dimension.FRACTION),
            Map.entry(Literals.SOFTWARE__ATTENTION_BACKWARD, Dimension.FRACTION),
            Map.entry(Literals.SOFTWARE__GRADIENT_ACCUMULATION, Dimension.DATA_SIZE),
            Map.entry(Literals.ACCELERATOR__SCALE_UP_PORT_RATE, Dimension.DATA_RATE),
            Map.entry(Literals.ACCELERATOR__POWER, Dimension.POWER),
            Map.entry(Literals.PRECISION_RATE__RATE, Dimension.COMPUTE_RATE),
            Map.entry(Literals.FABRIC__LINK_RATE, Dimension.DATA_RATE),
            Map.entry(Literals.TORUS_TOPOLOGY__LINK_RATES, Dimension.DATA_RATE),
            Map.entry(Literals.TIER_LEVEL__UPLINK_RATE, Dimension.DATA_RATE),
            Map.entry(Literals.DATA_CENTRE_NETWORK__NIC_RATE, Dimension.DATA_RATE),
            Map.entry(Literals.TORUS_TOPOLOGY__OCS_LATENCY, Dimension.TIME),
            Map.entry(Literals.FABRIC__LATENCY, Dimension.TIME),
            Map.entry(Literals.FABRIC__EFFICIENCY, Dimension.FRACTION),
            Map.entry(Literals.FABRIC__MTU, Dimension.DATA_SIZE),
            Map.entry(Literals.CONGESTION_PARAMETERS__KMIN, Dimension.DATA_SIZE),
            Map.entry(Literals.CONGESTION_PARAMETERS__KMAX, Dimension.DATA_SIZE),
            Map.entry(Literals.CONGESTION_PARAMETERS__PMAX, Dimension.FRACTION),
            Map.entry(Literals.CONGESTION_PARAMETERS__INCREASE_TIMER, Dimension.TIME),
            Map.entry(Literals.CONGESTION_PARAMETERS__ETA, Dimension.FRACTION),
            Map.entry(Literals.CONGESTION_PARAMETERS__ADDITIVE_INCREASE, Dimension.DATA_RATE),
            Map.entry(Literals.CONGESTION_PARAMETERS__CREDIT, Dimension.DATA_SIZE),
            Map.entry(Literals.CONGESTION_PARAMETERS__FECN_THRESHOLD, Dimension.DATA_SIZE),
            Map.entry(Literals.CONGESTION_PARAMETERS__CCTI_TIMER, Dimension.TIME),
            Map.entry(Literals.CLUSTER__LINK_EFFICIENCY, Dimension.FRACTION),
            Map.entry(Literals.STUDY__TOLERANCE, Dimension.FRACTION),
            Map.entry(Literals.NIC__PORT_RATE, Dimension.DATA_RATE),
            Map.entry(Literals.NIC__LATENCY, Dimension.TIME),
            Map.entry(Literals.SWITCH__PORT_RATE, Dimension.DATA_RATE),
            Map.entry(Literals.SWITCH__LATENCY, Dimension.TIME),
            Map.entry(Literals.SWITCH__BUFFER, Dimension.DATA_SIZE),
            Map.entry(Literals.CLUSTER__LINK_RATE, Dimension.DATA_RATE),
            Map.entry(Literals.CLUSTER__HOP_LATENCY, Dimension.TIME),
            Map.entry(Literals.TRAINING__OVERLAP, Dimension.FRACTION),
            Map.entry(Literals.POISSON_ARRIVAL__RATE, Dimension.REQUEST_RATE),
            Map.entry(Literals.SLO__LIMIT, Dimension.TIME),
            Map.entry(Literals.POOL__ITERATION_HOST, Dimension.TIME),
            Map.entry(Literals.POOL__ITERATION_HOST_PER_SEQUENCE, Dimension.TIME),
            Map.entry(Literals.POOL__CUSTOM_ALL_REDUCE_BELOW, Dimension.DATA_SIZE),
            Map.entry(Literals.BENCHMARK__SIZES, Dimension.DATA_SIZE),
            Map.entry(Literals.BENCHMARK__UP_TO, Dimension.DATA_SIZE),
            Map.entry(Literals.EXPECTATION__SIZE, Dimension.DATA_SIZE),
            Map.entry(Literals.COST__ACCELERATOR_HOUR, Dimension.MONEY_RATE),
            Map.entry(Literals.COST__CAPEX, Dimension.MONEY),
            Map.entry(Literals.COST__AMORTIZATION, Dimension.TIME),
            Map.entry(Literals.COST__POWER, Dimension.POWER),
            Map.entry(Literals.COST__ELECTRICITY, Dimension.ENERGY_PRICE),
            Map.entry(Literals.RELIABILITY__CHECKPOINT_INTERVAL, Dimension.TIME),
            Map.entry(Literals.RELIABILITY__CHECKPOINT_TIME, Dimension.TIME),
            Map.entry(Literals.RELIABILITY__RESTART_TIME, Dimension.TIME),
            Map.entry(Literals.RELIABILITY__CHECKPOINT_SIZE, Dimension.DATA_SIZE),
            Map.entry(Literals.RELIABILITY__STORAGE_BANDWIDTH, Dimension.DATA_RATE),
            Map.entry(Literals.RELIABILITY__REPAIR_TIME, Dimension.TIME),
            Map.entry(Literals.RELIABILITY__WINDOW, Dimension.TIME),
            Map.entry(Literals.MTBF__TIME, Dimension.TIME),
            Map.entry(Literals.FAILURE_DOMAIN__MTBF, Dimension.TIME));

    private static final double PICOSECONDS_PER_SECOND = 1e12;

    /** The fastest data rate a model may state, in bit/s. */
    static final double MAX_DATA_RATE = 1e15;

    /** The fastest compute rate a model may state, in FLOP/s: 1 EFLOP/s, 1000 PFLOPS. */
    static final double MAX_COMPUTE_RATE = 1e18;

    /** The dimension {@code feature} demands, or null for a feature of no one dimension; syntax messages read it. */
    public static Dimension expectedDimension(EStructuralFeature feature) {
        return EXPECTED.get(feature);
    }

    /**
     * Delays the engine counts in picoseconds on its clock ({@link ClockLimit}): a hop's, a NIC's, a switch's or an
     * optical switch's latency, a congestion-control timer, a serving pool's host time per iteration.
     */
    private static final Set<EStructuralFeature> CLOCKED_DELAYS = Set.of(Literals.FABRIC__LATENCY,
            Literals.NIC__LATENCY, Literals.SWITCH__LATENCY, Literals.CLUSTER__HOP_LATENCY,
            Literals.TORUS_TOPOLOGY__OCS_LATENCY, Literals.CONGESTION_PARAMETERS__INCREASE_TIMER,
            Literals.CONGESTION_PARAMETERS__CCTI_TIMER, Literals.POOL__ITERATION_HOST,
            Literals.POOL__ITERATION_HOST_PER_SEQUENCE);

    /** Places where zero is meaningful. */
    private static final Set<EStructuralFeature> ZERO_ALLOWED = Set.of(
            Literals.CLUSTER__HOP_LATENCY, Literals.FABRIC__LATENCY, Literals.NIC__LATENCY, Literals.SWITCH__LATENCY,
            Literals.TORUS_TOPOLOGY__OCS_LATENCY, Literals.TRAINING__OVERLAP, Literals.RELIABILITY__RESTART_TIME, Literals.RELIABILITY__CHECKPOINT_TIME,
            Literals.RELIABILITY__REPAIR_TIME, Literals.STUDY__TOLERANCE,
            Literals.POOL__ITERATION_HOST_PER_SEQUENCE, Literals.ACCELERATOR__RESERVED_MEMORY);
    /**
     * Places whose range a rule of their own reports with its fix ({@link ReliabilityValidator}, {@link
     * SoftwareValidator}).
     */
    private static final Set<EStructuralFeature> CHECKED_ELSEWHERE = Set.of(Literals.MTBF__TIME,
            Literals.SOFTWARE__GRADIENT_ACCUMULATION);

    @Check
    public void checkQuantityDimension(Quantity quantity) {
        Dimension actual = Units.dimensionOf(quantity);
        if (actual == Dimension.INVALID) {
            error("Write money with a '$' in front, such as $2.50/h, $0.08/kWh or $250000; '"
                    + quantity.getUnit().getLiteral() + "' on its own is not a unit.", quantity, null,
                    IssueCodes.INVALID_MONEY);
            return;
        }
        Dimension expected = EXPECTED.get(quantity.eContainingFeature());
        if (expected != null && actual != expected) {
            // A number without its unit (a syntax error; the parser's recovery may stand in an empty unit) reads as
            // the unit enum's first literal, Mb/s: say it has none
            boolean unitWritten = quantity.isDollars() || NodeModelUtils.findNodesForFeature(quantity,
                    Literals.QUANTITY__UNIT).stream().anyMatch(node -> !NodeModelUtils.getTokenText(node).isBlank());
            error("Expected " + expected.description() + " here, such as " + expected.example()
                    + (unitWritten ? ", but this is " + actual.description() + "." : ", but this number has no unit."),
                    quantity, null, IssueCodes.WRONG_DIMENSION, expected.name());
        }
    }

    /** {@code vary rate} sets a Poisson arrival rate, so each value is written like one: {@code 2 /s}. */
    @Check
    public void checkVariedRateDimension(Variation variation) {
        if (variation.getParameter() != VariedParameter.RATE) {
            return;
        }
        for (Value value : variation.getValues()) {
            Dimension actual = value instanceof QuantityValue quantity ? Units.dimensionOf(quantity.getQuantity())
                    : null;
            if (actual != Dimension.REQUEST_RATE && actual != Dimension.INVALID) {
                error("'vary rate' sets the Poisson arrival rate: write " + Dimension.REQUEST_RATE.description()
                        + ", such as " + Dimension.REQUEST_RATE.example() + ", but this is "
                        + (actual == null ? "not a quantity" : actual.description()) + ".", value, null,
                        IssueCodes.WRONG_DIMENSION, Dimension.REQUEST_RATE.name());
            }
        }
    }

    @Check
    public void checkQuantityPositive(Quantity quantity) {
        EStructuralFeature feature = quantity.eContainingFeature();
        if (Units.valueOf(quantity) <= 0 && !ZERO_ALLOWED.contains(feature) && !CHECKED_ELSEWHERE.contains(feature)) {
            error("This must be greater than zero.", quantity, Literals.QUANTITY__VALUE, IssueCodes.NOT_POSITIVE);
        }
    }

    /**
     * Where zero is meaningful (a latency, an overlap, a restart, a pool's host time per sequence), below
     * zero is not: a link cannot deliver before it sends. The fix is the value without its minus sign, or 0
     * (an ideal link, a host time that does not grow with the batch).
     */
    @Check
    public void checkQuantityNotNegative(Quantity quantity) {
        if (quantity.isNegative() && ZERO_ALLOWED.contains(quantity.eContainingFeature())) {
            String unit = quantity.getUnit() == null ? "" : " " + quantity.getUnit().getLiteral();
            boolean latency = quantity.eContainingFeature().getName().toLowerCase().endsWith("latency");
            error((latency ? "A latency cannot be below zero: a link cannot deliver before it sends."
                    : "This cannot be below zero.") + " Write 0" + unit + " or more" + (latency
                            ? " (0" + unit + " is an ideal link)." : "."),
                    quantity, Literals.QUANTITY__NEGATIVE, IssueCodes.NEGATIVE, unit.strip());
        }
    }

    /**
     * No link or memory moves more than {@value #MAX_DATA_RATE} bit/s (1 Pb/s); beyond it a rate is a typo,
     * and the engine's network, which divides transfers by rates, would not compute.
     */
    @Check
    public void checkQuantityRateAtMostOnePetabit(Quantity quantity) {
        if (Units.dimensionOf(quantity) == Dimension.DATA_RATE && Units.bytesPerSecond(quantity) * 8 > MAX_DATA_RATE) {
            error("A data rate is at most 1 Pb/s (1000 Tb/s), faster than any link or memory: write the rate of one"
                    + " port or link, such as 400 Gb/s.", quantity, Literals.QUANTITY__VALUE, IssueCodes.TOO_LARGE,
                    "1 Pb/s");
        }
    }

    /**
     * An accelerator's scale-up rate, its ports × the rate of one ({@link HardwareMapper#scaleUpBytesPerSecond}, the
     * rate the engine gives each of its scale-up links), is a data rate too and at most 1 Pb/s:
     * {@code scale-up 2147483647 x 1000 Tb/s} passed the port rate's bound and gave a part 2.1e24 bit/s.
     */
    @Check
    public void checkAcceleratorScaleUpRateAtMostOnePetabit(Accelerator accelerator) {
        Quantity port = accelerator.getScaleUpPortRate();
        if (port == null || Units.dimensionOf(port) != Dimension.DATA_RATE
                || Units.bytesPerSecond(port) * 8 > MAX_DATA_RATE) {
            return; // a port rate of another dimension, or above the bound itself, is reported on the rate
        }
        double bitsPerSecond = HardwareMapper.scaleUpBytesPerSecond(accelerator) * 8;
        if (bitsPerSecond > MAX_DATA_RATE) {
            error(String.format(Locale.ROOT, "'scale-up %d x ...' gives each accelerator %,.0f Tb/s of scale-up, above"
                    + " the 1 Pb/s (1000 Tb/s) any link or memory reaches: write the part's scale-up ports and the rate"
                    + " of one, such as 18 x 50 GB/s.", accelerator.getScaleUpPorts(), bitsPerSecond / 1e12),
                    accelerator,
                    Literals.ACCELERATOR__SCALE_UP_PORTS, IssueCodes.TOO_LARGE, "1 Pb/s");
        }
    }

    /**
     * No accelerator computes faster than {@value #MAX_COMPUTE_RATE} FLOP/s (1000 PFLOPS), about 100 times the
     * catalog's fastest dense rate (MI355X's FP4, 10,066 TFLOPS); beyond it a rate is a typo. The engine counts a
     * part's tile slots from its BF16 peak and runs kernels of flops ÷ rate on a picosecond clock: {@code compute
     * bf16 99999999999999999999 TFLOPS} wrapped the slot count and gave negative forward times (session 61's
     * mutants) until the count was held at 2^31 − 1.
     */
    @Check
    public void checkQuantityComputeRateAtMostOneExaflop(Quantity quantity) {
        if (Units.dimensionOf(quantity) == Dimension.COMPUTE_RATE && Units.toBase(quantity) > MAX_COMPUTE_RATE) {
            error("A compute rate is at most 1000 PFLOPS (1 EFLOPS), about 100 times any accelerator's (MI355X's"
                    + " dense FP4 is 10,066 TFLOPS): write the dense peak of one accelerator, such as 989 TFLOPS.",
                    quantity, Literals.QUANTITY__VALUE, IssueCodes.TOO_LARGE, "1000 PFLOPS");
        }
    }

    /**
     * A latency, timer or host time is at most 1 s ({@link ClockLimit#MAX_DELAY_PS} ps): the engine's clock counts
     * picoseconds in a long, 2^63 ps (about 106 days) in all, and a run adds such delays up hop by hop and step by step;
     * {@code latency 99999999999999999999 us} wrapped it. Real ones are nanoseconds to milliseconds.
     */
    @Check
    public void checkQuantityDelayAtMostOneSecond(Quantity quantity) {
        if (CLOCKED_DELAYS.contains(quantity.eContainingFeature()) && Units.dimensionOf(quantity) == Dimension.TIME
                && Units.seconds(quantity) * PICOSECONDS_PER_SECOND > ClockLimit.MAX_DELAY_PS) {
            error("A latency, timer or host time is at most 1 s, longer than any link, switch or host takes (the"
                    + " engine's clock counts picoseconds, 2^63 of them, about 106 days): write the delay of one hop or"
                    + " iteration, such as 1 us.", quantity, Literals.QUANTITY__VALUE, IssueCodes.TOO_LARGE, "1 s");
        }
    }

    /** A percentage, an efficiency above all, is at most 100 %: a link or a chip cannot beat its own rate. */
    @Check
    public void checkQuantityFractionAtMostWhole(Quantity quantity) {
        if (Units.dimensionOf(quantity) == Dimension.FRACTION && Units.valueOf(quantity) > 100) {
            boolean efficiency = quantity.eContainingFeature().getName().toLowerCase().endsWith("efficiency");
            error(efficiency ? "An efficiency is the share of the rate achieved, at most 100 %: write 100 % for an"
                    + " ideal part, or the measured share below it." : "A percentage can be at most 100 %.",
                    quantity, Literals.QUANTITY__VALUE, IssueCodes.NOT_A_FRACTION, "100");
        }
    }

    /** A study's completion tolerance is at most 10 % ({@code StudySpec.MAX_COMPLETION_TOLERANCE}); 0 % solves exactly. */
    @Check
    public void checkStudyToleranceAtMostTenPercent(Study study) {
        Quantity tolerance = study.getTolerance();
        if (tolerance != null && Units.dimensionOf(tolerance) == Dimension.FRACTION
                && Units.fraction(tolerance) > StudySpec.MAX_COMPLETION_TOLERANCE) {
            error("A tolerance above 10 % makes completion times guesses: write 1 % (the default) or less, or 0 % to"
                    + " solve exactly.", tolerance, Literals.QUANTITY__VALUE, IssueCodes.TOLERANCE_TOO_LARGE, "10");
        }
    }
}
