#!/usr/bin/env python3
"""Writes the Chakra execution traces of issue 20's side-by-side cases for ASTRA-sim (docs/performance.md,
"FabricSim beside ASTRA-sim and SimGrid"): on every NPU, one collective per size, each after the one before, as
`fabric simulate` runs a benchmark's sizes one after the other.

Usage: make_et.py PROTOBUF_DIR OUT_PREFIX COLLECTIVE NPUS SIZE_BYTES...
PROTOBUF_DIR holds et_def_pb2.py (protoc --python_out of ASTRA-sim's Chakra et_def.proto); COLLECTIVE is
all-reduce or all-to-all; the traces are OUT_PREFIX.<npu>.et.
"""
import sys

sys.path.insert(0, sys.argv[1])
import et_def_pb2 as et  # noqa: E402
from google.protobuf.internal.encoder import _VarintBytes  # noqa: E402

COMM_TYPES = {"all-reduce": et.ALL_REDUCE, "all-to-all": et.ALL_TO_ALL}


def write_delimited(stream, message):
    """Chakra's trace format: each message preceded by its length as a varint."""
    payload = message.SerializeToString()
    stream.write(_VarintBytes(len(payload)))
    stream.write(payload)


def main(out_prefix, collective, npus, sizes):
    for npu in range(npus):
        with open(f"{out_prefix}.{npu}.et", "wb") as stream:
            write_delimited(stream, et.GlobalMetadata(version="0.0.4"))
            for index, size in enumerate(sizes):
                node = et.Node(id=index, name=f"{collective}-{size}", type=et.COMM_COLL_NODE)
                if index > 0:
                    node.data_deps.append(index - 1)
                node.attr.append(et.AttributeProto(name="is_cpu_op", bool_val=False))
                node.attr.append(et.AttributeProto(name="comm_type", int64_val=COMM_TYPES[collective]))
                node.attr.append(et.AttributeProto(name="comm_size", int64_val=size))
                write_delimited(stream, node)


if __name__ == "__main__":
    main(sys.argv[2], sys.argv[3], int(sys.argv[4]), [int(s) for s in sys.argv[5:]])
