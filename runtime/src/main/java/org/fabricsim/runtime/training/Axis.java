package org.fabricsim.runtime.training;

/** The axes of the parallel plan that ranks are laid out along (expert parallelism divides DP). */
public enum Axis {
    TENSOR, CONTEXT, PIPELINE, DATA
}
