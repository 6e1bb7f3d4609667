package org.fabricsim.dsl.model;

import org.fabricsim.dsl.fabric.LanguageModel;
import org.fabricsim.runtime.spec.TransformerSpec;

/** What a model is as the engine runs it, for the validation alike. */
public final class Models {
    private Models() {
    }

    /**
     * Whether the engine runs {@code model} as a mixture of experts: exactly when it states {@code experts} ({@link
     * TransformerSpec#moe(int)}), whatever its kind, so that the editor's dense-or-MoE checks agree with the run.
     */
    public static boolean moe(LanguageModel model) {
        return TransformerSpec.moe(model.getExperts());
    }
}
