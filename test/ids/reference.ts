// An independent reference for the typed-ID encoding, written differently from src/ids:
// the UUID as one 128-bit BigInt, shifted left by the 2 spare bits, cut into 26 groups of 5.
const RFC4648_BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function referenceBase32OfUuid(uuid: string): string {
  let n = BigInt(`0x${uuid.replace(/-/g, '')}`) << 2n;
  const chars: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    chars.unshift(RFC4648_BASE32.charAt(Number(n & 31n)));
    n >>= 5n;
  }
  return chars.join('').toLowerCase();
}

/** Hex of 16 bytes as 8-4-4-4-12. */
export function uuidOfBytes(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
