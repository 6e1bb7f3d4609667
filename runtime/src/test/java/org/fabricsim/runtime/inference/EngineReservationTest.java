package org.fabricsim.runtime.inference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.runtime.spec.AcceleratorSpec;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.junit.jupiter.api.Test;

/**
 * H of {@link EngineReservation}, the memory the driver keeps from the process, is the part's stated
 * {@link AcceleratorSpec#reservedMemoryBytes()}, whatever the part is called.
 */
class EngineReservationTest {
    /** The catalog's H100 SXM: 81,559 MiB against CUDA's 79.22 GiB, 437.72 MiB = 458,982,687 B kept by the driver. */
    private static final long H100_RESERVED = 458_982_687L;

    @Test
    void shouldHoldBackWhatThePartStatesWhateverItIsCalled() {
        AcceleratorSpec h100 = ServingFixtures.H100;
        AcceleratorSpec ownH100 = new AcceleratorSpec("acme.OurH100", "NVIDIA", h100.bf16FlopsPerSecond(),
                h100.fp8FlopsPerSecond(), h100.memoryBytes(), h100.memoryBytesPerSecond(), h100.matmulEfficiency(),
                h100.fp8MatmulEfficiency(), h100.scaleUpBytesPerSecond(), h100.scaleUpEfficiency(), "hopper", 132,
                H100_RESERVED);
        ParallelismSpec tp2 = ServingFixtures.tensor(2);
        assertEquals(EngineReservation.bytesPerAccelerator(ServingFixtures.LLAMA3_70B, h100, tp2, 8192),
                EngineReservation.bytesPerAccelerator(ServingFixtures.LLAMA3_70B, ownH100, tp2, 8192));
    }

    @Test
    void shouldHoldBackNothingForTheDriverOnAPartThatStatesNone() {
        AcceleratorSpec unstated = ServingFixtures.H100.withReservedMemory(0);
        ParallelismSpec tp1 = ServingFixtures.tensor(1);
        // C alone at TP 1 and no token limit: 1.79 GiB outside torch = 1,921,997,864.96 B
        assertEquals(1.79 * (1L << 30), EngineReservation.bytesPerAccelerator(ServingFixtures.LLAMA3_8B, unstated,
                tp1, 0));
        assertEquals(H100_RESERVED, EngineReservation.bytesPerAccelerator(ServingFixtures.LLAMA3_8B,
                ServingFixtures.H100, tp1, 0) - EngineReservation.bytesPerAccelerator(ServingFixtures.LLAMA3_8B,
                        unstated, tp1, 0), 1e-3);
    }

    @Test
    void shouldRefuseAPartWhoseDriverKeepsAllItsMemory() {
        AcceleratorSpec h100 = ServingFixtures.H100;
        assertThrows(IllegalArgumentException.class, () -> h100.withReservedMemory(h100.memoryBytes()));
        assertThrows(IllegalArgumentException.class, () -> h100.withReservedMemory(-1));
    }
}
