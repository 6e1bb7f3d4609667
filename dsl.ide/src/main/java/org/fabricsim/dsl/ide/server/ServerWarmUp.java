package org.fabricsim.dsl.ide.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressNotification;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.concurrent.IRequestManager;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;

/**
 * Runs the work of a keystroke, a completion and a hover on a synthetic model in the background after
 * {@code initialized}, so that the user's first edit is not the JIT compiler's first run of the parser,
 * linker, validators and proposal code (issue 19: on a 10,000-line model the first keystrokes took two to
 * three times the steady ones while the JIT compiled the build). Each round parses a model of
 * {@value #GROUPS} groups of definitions (catalog and hand-written clusters, benchmarks on them, a transformer
 * and a training job), resolves and validates it, indexes its names, asks for a completion and a hover in it,
 * then unloads it, as a build does on each keystroke.
 *
 * <p>Each round is a read request in the server's own queue, so an edit cancels the round that is running
 * (validation checks the cancel indicator per object) and never waits for more than a part of one round; the
 * next round runs after the edit's build; a round that fails is logged on one line by
 * {@link GuardedRequestManager}, as any read. The model lives in a resource set of its own, never in the
 * workspace: it publishes no diagnostics and is never visible to the user's files. A client that accepts
 * work-done progress sees it as {@code $/progress} ("Preparing the FabricSim language services").
 * O(rounds x groups); {@value #ROUNDS} rounds take about a second of CPU once compiled.
 */
public final class ServerWarmUp {
    /** Rounds: each compiles a little more; per-definition code reaches the optimizing compiler after ~10,000 calls. */
    static final int ROUNDS = 40;
    /** Groups of five definitions per round. */
    static final int GROUPS = 50;
    private static final String TOKEN = "fabricsim-warm-up";
    private static final String GROUP = """
            cluster Pod%1$d {
                nodes 4 x DGX_H100
                scale-out RoCEv2 fat-tree {
                    switch Tomahawk5_400
                    tiers 2
                    oversubscription 1:1, 1:1
                    routing ecmp
                }
            }

            /** A sweep on Pod%1$d. */
            benchmark Sweep%1$d {
                all-reduce ring
                on Pod%1$d
                sizes 1 MiB to %2$d GiB factor 2
            }

            cluster Pair%1$d {
                nodes 2 x 8 accelerators
                link 400 Gb/s latency 1 us
            }

            benchmark Ring%1$d {
                all-reduce ring
                on Pair%1$d
                sizes 1 MiB, %2$d MiB
            }

            model Gpt%1$d transformer {
                layers 24
                hidden 2048
                ffn 8192
                heads 16
                kv-heads 16
                vocab 131072
                activation gelu
            }

            training Train%1$d {
                model Gpt%1$d on Pod%1$d using 32 accelerators
                sequence 4096
                batch 64 sequences
                precision bf16
                parallel tensor 1 pipeline 1 data 32
            }

            """;

    private final IResourceServiceProvider language;
    private final IRequestManager requests;
    private volatile boolean stopped;

    /** A warm-up of {@code language}'s services, its rounds queued on {@code requests}. */
    public ServerWarmUp(IResourceServiceProvider language, IRequestManager requests) {
        this.language = language;
        this.requests = requests;
    }

    /**
     * Queues the rounds and reports them to {@code client} as work-done progress when {@code progress} (the
     * client said it accepts it). The future completes when the last round has run or the warm-up stopped.
     */
    public CompletableFuture<Void> start(LanguageClient client, boolean progress) {
        if (progress) {
            client.createProgress(new WorkDoneProgressCreateParams(Either.forLeft(TOKEN)));
            WorkDoneProgressBegin begin = new WorkDoneProgressBegin();
            begin.setTitle("Preparing the FabricSim language services");
            begin.setPercentage(0);
            notify(client, begin);
        }
        CompletableFuture<Void> rounds = CompletableFuture.completedFuture(null);
        for (int r = 0; r < ROUNDS; r++) {
            int round = r;
            rounds = rounds.handle((done, failure) -> null).thenCompose(done -> stopped
                    ? CompletableFuture.<Void>completedFuture(null)
                    : requests.<Void>runRead(cancel -> round(round, cancel)).thenRun(() -> {
                        if (progress && round % 10 == 9) {
                            WorkDoneProgressReport report = new WorkDoneProgressReport();
                            report.setPercentage(100 * (round + 1) / ROUNDS);
                            notify(client, report);
                        }
                    }));
        }
        return rounds.handle((done, failure) -> {
            if (progress) {
                notify(client, new WorkDoneProgressEnd());
            }
            return null;
        });
    }

    /** Stops before the next round and sends nothing more (the server is shutting down). */
    public void stop() {
        stopped = true;
    }

    private void notify(LanguageClient client, WorkDoneProgressNotification value) {
        if (stopped) {
            return;
        }
        client.notifyProgress(new ProgressParams(Either.forLeft(TOKEN), Either.forLeft(value)));
    }

    /** One round: what a keystroke's build and an editor's requests run, on a model of its own. */
    private Void round(int round, CancelIndicator cancel) {
        String text = model(round);
        URI uri = URI.createURI("synthetic:/fabricsim-warm-up/round" + round + ".fabric");
        XtextResourceSet resources = language.get(XtextResourceSet.class);
        XtextResource resource = (XtextResource) resources.createResource(uri);
        try {
            resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
            language.getResourceDescriptionManager().getResourceDescription(resource).getExportedObjects()
                    .forEach(exported -> exported.getName());
            language.getResourceValidator().validate(resource, CheckMode.ALL, cancel);
            LspDocument document = new LspDocument(1, text);
            TextDocumentIdentifier id = new TextDocumentIdentifier(uri.toString());
            String reference = "    on Pod" + round % GROUPS;
            int at = text.indexOf(reference);
            language.get(ContentAssistService.class).createCompletionList(document, resource,
                    new CompletionParams(id, document.getPosition(at + "    on ".length())), cancel);
            language.get(IHoverService.class).hover(document, resource,
                    new HoverParams(id, document.getPosition(at + "    on P".length())), cancel);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            resources.getResources().remove(resource);
            resource.unload();
        }
        return null;
    }

    /** The synthetic model of a round: a package, the catalog's imports and {@value #GROUPS} groups. */
    static String model(int round) {
        StringBuilder text = new StringBuilder("""
                package warmup

                import fabric.catalog.nvidia.*
                import fabric.catalog.standards.*
                import fabric.catalog.broadcom.*

                """);
        for (int g = 0; g < GROUPS; g++) {
            text.append(GROUP.formatted(g, 1 + (round + g) % 16));
        }
        return text.toString();
    }
}
