package org.fabricsim.runtime.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
        return epSeconds(Dispatcher.DEEPEP, communicationSms, 1e-9);
    }

    private static double epSeconds(Dispatcher dispatcher, int communicationSms) {
        return epSeconds(dispatcher, communicationSms, 1e-9);
    }

    private static double epSeconds(Dispatcher dispatcher, int communicationSms, double allToAllSeconds) {
        TransformerSpec moe = new TransformerSpec("t.Moe", 4, 1024, 4096, 8, 8, 128, 32000, true, 8, 2, 0, 1024, 0,
                0, 0);
        ExpertRoutingSpec routing = new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS, ExpertRoutingSpec.BALANCED,
                dispatcher, communicationSms);
        ParallelismSpec plan = new ParallelismSpec(1, 2, 8, 1, 8, false, ContextMode.ALL_GATHER, routing);
        TrainingSpec spec = TrainingFixtures.training("t.Job", moe, TrainingFixtures.superPod6k(), 1024, 32, plan,
                TrainingSpec.PipelineSchedule.DUALPIPE, TrainingSpec.Sharding.ZERO_1);
        return TrainingStep.simulate(spec, StepPlan.of(spec), new ExpertOnlyTimer(allToAllSeconds),
                CalibrationProfile.defaults()).epSeconds();
    }

    @Test
    void shouldChargeHiddenExpertCommunicationWithACollectivesSmsWhereNoneAreStated() {
        // Each all-to-all takes τ = 1 ns, far below any layer's compute. P = 2 stages of 2 MoE layers each, M = 32 ÷ 8 = 4
        // micro-batches: a chunk's forward and backward each run a dispatch and a combine per layer, 4τ a task, 8τ a
        // chunk's pair of tasks, all hidden behind compute. Both ranks are DualPipe's middle ranks (h = 0 = P/2 − 1):
        // one F&B pair, the first of phase 4 run unpaired (the reference's "we don't overlap these two chunks"), so 3 F
        // and 3 B run alone. Exposed per stage: the SM share σ of the hidden time of its M/2 = 2 micro-batches on its two
        // chunks, 2 · 2 · 8τσ = 32τσ, plus the rest of the all-to-all its 6 lone tasks expose, 6 · 4τ(1 − σ) = 24τ(1 − σ).
        // σ = 16/132 (a collective's channels on an H100's 132 SMs). DeepEP's kernels beside the pair's compute run at
        // the H100's power-capped clock κ = 669.67/798.86 = 0.838275, so the hidden time is held 1/κ as long: σ·τ ÷ κ
        // per hidden τ (a lone task exposes its τ whole): 32τσ/κ + 24τ(1 − σ/κ).
        double tau = 1e-9;
        double kappa = 669.67 / 798.86;
        double collective = 16.0 / 132;
        assertEquals(32 * tau * collective / kappa + 24 * tau * (1 - collective / kappa),
                epSeconds(ExpertRoutingSpec.SMS_NOT_STATED), 1e-18);
    }

    @Test
    void shouldRunAPairsExpertLayersOnTheSmsTheStatedCommunicationSmsLeave() {
        // The same plan with the SMs stated: DeepEP's kernels hold them for the whole pair, so each chunk's MoE compute
        // C_E (its 2 layers' F + B + W) runs on 132 − s of the 132 SMs, a charge x(s) = C_E·s ÷ (132 − s) on each of
        // the stage's M/2 = 2 micro-batches of its two chunks, 4x; the 8τ exchange hides whole (τ far below C_E). Each
        // of the 6 lone tasks runs on every SM with its 4τ exposed: the pair's charge, 2x over its two tasks, less x/2
        // plus 4τ a task, 6 · (4τ − x/2) = 24τ − 3x. So EP(s) = x(s) + 24τ: C_E cancels from the ratio
        // (EP(20) − 24τ) ÷ (EP(66) − 24τ) = (20/112) ÷ (66/66) = 0.178571, and τ enters only through the lone tasks,
        // EP(20) at 2τ less EP(20) at τ = 24τ.
        double tau = 1e-9;
        double twenty = epSeconds(Dispatcher.DEEPEP, 20, tau);
        double half = epSeconds(Dispatcher.DEEPEP, 66, tau);
        assertEquals(20.0 / 112, (twenty - 24 * tau) / (half - 24 * tau), 1e-9);
        assertEquals(24 * tau, epSeconds(Dispatcher.DEEPEP, 20, 2 * tau) - twenty, 1e-15);
    }

    @Test
    void shouldChargeTheDedicatedSmsOfAPairBesideItsExposedExchange() {
        // e = 10, C = 100, C_E = 80, κ = 0.8, ω = 1, σ = 0.2 (PairedExchange): x = 0.2 · 80 ÷ 0.8 = 20; the exchange hides
        // under κ·ω·(C + x) = 96: 10 − 10 + 20 = 20; an exchange of 150 hides 96 of itself, 150 − 96 + 20 = 74. Held
        // only while it runs: 10 − 10 + 0.2 · 10 ÷ 0.8 = 2.5. Outside a pair: e. No SMs left for compute: refused.
        assertEquals(20, PairedExchange.chargedSeconds(10, 100, 80, 0.8, 1, 0.2, true, true), 1e-12);
        assertEquals(74, PairedExchange.chargedSeconds(150, 100, 80, 0.8, 1, 0.2, true, true), 1e-12);
        assertEquals(2.5, PairedExchange.chargedSeconds(10, 100, 80, 0.8, 1, 0.2, true, false), 1e-12);
        assertEquals(10, PairedExchange.chargedSeconds(10, 100, 80, 0.8, 1, 0.2, false, true), 1e-12);
        assertThrows(IllegalArgumentException.class,
                () -> PairedExchange.chargedSeconds(10, 100, 80, 0.8, 1, 1, true, true));
    }

    @Test
    void shouldNotStretchTheAllToAllDispatchersHiddenExchange() {
        // NCCL's all-to-all is not shown bound by its SMs' clock: κ = 1, the same pairs as above with σ = 20/132:
        // 32τσ + 24τ(1 − σ)
        double tau = 1e-9;
        double stated = 20.0 / 132;
        assertEquals(32 * tau * stated + 24 * tau * (1 - stated), epSeconds(Dispatcher.ALL_TO_ALL, 20), 1e-18);
    }

    @Test
    void shouldRefuseNegativeCommunicationSms() {
        assertThrows(IllegalArgumentException.class, () -> new ExpertRoutingSpec(ExpertRoutingSpec.DROPLESS,
                ExpertRoutingSpec.BALANCED, Dispatcher.DEEPEP, -1));
    }
}
