package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.runtime.calibration.CalibrationProfile;
import org.fabricsim.runtime.spec.ExpertRoutingSpec;
import org.fabricsim.runtime.spec.ExpertRoutingSpec.Dispatcher;
import org.fabricsim.runtime.spec.ParallelismSpec;
import org.fabricsim.runtime.spec.ParallelismSpec.Axis;
import org.fabricsim.runtime.spec.ParallelismSpec.ContextMode;
import org.fabricsim.runtime.spec.TrainingSpec;
import org.fabricsim.runtime.spec.TransformerSpec;
import org.junit.jupiter.api.Test;

/** The SMs a plan gives its hidden expert dispatch and combine ({@link ExpertRoutingSpec#communicationSms}). */
class ExpertCommunicationSmsTest {
    /** Only the expert all-to-all costs time, {@code seconds} each, far below any layer's compute. */
    private record ExpertOnlyTimer(double seconds) implements CollectiveTimer {
        @Override
        public double ringStepSeconds(Axis axis, double bytesPerRank, double pipelineBytes) {
            return 0;
        }

        @Override
        public double pipelineSendSeconds(double bytes) {
            return 0;
        }

        @Override
        public double expertAllToAllSeconds(double bytesPerRank, ExpertRoutingSpec routing,
                DeduplicatedDispatch dispatch) {
            return seconds;
        }
    }

    private static double epSeconds(int communicationSms) {
        TransformerSpec moe = new TransformerSpec("t.Moe", 4, 1024, 4096, 8, 8, 128, 32000, true, 8, 2, 0, 1024, 0,
                0, 0);
        ExpertRoutingSpec routing = new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, ExpertRoutingSpec.BALANCED,
                Dispatcher.DEEPEP, communicationSms);
        ParallelismSpec plan = new ParallelismSpec(1, 2, 8, 1, 8, false, ContextMode.ALL_GATHER, routing);
        TrainingSpec spec = TrainingFixtures.training("t.Job", moe, TrainingFixtures.superPod6k(), 1024, 32, plan,
                TrainingSpec.PipelineSchedule.DUALPIPE, TrainingSpec.Sharding.ZERO_1);
        return TrainingStep.simulate(spec, StepPlan.of(spec), new ExpertOnlyTimer(1e-9), CalibrationProfile.defaults())
                .epSeconds();
    }

    @Test
    void shouldChargeHiddenExpertCommunicationWithTheStatedSms() {
        // DualPipe hides every all-to-all (1 ns against micro-seconds of compute), so the exposed EP time is the
        // SM share times the hidden time: 16/132 of it by default (a collective's channels on an H100's 132 SMs),
        // 20/132 with 20 SMs stated, the same hidden time, so 20/16 as much.
        double collective = epSeconds(ExpertRoutingSpec.SMS_NOT_STATED);
        assertTrue(collective > 0);
        assertEquals(20.0 / 16, epSeconds(20) / collective, 1e-9);
        assertEquals(collective, epSeconds(16), 1e-18);
    }

    @Test
    void shouldRefuseNegativeCommunicationSms() {
        assertThrows(IllegalArgumentException.class, () -> new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS,
                ExpertRoutingSpec.BALANCED, Dispatcher.DEEPEP, -1));
    }
}
