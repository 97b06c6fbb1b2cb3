const encoder = new TextEncoder();

/**
 * Writes `value` as UTF-8 into `into` from `at` (which must have room for 3 bytes a UTF-16 unit)
 * and returns its length in bytes: its ASCII start a byte at a time (all of most demo text), the
 * rest by the encoder, whose call and view cost more than that loop for text of a few dozen
 * characters.
 */
export function writeUtf8(value: string, into: Uint8Array, at: number): number {
  const units = value.length;
  let index = 0;
  for (; index < units; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit >= 0x80) break;
    into[at + index] = unit;
  }
  if (index === units) return units;
  return index + encoder.encodeInto(value.slice(index), into.subarray(at + index)).written;
}
