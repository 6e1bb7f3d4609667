"""Measures what FabricSim's compute model needs on one GPU, as data with provenance.

Run on the GPU machine from the repository root: ``python3 validation/measured/measure_compute.py OUTDIR
[SECTION ...]`` (default: every section but decode-attention and sustained-fp8).
Writes OUTDIR/compute.csv (one row per measurement) and OUTDIR/provenance.txt (GPU, driver, library
versions, date), and prints a summary. Sections, each guarded so that one failure keeps the others:

* memory: device-to-device copy and element-wise kernels (add, SiLU, LayerNorm) over 8192 x 16384 BF16,
  bandwidth counted as the fewest bytes read plus written;
* gemm: cuBLAS BF16 and FP8 (torch._scaled_mm, per-tensor scales) GEMMs at square sizes and at the shapes of
  Llama 3 8B / 70B / 405B layers (training micro-batch of 8192 tokens, tensor parallelism 1 / 8 / 8) and of
  decode batches (64 to 512 tokens), inputs rotated over enough copies to exceed the L2 cache;
* sustained: one 8192^3 BF16 GEMM back to back for 30 s, throughput per window, with the SM clock, power and
  temperature read by nvidia-smi every 2 s;
* attention: PyTorch's scaled_dot_product_attention on its flash (FlashAttention-2) and cuDNN backends, BF16,
  head dimension 128, 16 heads, 16K tokens per batch at 4K/8K/16K sequence, causal and not, forward and backward
  (FLOPs: forward 4*b*h*s^2*d, halved when causal; backward 2.5 x forward, FlashAttention's convention);
* decode-attention: one query token per sequence against a KV cache (Llama 3 70B at TP4: 16 query heads, 2 KV
  heads, head dimension 128), batches of 16 to 128 sequences of 1K to 8K tokens, bandwidth counted as the K and V
  bytes read;
* sustained-fp8: as sustained, with an FP8 GEMM, for 15 s;
* duty: the 8192^3 BF16 GEMM in groups of 4, each group followed by a gap of idle GPU (a spin kernel on one SM)
  or of memory-bound copies, 6 s per pattern: the GEMMs' own throughput (events around each group) as the
  GPU's duty cycle falls, as in a training step where GEMMs alternate with communication and element-wise work;
* duty-fp8: as duty, with an FP8 GEMM and idle gaps only;
* layer: one Llama 3 70B transformer layer at TP8 shapes (8192 tokens of one 8K sequence; hidden 8192, 8 query
  heads and 1 KV head of 128, SwiGLU 3584 per rank, RMSNorm), BF16, PyTorch eager with SDPA on cuDNN, forward and
  backward (autograd, weights and input requiring gradients) back to back for 8 s, and again with 20 ms of idle
  after each: the time per layer and its model FLOPs (6 x weights x tokens + causal attention 3.5 x 4 x s^2/2 x d x
  heads, the backward 2.5 x the forward) per second. No communication: what one GPU computes of a TP8 layer.
"""
import csv
import datetime
import os
import statistics
import subprocess
import sys
import threading
import time

import torch
import torch.nn.functional as F

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
START = time.time()
BUDGET_S = 330
ROWS = []
L2_ROTATE_BYTES = 256 << 20


def elapsed():
    return time.time() - START


def row(section, name, m, n, k, dtype, seconds, flops, bytes_moved, note=""):
    tflops = flops / seconds / 1e12 if flops else 0.0
    tbps = bytes_moved / seconds / 1e12 if bytes_moved else 0.0
    ROWS.append({"section": section, "name": name, "m": m, "n": n, "k": k, "dtype": dtype,
                 "seconds": f"{seconds:.9e}", "tflops": f"{tflops:.2f}", "tb_per_s": f"{tbps:.3f}", "note": note})
    print(f"{section:9s} {name:34s} {dtype:5s} m={m} n={n} k={k} {seconds * 1e3:10.4f} ms "
          f"{tflops:8.1f} TFLOP/s {tbps:6.3f} TB/s {note}", flush=True)


