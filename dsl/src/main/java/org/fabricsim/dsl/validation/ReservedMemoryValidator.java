package org.fabricsim.dsl.validation;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.Accelerator;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Quantity;
import org.fabricsim.dsl.units.Dimension;
import org.fabricsim.dsl.units.Units;

/**
 * An accelerator's {@code reserved-memory}: the part of its {@code memory} the driver keeps from the process
 * (NVML's total less the total cudaMemGetInfo reports; 437.72 MiB of an H100 SXM's 81,559 MiB). It must leave
 * the process some memory, and it is read by serving alone: a deployment's KV cache is sized from what is left
 * ({@code EngineReservation}), while a training run's memory check sets its need, its own CUDA context
 * included, against the whole {@code memory}, and a benchmark holds no model. A negative value is the units
 * check's ({@link UnitsValidator}: zero is allowed, below it is not).
 */
public class ReservedMemoryValidator extends FabricCheck {

    @Check
    public void checkReservedMemoryBelowMemory(Accelerator accelerator) {
        Quantity reserved = accelerator.getReservedMemory();
        Quantity memory = accelerator.getMemory();
        if (!dataSize(reserved) || !dataSize(memory)) {
            return;
        }
        long reservedBytes = Units.bytes(reserved);
        long memoryBytes = Units.bytes(memory);
        if (reservedBytes > 0 && reservedBytes >= memoryBytes) {
            error("'reserved-memory " + text(reserved) + "' leaves the process nothing of the accelerator's "
                    + text(memory) + ": it is the part of 'memory' the driver keeps, NVML's total less the total"
                    + " cudaMemGetInfo reports (437.72 MiB of an H100 SXM's 81559 MiB). Write that difference, below "
                    + text(memory) + ", or leave it out where it is not measured.", accelerator,
                    Literals.ACCELERATOR__RESERVED_MEMORY, IssueCodes.RESERVED_MEMORY_TOO_LARGE,
                    String.valueOf(memoryBytes));
        }
    }

    /** A reserved memory the accelerator's memory can hold is read by serving alone; a larger one is an error above. */
    @Check
    public void checkReservedMemoryServingOnly(Accelerator accelerator) {
        Quantity reserved = accelerator.getReservedMemory();
        Quantity memory = accelerator.getMemory();
        long memoryBytes = dataSize(memory) ? Units.bytes(memory) : Long.MAX_VALUE;
        if (dataSize(reserved) && Units.bytes(reserved) > 0 && Units.bytes(reserved) < memoryBytes) {
            info("'reserved-memory' sizes serving deployments' KV caches only: a training run's memory check sets"
                    + " its need, its own CUDA context included, against the whole 'memory', and benchmarks hold no"
                    + " model.", accelerator, Literals.ACCELERATOR__RESERVED_MEMORY,
                    IssueCodes.RESERVED_MEMORY_SERVING_ONLY);
        }
    }

    private static boolean dataSize(Quantity quantity) {
        return quantity != null && quantity.getValue() != null && Units.dimensionOf(quantity) == Dimension.DATA_SIZE;
    }

    /** The size as written, e.g. {@code 81559 MiB}. */
    private static String text(Quantity quantity) {
        return quantity.getValue() + " " + quantity.getUnit().getLiteral();
    }
}
