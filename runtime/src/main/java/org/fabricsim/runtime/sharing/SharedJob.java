package org.fabricsim.runtime.sharing;

import java.util.Arrays;

import org.fabricsim.runtime.collective.CollectiveRequest;

/**
 * One job of a shared cluster: a collective over whole nodes (scale-up domains).
 *
 * @param name     the job's name, for results and messages
 * @param request  its collective; its ranks fill its nodes
 * @param nodes    the nodes it runs on, in rank order (a contiguous range, or fragmented)
 */
public record SharedJob(String name, CollectiveRequest request, int[] nodes) {

    public SharedJob {
        if (name == null || name.isEmpty() || request == null || nodes == null || nodes.length == 0) {
            throw new IllegalArgumentException("a job needs a name, a collective and at least one node");
        }
        nodes = nodes.clone();
    }

    @Override
    public int[] nodes() {
        return nodes.clone();
    }

    /** Nodes {@code first} … {@code first + count − 1}. */
    public static int[] range(int first, int count) {
        int[] nodes = new int[count];
        Arrays.setAll(nodes, i -> first + i);
        return nodes;
    }
}
