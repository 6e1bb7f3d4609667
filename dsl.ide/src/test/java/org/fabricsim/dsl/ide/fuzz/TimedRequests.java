package org.fabricsim.dsl.ide.fuzz;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * Waits for each request's answer, at most {@value #TIMEOUT_SECONDS} s, and tallies by kind: answers, refusals
 * (an LSP error with a message for the user, such as formatting a document with a syntax error), the slowest
 * answer. Reports as a problem an answer slower than {@value #SLOW_SECONDS} s, no answer, and an error response
 * other than a refusal (an internal error, or any error of a request that has no refusal to give).
 */
final class TimedRequests {
    static final int TIMEOUT_SECONDS = 10;
    static final double SLOW_SECONDS = 2.0;

    private final Map<String, long[]> tallies = new TreeMap<>();
    private final Map<String, Integer> refusals = new TreeMap<>();
    private final Consumer<String> problems;

    TimedRequests(Consumer<String> problems) {
        this.problems = problems;
    }

    /** The answer, or null after a problem or a refusal; {@code refusable} says whether the request may refuse. */
    <T> T answer(String kind, CompletableFuture<T> request, boolean refusable) throws InterruptedException {
        long[] tally = tallies.computeIfAbsent(kind, k -> new long[3]);
        tally[0]++;
        long start = System.nanoTime();
        try {
            T answer = request.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            long nanos = System.nanoTime() - start;
            tally[1] = Math.max(tally[1], nanos);
            if (nanos > SLOW_SECONDS * 1e9) {
                problems.accept(String.format("%s took %.2f s", kind, nanos / 1e9));
            }
            return answer;
        } catch (TimeoutException e) {
            request.cancel(true);
            problems.accept(kind + ": no answer within " + TIMEOUT_SECONDS + " s");
        } catch (ExecutionException e) {
            if (refusable && e.getCause() instanceof ResponseErrorException error
                    && error.getResponseError().getCode() != ResponseErrorCode.InternalError.getValue()) {
                tally[2]++;
                String message = error.getResponseError().getMessage();
                refusals.merge(kind + " refused: " + message.replaceAll(" \\(.*", "").replaceAll("\\d+", "N"), 1,
                        Integer::sum);
            } else {
                problems.accept(kind + ": error response " + e.getCause());
            }
        }
        return null;
    }

    long requests() {
        return tallies.values().stream().mapToLong(t -> t[0]).sum();
    }

    void print() {
        tallies.forEach((kind, t) -> System.out.printf("  %-16s %7d requests, %5d refused, slowest %.2f s%n", kind,
                t[0], t[2], t[1] / 1e9));
        refusals.forEach((refusal, count) -> System.out.println("  " + count + " x " + refusal));
    }
}
