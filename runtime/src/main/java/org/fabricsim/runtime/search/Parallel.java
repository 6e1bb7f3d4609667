package org.fabricsim.runtime.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Index-parallel loops of a search on a fixed pool of daemon threads: results land at their index,
 * so they do not depend on the number of threads or the order of completion.
 */
final class Parallel {
    private Parallel() {
    }

    /** {@code work} on 0..n−1, one task per index, results in index order. */
    static <T> List<T> objects(int n, int threads, IntFunction<T> work) {
        Object[] out = new Object[n];
        ExecutorService pool = pool(Math.min(threads, n));
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit(() -> out[index] = work.apply(index)));
            }
            await(futures);
        } finally {
            pool.shutdownNow();
        }
        @SuppressWarnings("unchecked")
        List<T> list = (List<T>) Arrays.asList(out);
        return List.copyOf(list);
    }

    private static ExecutorService pool(int size) {
        return Executors.newFixedThreadPool(Math.max(1, size), task -> {
            Thread thread = new Thread(task, "fabricsim-search");
            thread.setDaemon(true);
            return thread;
        });
    }

    private static void await(List<Future<?>> futures) {
        try {
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("search interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }
}
