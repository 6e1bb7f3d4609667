package org.fabricsim.dsl.ide.server;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.log4j.Logger;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.xtext.ide.server.concurrent.RequestManager;
import org.eclipse.xtext.service.OperationCanceledManager;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.xbase.lib.Functions.Function1;

import com.google.inject.Inject;
import com.google.inject.Singleton;

/**
 * Runs every read request (hover, completion, definition, formatting, rename, ...) so that an
 * unexpected exception becomes an empty result, which LSP allows for each of them, instead of an
 * internal error: the client keeps working and the exception is logged on one line, with neither
 * the document's text nor a stack trace. Cancellations pass through; a deliberate LSP error (a refusal
 * with a message for the user) reaches the client without being logged as a failure.
 */
@Singleton
public class GuardedRequestManager extends RequestManager {
    private static final Logger LOG = Logger.getLogger(GuardedRequestManager.class);

    @Inject
    public GuardedRequestManager(ExecutorService parallel, OperationCanceledManager canceled) {
        super(parallel, canceled);
    }

    @Override
    public synchronized <V> CompletableFuture<V> runRead(Function1<? super CancelIndicator, ? extends V> request) {
        AtomicReference<ResponseErrorException> refusal = new AtomicReference<>();
        CompletableFuture<V> run = super.runRead(cancel -> {
            try {
                return request.apply(cancel);
            } catch (ResponseErrorException e) {
                refusal.set(e);
                return null;
            } catch (RuntimeException e) {
                if (isCancelException(e)) {
                    throw e;
                }
                LOG.warn("a request failed and was answered with an empty result: " + describe(e));
                return null;
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

    /** The exception's class and where it was thrown, without its message, which may quote the document. */
    private static String describe(RuntimeException e) {
        StackTraceElement[] trace = e.getStackTrace();
        return e.getClass().getName() + (trace.length == 0 ? "" : " at " + trace[0]);
    }
}
