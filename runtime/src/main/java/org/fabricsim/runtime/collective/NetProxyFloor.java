package org.fabricsim.runtime.collective;

import java.util.Locale;

/**
 * The floor NCCL's network proxy puts under a ring all-reduce across nodes with the LL or LL128
 * protocol: one CPU thread per GPU posts every network step of every channel it serves, one after
 * another, so the call cannot end before that thread has posted its last step (NCCL 2.30.7).
 *
 * <ul>
 * <li><b>Steps.</b> {@code enqueue.cc} calcCollChunking: LL and LL128 run one NCCL step per chunk
 * (chunkSteps = sliceSteps = 1), the chunk being a step of the protocol's buffer less its flags:
 * LL 512 KiB / 8 steps / 2 = 32 KiB, LL128 4,915,200 B / 8 steps · 15/16 = 576,000 B ({@code init.cc}
 * DEFAULT_LL_BUFFSIZE, DEFAULT_LL128_BUFFSIZE with {@code device.h}'s NCCL_STEPS = 8). The ring
 * all-reduce (ncclPatternRingTwice) takes nsteps = 2(n−1) · ⌈S / (C · n · chunk)⌉ steps per channel,
 * C the call's channels.</li>
 * <li><b>Posts.</b> {@code transport/net.cc}: the send proxy posts one {@code isend} per step once
 * the GPU has written it (LL128 with GPUDirect: ready at the GPU's tail), the receive proxy one
 * {@code irecv} per step, each channel on its own network connection (a collective's graph
 * connections are not shared, {@code shared = graph || connIndex == 0 ? 0 : ...}, so the receive
 * proxy groups no two channels into one {@code irecv}); every channel's ring enters and leaves each
 * node once, so a node posts 2·C network operations per step, spread over its G GPUs, each with its
 * NIC and its one progress thread ({@code proxy.cc} ncclProxyProgress, progressOps walking the ops
 * in turn): k = ⌈2C / G⌉ posts per thread and step.</li>
 * <li><b>Cost.</b> {@code graph/tuning.cc} getNetOverhead: o = 1 µs per network post on an x86
 * Intel host, which NCCL's own model charges per step of an inter-node ring ("Inter-node rings
 * still have to launch nsteps * net overhead") as if the channels posted in parallel.</li>
 * </ul>
 * The floor is nsteps · k · o; a ring whose proxy is the slowest stage of its pipeline takes that
 * long whatever its bytes and hop latencies, which run meanwhile. Simple (larger chunks, several
 * posts per step, NCCL's triple overhead) and the other collectives are not floored here, nor RCCL's rings
 * (CDNA3, CDNA4): at k = 16 (64 channels over 8 GPUs) the floor is 480 µs on 2 nodes, and RCCL's LL128 ring measured
 * there on 64 channels ran 32 MiB in 402 µs (MI350X, ROCm/rocm-systems pull request 9406), while RCCL's own
 * size rule runs LL128 at 1 to 9 MiB, where the floor would make it twice Simple's time.
 */
final class NetProxyFloor {
    /** getNetOverhead on an x86 Intel host, ps. */
    static final long POST_PS = 1_000_000L;
    /** LL's data bytes per chunk: DEFAULT_LL_BUFFSIZE / NCCL_STEPS / 2. */
    static final long LL_CHUNK_BYTES = 8L * 512 * 8 * 16 / 8 / 2;
    /** LL128's data bytes per chunk: DEFAULT_LL128_BUFFSIZE / NCCL_STEPS · 15/16. */
    static final long LL128_CHUNK_BYTES = 120L * 640 * 8 * 8 / 8 / 16 * 15;

    private NetProxyFloor() {
    }

    /**
     * The floor of a ring all-reduce of {@code sizeBytes} over {@code ranks} ranks in {@code
     * domains} domains of {@code domain} GPUs on {@code channels} channels with {@code protocol}, ps;
     * 0 inside one domain or with Simple.
     */
    static long allReducePs(Protocol protocol, long sizeBytes, int ranks, int domain, int domains, int channels) {
        if (!applies(protocol, ranks, domains)) {
            return 0;
        }
        return steps(protocol, sizeBytes, ranks, channels) * postsPerStep(domain, channels) * POST_PS;
    }

    /**
     * The floor of {@link #allReducePs} as its factors, for a reader who sees sizes take the same time:
     * {@code "bound by NCCL's network proxy, not the bytes: one thread per GPU posts 30 steps x 4 network operations
     * at 1 us each = 120 us"}; empty where there is no floor.
     */
    static String reason(Protocol protocol, long sizeBytes, int ranks, int domain, int domains, int channels) {
        if (!applies(protocol, ranks, domains)) {
            return "";
        }
        long steps = steps(protocol, sizeBytes, ranks, channels);
        long posts = postsPerStep(domain, channels);
        return String.format(Locale.ROOT, "bound by NCCL's network proxy, not the bytes: one thread"
                + " per GPU posts %d steps x %d network operations at %d us each = %d us", steps, posts,
                POST_PS / 1_000_000, steps * posts * POST_PS / 1_000_000);
    }

    private static boolean applies(Protocol protocol, int ranks, int domains) {
        return domains >= 2 && ranks >= 2 && (protocol == Protocol.LL || protocol == Protocol.LL128);
    }

    /** 2(n − 1) · ⌈S / (C · n · chunk)⌉: the ring all-reduce's steps per channel. */
    private static long steps(Protocol protocol, long sizeBytes, int ranks, int channels) {
        long chunk = protocol == Protocol.LL ? LL_CHUNK_BYTES : LL128_CHUNK_BYTES;
        long loopBytes = (long) channels * ranks * chunk;
        long loops = Math.max(1, (sizeBytes + loopBytes - 1) / loopBytes);
        return 2L * (ranks - 1) * loops;
    }

    /** k = ⌈2C / G⌉: the posts of one proxy thread per step. */
    private static long postsPerStep(int domain, int channels) {
        return (2L * channels + domain - 1) / domain;
    }
}
