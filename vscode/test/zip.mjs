// A minimal, dependency-free ZIP reader (store and deflate), enough to inspect a .vsix and the jar inside it.
import * as zlib from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Returns a Map from entry name to { method, compressedSize, size, offset } and a read(name) function. */
export function readZip(buffer) {
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    throw new Error('not a zip file: no end-of-central-directory record');
  }
  const count = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    throw new Error('zip64 archives are not supported by this reader');
  }
  const entries = new Map();
  for (let n = 0; n < count; n++) {
    if (buffer.readUInt32LE(offset) !== CENTRAL) {
      throw new Error(`corrupt central directory at entry ${n}`);
    }
    const method = buffer.readUInt16LE(offset + 10);
    const compressedSize = buffer.readUInt32LE(offset + 20);
    const size = buffer.readUInt32LE(offset + 24);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    const localOffset = buffer.readUInt32LE(offset + 42);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.set(name, { method, compressedSize, size, localOffset });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  const read = (name) => {
    const entry = entries.get(name);
    if (!entry) {
      throw new Error(`no entry ${name}`);
    }
    const at = entry.localOffset;
    if (buffer.readUInt32LE(at) !== LOCAL) {
      throw new Error(`corrupt local header for ${name}`);
    }
    const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
    const data = buffer.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) {
      return Buffer.from(data);
    }
    if (entry.method === 8) {
      return zlib.inflateRawSync(data);
    }
    throw new Error(`unsupported compression method ${entry.method} for ${name}`);
  };
  return { entries, read };
}
