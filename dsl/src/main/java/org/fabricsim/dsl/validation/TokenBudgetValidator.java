package org.fabricsim.dsl.validation;

import java.math.BigDecimal;

import org.eclipse.xtext.validation.Check;
import org.fabricsim.dsl.fabric.FabricPackage.Literals;
import org.fabricsim.dsl.fabric.Training;

/** A token budget ({@code train N [million|billion|trillion] tokens}) the time to train can divide. */
public class TokenBudgetValidator extends FabricCheck {

    @Check
    public void checkTrainTokensPositive(Training training) {
        if (training.getTrainTokens() != null && new BigDecimal(training.getTrainTokens()).signum() <= 0) {
            error("A training must train on more than zero tokens: write its token budget, such as 'train 15.6"
                    + " trillion tokens', or remove the line.", training, Literals.TRAINING__TRAIN_TOKENS,
                    IssueCodes.TRAIN_TOKENS_NOT_POSITIVE);
        }
    }
}
