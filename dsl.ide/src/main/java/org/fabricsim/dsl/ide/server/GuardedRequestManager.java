package org.fabricsim.dsl.ide.server;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Collectors;

import org.apache.log4j.Logger;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.xtext.ide.server.concurrent.RequestManager;
import org.eclipse.xtext.service.OperationCanceledManager;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.xbase.lib.Functions.Function0;
import org.eclipse.xtext.xbase.lib.Functions.Function1;
import org.eclipse.xtext.xbase.lib.Functions.Function2;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * Runs every read request (hover, completion, definition, formatting, rename, ...) so that an
 * unexpected exception becomes an empty result, which LSP allows for each of them, instead of an
 * internal error: the client keeps working and the exception is logged on one line, with neither
 * the document's text nor a stack trace. Cancellations pass through; a deliberate LSP error (a refusal
 * with a message for the user) reaches the client without being logged as a failure.
 *
 * <p>Every request sees one consistent snapshot of the documents and their parsed resources: a read
 * holds a read lock while it runs, and a write (a document change and the rebuild after it) holds the
 * write lock. Xtext cancels the running reads when a change arrives but starts the change at once,
 * while a cancelled completion may still be inside its parser; without the lock that parser read a
 * resource being rebuilt (issue 21 L7). A read that gets the lock after it was cancelled stops.
 * A read that fails after it was cancelled is answered as cancelled, not as a failure: a later edit has
 * cancelled the rebuild it may be reading (the rebuild stops half done, a resource unloaded, until the
 * next change rebuilds it), and its answer is discarded anyway. Whether it was cancelled is asked once the
 * edit has finished cancelling (see {@link #checkNotSuperseded}), so a read answered normally ran on the
 * state of a rebuild that finished: the edit that would cancel that rebuild cancels the read too.
 *
 * <p>A read that a read starts (Xtext's rename and prepare-rename read the document again and wait for
 * that answer) runs at once on the same thread and snapshot. Queued, it waited behind an edit that
 * itself waited for the first read to finish: the request never got an answer, or, when the edit
 * cancelled the inner read, an internal error (issue 21, found by the language-server campaign).
 */
@Singleton
public class GuardedRequestManager extends RequestManager {
    private static final Logger LOG = Logger.getLogger(GuardedRequestManager.class);
    private static final int FRAMES = 4;

    private final ReadWriteLock snapshot = new ReentrantReadWriteLock();
    /** Whether this thread is running a read, which then holds the snapshot for a read it starts. */
    private final ThreadLocal<Boolean> reading = ThreadLocal.withInitial(() -> false);
    private final OperationCanceledManager canceled;

    @Inject
    public GuardedRequestManager(ExecutorService parallel, OperationCanceledManager canceled) {
        super(parallel, canceled);
        this.canceled = canceled;
    }

    @Override
    public synchronized <U, V> CompletableFuture<V> runWrite(Function0<? extends U> nonCancellable,
            Function2<? super CancelIndicator, ? super U, ? extends V> cancellable) {
        return super.runWrite(() -> locked(nonCancellable),
                (cancel, intermediate) -> locked(() -> cancellable.apply(cancel, intermediate)));
    }

    private <T> T locked(Function0<? extends T> write) {
        snapshot.writeLock().lock();
        try {
            return write.apply();
        } finally {
            snapshot.writeLock().unlock();
        }
    }

    @Override
    public <V> CompletableFuture<V> runRead(Function1<? super CancelIndicator, ? extends V> request) {
        if (reading.get()) {
            try {
                return CompletableFuture.completedFuture(request.apply(CancelIndicator.NullImpl));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return queuedRead(request);
    }

    private synchronized <V> CompletableFuture<V> queuedRead(Function1<? super CancelIndicator, ? extends V> request) {
        AtomicReference<ResponseErrorException> refusal = new AtomicReference<>();
        CompletableFuture<V> run = super.runRead(cancel -> {
            snapshot.readLock().lock();
            reading.set(true);
            try {
                canceled.checkCanceled(cancel);
                V value = request.apply(cancel);
                checkNotSuperseded(cancel);
                return value;
            } catch (Exception e) {
                Throwable failure = unwrapped(e);
                if (failure instanceof ResponseErrorException refused) {
                    refusal.set(refused);
                    return null;
                }
                if (isCancelException(failure)) {
                    throw e;
                }
                checkNotSuperseded(cancel);
                LOG.warn("a request failed and was answered with an empty result: " + describe(failure));
                return null;
            } finally {
                reading.set(false);
                snapshot.readLock().unlock();
            }
        });
        CompletableFuture<V> answer = new CompletableFuture<>() {
            @Override
            public boolean cancel(boolean interrupt) {
                run.cancel(interrupt);
                return super.cancel(interrupt);
            }
        };
        run.whenComplete((value, failure) -> {
            if (failure != null) {
                answer.completeExceptionally(failure);
            } else if (refusal.get() != null) {
                answer.completeExceptionally(refusal.get());
            } else {
                answer.complete(value);
            }
        });
        return answer;
    }

    /**
     * Stops a read that an edit has cancelled, once that edit has cancelled everything it supersedes. The
     * edit cancels the rebuild before the reads queued after it, one by one, while it holds this manager's
     * monitor; the rebuild stops at once and releases the snapshot, so a read queued after it can start,
     * and fail on the half-built resource, before its own cancellation arrives (a completion's "parse
     * result is null", seen once in CI). Taking the monitor waits for the edit to finish cancelling.
     */
    private void checkNotSuperseded(CancelIndicator cancel) {
        synchronized (this) {
            canceled.checkCanceled(cancel);
        }
    }

    /**
     * The failure an {@link ExecutionException} or {@link CompletionException} wraps: Xtext's rename waits on
     * a future and rethrows its failure unchecked, so a refusal can arrive wrapped.
     */
    private static Throwable unwrapped(Throwable e) {
        Throwable failure = e;
        while ((failure instanceof ExecutionException || failure instanceof CompletionException)
                && failure.getCause() != null) {
            failure = failure.getCause();
        }
        return failure;
    }

    /**
     * The exception's class and the innermost {@value #FRAMES} frames where it was thrown, on one line and
     * without its message, which may quote the document.
     */
    private static String describe(Throwable e) {
        return e.getClass().getName() + Arrays.stream(e.getStackTrace()).limit(FRAMES).map(String::valueOf)
                .collect(Collectors.joining(" < ", " at ", ""));
    }
}
