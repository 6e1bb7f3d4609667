package org.fabricsim.runtime.reliability;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabricsim.runtime.spec.ReliabilitySpec;

/**
 * What a straggler costs a job: for a share f of its productive time one part (an accelerator, or a
 * link: {@link ReliabilitySpec#stragglerIsLink}) runs at a fraction v of its rate, and the step
 * re-simulated with that part slowed takes T<sub>s</sub> instead of T. Every step in that time
 * waits on the part as far as the engine says it does (a compute-bound step by up to 1 ÷ v, a step
 * that hides the part's work by less), so the job delivers 1 − f (1 − T ÷ T<sub>s</sub>) of its
 * work per second of productive time. O(1).
 *
 * @param stepSeconds           T, the step with every part at full speed
 * @param straggledStepSeconds  T<sub>s</sub>, the step with the straggler
 */
public record Straggler(double stepSeconds, double straggledStepSeconds) {

    /** 1 − f (1 − T ÷ T<sub>s</sub>) for the share f of {@code spec}. */
    public double throughputFactor(ReliabilitySpec spec) {
        return 1 - spec.stragglerFraction() * (1 - stepSeconds / straggledStepSeconds);
    }

    /** The {@code straggler} object of a training result (docs/results-schema.md). */
    public Map<String, Object> toJson(ReliabilitySpec spec) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("part", spec.stragglerIsLink() ? "link" : "accelerator");
        json.put("speed", spec.stragglerSpeed());
        json.put("share", spec.stragglerFraction());
        json.put("stepTimeSeconds", straggledStepSeconds);
        json.put("slowdown", straggledStepSeconds / stepSeconds - 1);
        json.put("throughputFactor", throughputFactor(spec));
        return json;
    }
}
