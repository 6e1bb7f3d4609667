#!/bin/sh
# Builds and runs the SimGrid side of issue 20's side-by-side measurement (docs/performance.md, "FabricSim beside
# SimGrid"): the 64-endpoint all-to-all of examples/benchmarks/alltoall-64.fabric on SimGrid's pure max-min model.
# Needs Debian's libsimgrid-dev (3.32) and g++. Usage: run.sh [HOSTS] [BYTES_PER_RANK]; defaults 64 and 64 MiB.
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=$here/../../target/peers/simgrid
hosts=${1:-64}
bytes=${2:-67108864}
mkdir -p "$out"
[ "$out/alltoall" -nt "$here/alltoall.cpp" ] || g++ -O2 -std=c++17 -o "$out/alltoall" "$here/alltoall.cpp" -lsimgrid
# One 400 Gb/s (50 GB/s) cable of 500 ns a host to one switch, each direction its own (SPLITDUPLEX); the switch
# itself never binds (FATPIPE backbone of 100 TB/s, 0 ns), as the .fabric's one ideal switch.
cat > "$out/flat$hosts.xml" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="flat" prefix="h" suffix="" radical="0-$((hosts - 1))" speed="1Gf" bw="50GBps" lat="500ns"
           sharing_policy="SPLITDUPLEX" bb_bw="100TBps" bb_lat="0ns" bb_sharing_policy="FATPIPE"/>
</platform>
XML
# CM02: max-min sharing with no TCP bandwidth or latency factors; no cross-traffic (acknowledgements); log quiet but
# for the result line.
exec "$out/alltoall" "$out/flat$hosts.xml" "$hosts" "$bytes" --cfg=network/model:CM02 --cfg=network/crosstraffic:0 \
    --log=root.thres:critical --log=no_loc
