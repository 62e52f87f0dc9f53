const utf8 = new TextDecoder('utf-8', { fatal: false });

/** A fixed-capacity byte accumulator: a code never grows memory past its cap. */
export class ByteBuffer {
  readonly #bytes: Uint8Array;
  #length = 0;

  constructor(capacity: number) {
    this.#bytes = new Uint8Array(capacity);
  }

  get length(): number {
    return this.#length;
  }

  /** Appends `source[start, end)`; false (and nothing appended) when it would exceed the cap. */
  append(source: Uint8Array, start: number, end: number): boolean {
    const count = end - start;
    if (count <= 0) return true;
    if (this.#length + count > this.#bytes.length) return false;
    // A plain loop: for a few dozen bytes it beats subarray() + set(), which allocate.
    const bytes = this.#bytes;
    let at = this.#length;
    for (let i = start; i < end; i++) bytes[at++] = source[i] ?? 0;
    this.#length = at;
    return true;
  }

  /** The bytes as UTF-8 text; invalid sequences become U+FFFD, which validation rejects. */
  text(): string {
    return utf8.decode(this.#bytes.subarray(0, this.#length));
  }

  clear(): void {
    this.#length = 0;
  }
}
