package org.fabricsim.dsl.validation;

import static org.fabricsim.dsl.model.Written.written;

import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.AttentionKernel;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.fabric.Software;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * What the compute model needs from a software stack and an accelerator's architecture: flash
 * attention states its measured efficiencies (unfused attention is timed from its GEMMs and
 * memory traffic, so it states none), a stack's gradient accumulation moves no negative bytes, and an
 * accelerator states its compute units, one GEMM tile each.
 */
public class SoftwareValidator extends FabricCheck {

    @Check
    public void checkSoftwareAttentionEfficiency(Software software) {
        boolean stated = software.getAttentionForward() != null;
        if (software.getAttention() == AttentionKernel.UNFUSED) {
            if (stated) {
                warning("Unfused attention is timed from its batched GEMMs and the score matrix's HBM traffic;"
                        + " its efficiencies are not used: remove 'forward ... backward ...'.", software,
                        Literals.SOFTWARE__ATTENTION_FORWARD, IssueCodes.SOFTWARE_ATTENTION_EFFICIENCY);
            }
            return;
        }
        if (!stated) {
            error("Flash attention needs its measured efficiencies, as fractions of the dense BF16 peak:"
                    + " write 'attention flash forward 53.5 % backward 51.7 %'"
                    + " (cuDNN on H100, FlashAttention-3 paper, Figs. 5(d) and 6(b)).",
                    software, Literals.SOFTWARE__ATTENTION, IssueCodes.SOFTWARE_ATTENTION_EFFICIENCY);
            return;
        }
        checkFraction(software, Literals.SOFTWARE__ATTENTION_FORWARD, "forward", software.getAttentionForward());
        checkFraction(software, Literals.SOFTWARE__ATTENTION_BACKWARD, "backward", software.getAttentionBackward());
    }

    /**
     * {@code gradient-accumulation} is the HBM bytes per local parameter that every micro-batch moves to fold its
     * gradient into the FP32 copy: 0 B when the GEMM accumulates in place, never below. A wrong dimension is the
     * units check's to report.
     */
    @Check
    public void checkSoftwareGradientAccumulation(Software software) {
        Quantity bytes = software.getGradientAccumulation();
        if (bytes != null && Units.dimensionOf(bytes) == Dimension.DATA_SIZE && Units.toBase(bytes) < 0) {
            error("'gradient-accumulation' is the HBM traffic per parameter of each micro-batch's fold of its gradient"
                    + " into the FP32 copy: write 0 B per-parameter or more (18 B for DeepSpeed's BF16 optimizer,"
                    + " 0 B when the GEMM accumulates in place).", software, Literals.SOFTWARE__GRADIENT_ACCUMULATION,
                    IssueCodes.SOFTWARE_GRADIENT_ACCUMULATION);
        }
    }

    @Check
    public void checkAcceleratorComputeUnits(Accelerator accelerator) {
        if (written(accelerator, Literals.ACCELERATOR__ARCHITECTURE) && accelerator.getComputeUnits() <= 0) {
            error("'compute-units' must be positive: the streaming multiprocessors (NVIDIA) or compute units (AMD)"
                    + " of the part's datasheet, one GEMM output tile each.", accelerator,
                    Literals.ACCELERATOR__COMPUTE_UNITS, IssueCodes.ACCELERATOR_ARCHITECTURE);
        }
    }

    /** A wrong dimension is the units check's to report; this one checks the range of a percentage. */
    private void checkFraction(Software software, EStructuralFeature feature, String pass, Quantity quantity) {
        if (quantity == null || Units.dimensionOf(quantity) != Dimension.FRACTION) {
            return;
        }
        double fraction = Units.fraction(quantity);
        if (!(fraction > 0 && fraction <= 1)) {
            error("The " + pass + " attention efficiency is a share of the dense BF16 peak: between 0 and 100 %.",
                    software, feature, IssueCodes.SOFTWARE_ATTENTION_EFFICIENCY);
        }
    }
}
