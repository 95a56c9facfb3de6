import { createHmac, randomBytes, randomInt } from "node:crypto";
import { safeEqual, sha256 } from "./tokens";

/** RFC 6238 time-based one-time passwords (HMAC-SHA1, 30 s steps, 6 digits), as authenticator apps expect. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and next step count too, for clocks that drift a little. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Invalid base32 character");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32 as authenticator apps take it. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226) for one counter value. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, "0");
}

export function totpCode(secretBase32: string, at: Date, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secretBase32), Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS), digits);
}

/** True when `code` is the code of the current step or one step either side. */
export function verifyTotp(secretBase32: string, code: string, at: Date): boolean {
  const clean = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(clean)) return false;
  const secret = base32Decode(secretBase32);
  const step = Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
  let ok = false;
  // Checks every step of the window, so the time taken says nothing about which one matched.
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
    if (safeEqual(hotp(secret, step + delta), clean)) ok = true;
  }
  return ok;
}

/** The otpauth:// URI an authenticator app reads from a QR code (or from a pasted link). */
export function otpauthUrl(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten single-use codes like `k7m2q-x9p4d`; the caller stores their hashes only. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function hashRecoveryCode(code: string): string {
  return sha256(code.toLowerCase().replace(/[\s-]/g, ""));
}
