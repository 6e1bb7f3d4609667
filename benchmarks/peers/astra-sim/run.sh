#!/bin/sh
# The ASTRA-sim side of issue 20's side-by-side measurement (docs/performance.md, "FabricSim beside ASTRA-sim and
# SimGrid"): examples/quickstart/ring-allreduce.fabric (16 NPUs, one 400 Gb/s cable of 1 us each to one switch, ring
# all-reduce of 1 MiB, 16 MiB, 256 MiB and 1 GiB) and examples/benchmarks/alltoall-64.fabric (64 NPUs, 500 ns, direct
# all-to-all of 1 MiB and 64 MiB) on one of ASTRA-sim's analytical backends (congestion-aware by default, or
# congestion-unaware), one process per case. Needs an ASTRA-sim checkout with its analytical backends built
# (build/astra_analytical/build.sh) named by ASTRA_SIM, protoc, and a python3 with protobuf (Debian python3-protobuf;
# PYTHON names another). Usage: ASTRA_SIM=DIR run.sh quickstart|alltoall-64 [aware|unaware]
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=$here/../../target/peers/astra-sim
: "${ASTRA_SIM:?name the ASTRA-sim checkout: ASTRA_SIM=DIR $0 quickstart|alltoall-64}"
case "${2:-aware}" in
    aware) binary=$ASTRA_SIM/build/astra_analytical/build/bin/AstraSim_Analytical_Congestion_Aware ;;
    unaware) binary=$ASTRA_SIM/build/astra_analytical/build/bin/AstraSim_Analytical_Congestion_Unaware ;;
    *) echo "usage: ASTRA_SIM=DIR $0 quickstart|alltoall-64 [aware|unaware]" >&2; exit 2 ;;
esac
mkdir -p "$out"
[ -f "$out/et_def_pb2.py" ] || protoc et_def.proto --proto_path="$ASTRA_SIM/extern/graph_frontend/chakra/schema/protobuf" \
    --python_out="$out"
case "$1" in
    quickstart) npus=16; latency=1000; collective=all-reduce; impl=ring; sizes="1048576 16777216 268435456 1073741824" ;;
    alltoall-64) npus=64; latency=500; collective=all-to-all; impl=direct; sizes="1048576 67108864" ;;
    *) echo "usage: ASTRA_SIM=DIR $0 quickstart|alltoall-64 [aware|unaware]" >&2; exit 2 ;;
esac
"${PYTHON:-python3}" "$here/make_et.py" "$out" "$out/$1" "$collective" "$npus" $sizes
printf 'topology: [ Switch ]\nnpus_count: [ %s ]\nbandwidth: [ 50.0 ]\nlatency: [ %s ]\n' "$npus" "$latency" \
    > "$out/$1.yml"
# endpoint-delay 10 cycles (10 ns), as ASTRA-sim's own examples: at 0 its event queue asserts on events at one time.
cat > "$out/$1.json" <<JSON
{
    "scheduling-policy": "LIFO", "endpoint-delay": 10, "active-chunks-per-dimension": 1,
    "preferred-dataset-splits": 1, "collective-optimization": "localBWAware", "local-mem-bw": 1600,
    "boost-mode": 0, "roofline-enabled": 0, "peak-perf": 900,
    "all-reduce-implementation": ["$impl"], "all-gather-implementation": ["$impl"],
    "reduce-scatter-implementation": ["$impl"], "all-to-all-implementation": ["$impl"]
}
JSON
echo '{ "memory-type": "NO_MEMORY_EXPANSION" }' > "$out/memory.json"
cd "$out"    # ASTRA-sim writes its log/ into the working directory
exec "$binary" --workload-configuration="$out/$1" --system-configuration="$out/$1.json" \
    --remote-memory-configuration="$out/memory.json" --network-configuration="$out/$1.yml"
