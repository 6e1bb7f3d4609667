package org.fabricsim.dsl.ide.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.xtext.service.OperationCanceledManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A document change waits for the requests still reading the documents, even cancelled ones, so
 * that completion never parses a resource while it is rebuilt (issue 21 L7).
 */
class GuardedRequestManagerTest {
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final GuardedRequestManager manager = new GuardedRequestManager(threads, new OperationCanceledManager());

    @AfterEach
    void stop() {
        manager.shutdown();
        threads.shutdownNow();
    }

    @Test
    void shouldNotChangeTheDocumentsWhileACancelledRequestIsStillReadingThem() throws Exception {
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean readFinished = new AtomicBoolean();
        manager.runRead(cancel -> {
            reading.countDown();
            awaitQuietly(release);
            readFinished.set(true);
            return null;
        });
        assertTrue(reading.await(10, TimeUnit.SECONDS));
        CompletableFuture<Boolean> change = manager.runWrite(readFinished::get, (cancel, sawFinished) -> sawFinished);
        Thread.sleep(300);
        assertFalse(change.isDone(), "the change started while the cancelled read was still running");
        release.countDown();
        assertTrue(change.get(10, TimeUnit.SECONDS), "the change ran before the read had finished");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