def timed(fn, iterations, repeats=5):
    """Median over repeats of (time of `iterations` back-to-back calls) / iterations, by CUDA events."""
    for _ in range(3):
        fn(0)
    torch.cuda.synchronize()
    samples = []
    for _ in range(repeats):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for i in range(iterations):
            fn(i)
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / 1e3 / iterations)
    return statistics.median(samples)


def iterations_for(fn):
    """Enough iterations for about 50 ms per timed repeat."""
    fn(0)
    torch.cuda.synchronize()
    t0 = time.time()
    fn(0)
    torch.cuda.synchronize()
    once = max(time.time() - t0, 1e-6)
    return max(3, min(2000, int(0.05 / once)))


def provenance():
    lines = [f"date_utc={datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')}",
             f"torch={torch.__version__}", f"cuda_runtime={torch.version.cuda}",
             f"cudnn={torch.backends.cudnn.version()}", f"device={torch.cuda.get_device_name(0)}",
             f"sm_count={torch.cuda.get_device_properties(0).multi_processor_count}"]
    try:
        smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total,power.limit,"
                              "clocks.max.sm,clocks.max.mem", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20).stdout.strip()
        lines.append(f"nvidia_smi={smi}")
    except Exception as e:  # noqa: BLE001 - provenance must not stop the run
        lines.append(f"nvidia_smi_error={e}")
    try:
        import triton
        lines.append(f"triton={triton.__version__}")
    except Exception:  # noqa: BLE001
        pass
    return lines


def memory_section():
    rows, cols = 8192, 16384
    x = torch.randn(rows, cols, device="cuda", dtype=torch.bfloat16)
    y = torch.randn_like(x)
    z = torch.empty_like(x)
    e = x.numel() * 2
    w = torch.ones(cols, device="cuda", dtype=torch.bfloat16)
    cases = [("copy", lambda i: z.copy_(x), 2 * e), ("add", lambda i: torch.add(x, y, out=z), 3 * e),
             ("silu", lambda i: F.silu(x), 2 * e), ("layer_norm", lambda i: F.layer_norm(x, (cols,), w), 2 * e)]
    for name, fn, nbytes in cases:
        s = timed(fn, iterations_for(fn))
        row("memory", name, rows, cols, 0, "bf16", s, 0, nbytes)


