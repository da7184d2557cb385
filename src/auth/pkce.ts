/**
 * PKCE (RFC 7636) for the sign-in: a random `code_verifier` that stays in the page and its S256
 * `code_challenge`, sent on the authorization URL. The challenge is computed synchronously, so
 * the popup still opens inside the user's click with its full URL (and on plain-http
 * development hosts, where `crypto.subtle` does not exist).
 */

export interface Pkce {
  verifier: string;
  challenge: string;
}

/** A fresh verifier (32 random bytes, base64url: 43 characters) and its S256 challenge. */
export function createPkce(): Pkce {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { verifier, challenge: base64url(sha256(new TextEncoder().encode(verifier))) };
}

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const K = /* @__PURE__ */ (() => {
  // The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  const k: number[] = [];
  for (let candidate = 2; k.length < 64; candidate += 1) {
    let prime = true;
    for (let d = 2; d * d <= candidate; d += 1) if (candidate % d === 0) prime = false;
    if (prime) k.push(((candidate ** (1 / 3) % 1) * 2 ** 32) >>> 0);
  }
  return k;
})();

/** SHA-256 (FIPS 180-4) of a short message. */
export function sha256(message: Uint8Array): Uint8Array {
  const length = message.length;
  const blocks = Math.ceil((length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, length * 8);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const w = new Array<number>(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < blocks; block += 1) {
    for (let i = 0; i < 64; i += 1) {
      if (i < 16) w[i] = view.getUint32(block * 64 + i * 4);
      else {
        const a = w[i - 15] ?? 0;
        const b = w[i - 2] ?? 0;
        const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
        const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
        w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) | 0;
      }
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i += 1) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0)) |
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i += 1) h[i] = ((h[i] ?? 0) + (next[i] ?? 0)) | 0;
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  h.forEach((value, i) => out.setUint32(i * 4, value >>> 0));
  return digest;
}
