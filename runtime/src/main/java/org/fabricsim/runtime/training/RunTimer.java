package org.fabricsim.runtime.training;

/**
 * A {@link CollectiveTimer} that times further runs of the same job: {@link #nextRun} shares the
 * patterns solved so far and starts with no link traffic and no engine counts ({@link
 * FabricCollectiveTimer#nextRun}). Both the flat timer and the timer across pods ({@link
 * PodHierarchyTimer}) are one, so the intact step and the failure and straggler steps ({@link
 * FailureSteps}) run on the same kind of timer.
 */
interface RunTimer extends CollectiveTimer {
    /** The timer for the next run of the same job on the same topology. O(links). */
    RunTimer nextRun();

    /** The data-parallel groups' CollNet ({@link DataParallelCollNet}), or null when the job runs none. */
    default DataParallelCollNet collNet() {
        return null;
    }
}