def rotated(make, nbytes):
    copies = max(1, min(16, -(-L2_ROTATE_BYTES // max(nbytes, 1))))
    return [make() for _ in range(copies)]


GEMM_SHAPES = [
    # (name, m tokens, n out, k in)
    ("square-4096", 4096, 4096, 4096), ("square-8192", 8192, 8192, 8192), ("square-16384", 16384, 16384, 16384),
    ("llama3-8b-qkv-tp1", 8192, 6144, 4096), ("llama3-8b-proj-tp1", 8192, 4096, 4096),
    ("llama3-8b-fc1-tp1", 8192, 28672, 4096), ("llama3-8b-fc2-tp1", 8192, 4096, 14336),
    ("llama3-70b-qkv-tp8", 8192, 1280, 8192), ("llama3-70b-proj-tp8", 8192, 8192, 1024),
    ("llama3-70b-fc1-tp8", 8192, 7168, 8192), ("llama3-70b-fc2-tp8", 8192, 8192, 3584),
    ("llama3-405b-qkv-tp8", 8192, 2304, 16384), ("llama3-405b-proj-tp8", 8192, 16384, 2048),
    ("llama3-405b-fc1-tp8", 8192, 13312, 16384), ("llama3-405b-fc2-tp8", 8192, 16384, 6656),
    ("decode-70b-tp4-fc1-64", 64, 14336, 8192), ("decode-70b-tp4-fc1-128", 128, 14336, 8192),
    ("decode-70b-tp4-fc1-256", 256, 14336, 8192), ("decode-70b-tp4-fc1-512", 512, 14336, 8192),
    ("decode-70b-tp4-qkv-128", 128, 2560, 8192),
]


def gemm_section(fp8):
    for name, m, n, k in GEMM_SHAPES:
        if elapsed() > BUDGET_S * 0.55:
            print(f"gemm: time budget reached before {name}", flush=True)
            return
        if fp8:
            scale = torch.tensor(1.0, device="cuda")

            def make():
                a = (torch.randn(m, k, device="cuda") * 0.5).to(torch.float8_e4m3fn)
                b = (torch.randn(n, k, device="cuda") * 0.5).to(torch.float8_e4m3fn)
                return a, b

            sets = rotated(make, m * k + n * k)
            fn = lambda i: torch._scaled_mm(sets[i % len(sets)][0], sets[i % len(sets)][1].t(), scale_a=scale,
                                            scale_b=scale, out_dtype=torch.bfloat16)
            element = 1
        else:
            def make():
                return (torch.randn(m, k, device="cuda", dtype=torch.bfloat16),
                        torch.randn(k, n, device="cuda", dtype=torch.bfloat16))

            sets = rotated(make, 2 * (m * k + k * n))
            fn = lambda i: torch.matmul(sets[i % len(sets)][0], sets[i % len(sets)][1])
            element = 2
        s = timed(fn, iterations_for(fn))
        row("gemm", name, m, n, k, "fp8" if fp8 else "bf16", s, 2.0 * m * n * k,
            element * (m * k + k * n) + 2 * m * n, f"copies={len(sets)}")
        del sets


def square_product(n, fp8):
    """One n^3 product on random normal inputs, BF16 or FP8 (per-tensor scales, B column-major as cuBLAS needs)."""
    a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    if not fp8:
        return lambda: torch.matmul(a, b)
    scale = torch.tensor(1.0, device="cuda")
    a8, b8 = (a * 0.5).to(torch.float8_e4m3fn), (b * 0.5).to(torch.float8_e4m3fn).t().contiguous().t()
    return lambda: torch._scaled_mm(a8, b8, scale_a=scale, scale_b=scale, out_dtype=torch.bfloat16)


def sustained_section(seconds=30.0, fp8=False):
    n = 8192
    product = square_product(n, fp8)
    dtype = "fp8" if fp8 else "bf16"
    samples, stop = [], threading.Event()

    def sample():
        while not stop.is_set():
            try:
                out = subprocess.run(["nvidia-smi", "--query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,"
                                      "clocks_throttle_reasons.active", "--format=csv,noheader,nounits"],
                                     capture_output=True, text=True, timeout=5).stdout.strip()
                samples.append(f"{elapsed():.1f}s:{out}")
            except Exception as e:  # noqa: BLE001
                samples.append(f"error:{e}")
            stop.wait(2.0)

    for _ in range(5):
        product()
    torch.cuda.synchronize()
    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    window, t0, index = 400, time.time(), 0
    while time.time() - t0 < seconds:
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(window):
            product()
        end.record()
        end.synchronize()
        s = start.elapsed_time(end) / 1e3 / window
        row("sustained", f"window-{index:03d}-at-{time.time() - t0:.1f}s", n, n, n, dtype, s, 2.0 * n ** 3, 0)
        index += 1
    stop.set()
    thread.join(timeout=10)
    for line in samples:
        ROWS.append({"section": "smi", "name": line, "m": "", "n": "", "k": "", "dtype": "", "seconds": "",
                     "tflops": "", "tb_per_s": "", "note": ""})
        print("smi", line, flush=True)


def attention_section():
    from torch.nn.attention import SDPBackend, sdpa_kernel
    heads, dim, tokens = 16, 128, 16384
    for backend_name, backend in (("flash", SDPBackend.FLASH_ATTENTION), ("cudnn", SDPBackend.CUDNN_ATTENTION)):
        for seq in (4096, 8192, 16384):
            for causal in (True, False):
                if elapsed() > BUDGET_S:
                    print("attention: time budget reached", flush=True)
                    return
                batch = tokens // seq
                try:
                    q, k, v = (torch.randn(batch, heads, seq, dim, device="cuda", dtype=torch.bfloat16,
                                           requires_grad=True) for _ in range(3))
                    grad = torch.randn(batch, heads, seq, dim, device="cuda", dtype=torch.bfloat16)
                    forward_flops = 4.0 * batch * heads * seq * seq * dim / (2 if causal else 1)
                    with sdpa_kernel([backend]):
                        fwd = lambda i: F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                        forward_s = timed(fwd, iterations_for(fwd))

                        def both(i):
                            out = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
                            torch.autograd.grad(out, (q, k, v), grad)

                        total_s = timed(both, iterations_for(both))
                    label = f"{backend_name}-s{seq}-{'causal' if causal else 'full'}"
                    row("attention", label + "-fwd", batch, heads, seq, "bf16", forward_s, forward_flops, 0)
                    row("attention", label + "-bwd", batch, heads, seq, "bf16", total_s - forward_s,
                        2.5 * forward_flops, 0, "fwd+bwd minus fwd")
                except Exception as e:  # noqa: BLE001 - a backend may be missing
                    print(f"attention {backend_name} s={seq} causal={causal}: {e}", flush=True)


def decode_attention_section():
    q_heads, kv_heads, dim = 16, 2, 128
    for batch in (16, 64, 128):
        for context in (1024, 4096, 8192):
            q = torch.randn(batch, q_heads, 1, dim, device="cuda", dtype=torch.bfloat16)
            k, v = (torch.randn(batch, kv_heads, context, dim, device="cuda", dtype=torch.bfloat16) for _ in range(2))
            fn = lambda i: F.scaled_dot_product_attention(q, k, v, enable_gqa=True)
            s = timed(fn, iterations_for(fn))
            kv_bytes = 2 * batch * kv_heads * context * dim * 2
            row("decode", f"gqa16x2-b{batch}-ctx{context}", batch, q_heads, context, "bf16", s,
                4.0 * batch * q_heads * context * dim, kv_bytes)


def duty_section(fp8=False):
    n = 8192
    product = square_product(n, fp8)
    x = torch.randn(8192, 16384, device="cuda", dtype=torch.bfloat16)
    y = torch.empty_like(x)
    cycles_per_ms = 1_980_000
    patterns = [("none", lambda: None)]
    for gap_ms in ((3.0, 6.0) if fp8 else (1.0, 3.0, 6.0)):
        patterns.append((f"idle-{gap_ms:g}ms", lambda g=gap_ms: torch.cuda._sleep(int(g * cycles_per_ms))))
    for copies in (() if fp8 else (8, 24)):
        patterns.append((f"copy-x{copies}", lambda c=copies: [y.copy_(x) for _ in range(c)]))
    for name, gap in patterns:
        events, t0 = [], time.time()
        while time.time() - t0 < 6.0:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(4):
                product()
            end.record()
            gap()
            events.append((start, end))
            if len(events) % 50 == 0:
                end.synchronize()
        torch.cuda.synchronize()
        per_gemm = [s.elapsed_time(e) / 1e3 / 4 for s, e in events[len(events) // 3:]]
        row("duty", f"gemm-then-{name}", n, n, n, "fp8" if fp8 else "bf16", statistics.median(per_gemm),
            2.0 * n ** 3, 0,
            f"groups={len(events)}")


def layer_section():
    tokens, hidden, heads, kv_heads, dim, ffn = 8192, 8192, 8, 1, 128, 3584
    bf16 = dict(device="cuda", dtype=torch.bfloat16)

    def weight(rows, cols):
        return (torch.randn(rows, cols, **bf16) * rows ** -0.5).requires_grad_()

    w_qkv, w_proj = weight(hidden, (heads + 2 * kv_heads) * dim), weight(heads * dim, hidden)
    w_fc1, w_fc2 = weight(hidden, 2 * ffn), weight(ffn, hidden)
    norm1, norm2 = (torch.ones(hidden, **bf16).requires_grad_() for _ in range(2))
    x = torch.randn(tokens, hidden, **bf16).requires_grad_()
    grad = torch.randn(tokens, hidden, **bf16)
    params = (x, w_qkv, w_proj, w_fc1, w_fc2, norm1, norm2)
    from torch.nn.attention import SDPBackend, sdpa_kernel

    def layer():
        h = F.rms_norm(x, (hidden,), norm1)
        qkv = h @ w_qkv
        q = qkv[:, :heads * dim].view(1, tokens, heads, dim).transpose(1, 2)
        k = qkv[:, heads * dim:(heads + kv_heads) * dim].view(1, tokens, kv_heads, dim).transpose(1, 2)
        v = qkv[:, (heads + kv_heads) * dim:].view(1, tokens, kv_heads, dim).transpose(1, 2)
        k, v = k.repeat_interleave(heads // kv_heads, dim=1), v.repeat_interleave(heads // kv_heads, dim=1)
        with sdpa_kernel([SDPBackend.CUDNN_ATTENTION, SDPBackend.FLASH_ATTENTION]):
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        r = x + o.transpose(1, 2).reshape(tokens, heads * dim) @ w_proj
        g = F.rms_norm(r, (hidden,), norm2) @ w_fc1
        out = r + (F.silu(g[:, :ffn]) * g[:, ffn:]) @ w_fc2
        torch.autograd.grad(out, params, grad)

    weights = hidden * (heads + 2 * kv_heads) * dim + heads * dim * hidden + hidden * 2 * ffn + ffn * hidden
    flops = 6.0 * weights * tokens + 3.5 * 4 * (tokens * tokens / 2) * dim * heads
    for name, idle_ms in (("back-to-back", 0.0), ("idle-20ms", 20.0)):
        for _ in range(5):
            layer()
        torch.cuda.synchronize()
        times, t0 = [], time.time()
        while time.time() - t0 < 8.0:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            layer()
            end.record()
            if idle_ms:
                torch.cuda._sleep(int(idle_ms * 1_980_000))
            end.synchronize()
            times.append(start.elapsed_time(end) / 1e3)
        row("layer", f"llama3-70b-tp8-fwd-bwd-{name}", tokens, hidden, ffn, "bf16",
            statistics.median(times[len(times) // 3:]), flops, 0, f"layers={len(times)}")


SECTIONS = {"duty": duty_section, "layer": layer_section, "duty-fp8": lambda: duty_section(True), "memory": memory_section, "gemm-bf16": lambda: gemm_section(False),
            "gemm-fp8": lambda: gemm_section(True), "sustained": sustained_section, "attention": attention_section,
            "decode-attention": decode_attention_section, "sustained-fp8": lambda: sustained_section(15.0, True)}
DEFAULT_SECTIONS = ("memory", "gemm-bf16", "gemm-fp8", "sustained", "attention")


def main():
    os.makedirs(OUT, exist_ok=True)
    lines = provenance()
    print("\n".join(lines), flush=True)
    torch.backends.cuda.matmul.allow_tf32 = False
    chosen = sys.argv[2:] or DEFAULT_SECTIONS
    lines.append("sections=" + ",".join(chosen))
    for name, section in ((name, SECTIONS[name]) for name in chosen):
        try:
            section()
        except Exception as e:  # noqa: BLE001 - keep the other sections
            print(f"section {name} failed: {e!r}", flush=True)
            lines.append(f"section_failed={name}: {e!r}")
        torch.cuda.empty_cache()
        with open(os.path.join(OUT, "compute.csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(ROWS[0].keys()) if ROWS else ["section"])
            writer.writeheader()
            writer.writerows(ROWS)
    lines.append(f"wall_s={elapsed():.1f}")
    with open(os.path.join(OUT, "provenance.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"done in {elapsed():.1f} s", flush=True)


if __name__ == "__main__":
    main()
