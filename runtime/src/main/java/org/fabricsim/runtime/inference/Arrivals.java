package org.fabricsim.runtime.inference;

/**
 * The arrival process of a {@link ServingSimulation}: which requests of its {@link RequestStream}
 * arrive when, and in what state.
 *
 * <p>Open-loop arrivals follow the stream's times. Closed-loop load ({@code clients} > 0) starts the
 * first {@code clients} requests at zero and each next one when a request completes or is rejected
 * ({@link #release}: its arrival time set then). At a lone decode pool a request arrives as if
 * prefilled elsewhere ({@link #arrive}), and the pool can drain for good once every request has
 * arrived ({@link #allArrivedAtLoneDecode}). Every call O(1); no allocation.
 */
final class Arrivals {
    private final RequestTable requests;
    private final int clients;
    /** Requests scheduled at their stream times: every one open-loop, the first {@code clients} closed-loop. */
    final int scheduled;
    private final boolean loneDecode;
    private int released;
    private int arrived;

    /**
     * @param clients    concurrent clients of a closed loop; 0 for the stream's arrival times
     * @param loneDecode whether the deployment is a decode pool alone
     */
    Arrivals(RequestTable requests, int clients, boolean loneDecode) {
        this.requests = requests;
        this.clients = clients;
        int size = requests.stream.size();
        this.scheduled = clients > 0 ? Math.min(clients, size) : size;
        this.released = scheduled;
        this.loneDecode = loneDecode;
    }

    /** The end (exclusive) of the requests that may arrive with {@code first}: the scheduled ones, or a released one alone. */
    int limit(int first) {
        return first < scheduled ? scheduled : first + 1;
    }

    /**
     * Counts q's arrival at {@code nowPs}. At a lone decode pool q arrives as if prefilled elsewhere:
     * its whole prompt cached, its first token produced at its arrival; returns true when that token
     * was its last (q is done), false otherwise.
     */
    boolean arrive(int q, long nowPs) {
        arrived++;
        if (!loneDecode) {
            return false;
        }
        int prompt = requests.stream.prompt()[q];
        requests.target[q] = prompt;
        requests.prefilled[q] = prompt;
        requests.generated[q] = 1;
        requests.firstTokenPs[q] = nowPs;
        requests.prefillEndPs[q] = nowPs;
        requests.decodeStartPs[q] = nowPs;
        requests.kvReadyWaitPs[q] = 0;
        return requests.stream.output()[q] <= 1;
    }

    /** Whether the deployment is a lone decode pool. */
    boolean loneDecode() {
        return loneDecode;
    }

    /** Whether the deployment is a lone decode pool and every request has arrived. */
    boolean allArrivedAtLoneDecode() {
        return loneDecode && arrived == requests.size();
    }

    /**
     * A closed-loop client's request ended at {@code nowPs}: returns the client's next request, its
     * arrival time set to {@code nowPs}, or -1 when none (open loop, or the stream is exhausted).
     */
    int release(long nowPs) {
        if (clients > 0 && released < requests.size()) {
            requests.stream.arrivalPs()[released] = nowPs;
            return released++;
        }
        return -1;
    }
}
