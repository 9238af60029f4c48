// A WebAssembly module's bytes with another maximum for its memory: jq-wasm's module is built with
// 256 MiB, too little for jq on a list of 100,000 vouchers. Sections are read in order; the memory
// section (id 5) is written anew and the rest kept as it is (no offset outside a section points
// across sections).

/** The module's bytes with the maximum of its memory set to `pages`. */
export function withMemoryLimit(bytes: Uint8Array, pages: number): Uint8Array {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at]!;
    const [size, sizeLength] = leb128(bytes, at + 1);
    const body = at + 1 + sizeLength;
    if (id === 5) {
      let p = body;
      const [count, n1] = leb128(bytes, p);
      p += n1;
      const flags = bytes[p++]!;
      const [initial] = leb128(bytes, p);
      const content = [
        ...unsignedLeb128(count),
        flags | 1,
        ...unsignedLeb128(initial),
        ...unsignedLeb128(pages),
      ];
      const section = [5, ...unsignedLeb128(content.length), ...content];
      return Buffer.concat([bytes.subarray(0, at), Uint8Array.from(section), bytes.subarray(body + size)]);
    }
    at = body + size;
  }
  throw new Error('jq-wasm: its WebAssembly module has no memory section');
}

function leb128(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let length = 0;
  for (;;) {
    const byte = bytes[at + length++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, length];
  }
}

function unsignedLeb128(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}
