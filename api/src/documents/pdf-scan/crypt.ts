import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import type { ByteSource } from "./decoders";
import { isDict, nameOf, PdfString, type PdfDict, type PdfValue } from "./syntax";

/**
 * The standard security handler with the empty user password: the only way pdfjs opens an encrypted
 * PDF when no password is given (CipherTransformFactory in pdfjs' src/core/crypto.js). A PDF that
 * opens like that decodes its streams after decrypting them, so the budget has to see them decrypted
 * too. Only the key derivation and stream decryption are here; nothing else about encryption matters.
 */

const PASSWORD_PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c,
  0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

type Resolve = (value: PdfValue | undefined) => PdfValue | undefined;
type Method = "none" | "rc4" | "aes128" | "aes256";

export interface StreamDecryptor {
  /** The decrypted bytes of one stream object, or null when streams are stored in the clear. */
  source(bytes: Uint8Array, start: number, end: number, num: number, gen: number): ByteSource | null;
}

const hash = (algorithm: string, ...parts: Uint8Array[]) => {
  const h = createHash(algorithm);
  for (const part of parts) h.update(part);
  return new Uint8Array(h.digest());
};

const stringBytes = (value: PdfValue | undefined): Uint8Array => (value instanceof PdfString ? value.bytes : new Uint8Array(0));

class Rc4 {
  private readonly s = new Uint8Array(256);
  private a = 0;
  private b = 0;

  constructor(key: Uint8Array) {
    for (let i = 0; i < 256; i++) this.s[i] = i;
    for (let i = 0, j = 0; i < 256; i++) {
      j = (j + this.s[i]! + key[i % key.length]!) & 0xff;
      [this.s[i], this.s[j]] = [this.s[j]!, this.s[i]!];
    }
  }

  byte(input: number): number {
    this.a = (this.a + 1) & 0xff;
    this.b = (this.b + this.s[this.a]!) & 0xff;
    const s = this.s;
    [s[this.a], s[this.b]] = [s[this.b]!, s[this.a]!];
    return input ^ s[(s[this.a]! + s[this.b]!) & 0xff]!;
  }

  block(data: Uint8Array): Uint8Array {
    return data.map((b) => this.byte(b));
  }
}

class Rc4Source implements ByteSource {
  private readonly rc4: Rc4;

  constructor(
    private readonly bytes: Uint8Array,
    private pos: number,
    private readonly end: number,
    key: Uint8Array,
  ) {
    this.rc4 = new Rc4(key);
  }

  getByte(): number {
    return this.pos < this.end ? this.rc4.byte(this.bytes[this.pos++]!) : -1;
  }
}

class AesSource implements ByteSource {
  private chunk = new Uint8Array(0);
  private at = 0;
  private pos: number;
  private readonly decipher: ReturnType<typeof createDecipheriv> | null;

  constructor(
    private readonly bytes: Uint8Array,
    start: number,
    private readonly end: number,
    key: Uint8Array,
  ) {
    this.pos = start + 16;
    this.decipher = end - start >= 16 ? createDecipheriv(key.length === 32 ? "aes-256-cbc" : "aes-128-cbc", key, bytes.subarray(start, start + 16)).setAutoPadding(false) : null;
  }

  getByte(): number {
    while (this.at >= this.chunk.length) {
      if (!this.decipher || this.pos >= this.end) return -1;
      const next = Math.min(this.end, this.pos + 64 * 1024);
      this.chunk = new Uint8Array(this.decipher.update(this.bytes.subarray(this.pos, next)));
      this.at = 0;
      this.pos = next;
    }
    return this.chunk[this.at++]!;
  }
}

/** Algorithm 2 (revisions 2-4) with the empty password, checked against /U as pdfjs does. */
function rc4FileKey(o: Uint8Array, u: Uint8Array, p: number, id: Uint8Array, revision: number, keyBytes: number, encryptMetadata: boolean): Uint8Array | null {
  const flags = Uint8Array.from([p & 0xff, (p >> 8) & 0xff, (p >> 16) & 0xff, (p >>> 24) & 0xff]);
  const tail = revision >= 4 && !encryptMetadata ? Uint8Array.from([0xff, 0xff, 0xff, 0xff]) : new Uint8Array(0);
  let digest = hash("md5", PASSWORD_PADDING, o.subarray(0, 32), flags, id, tail);
  if (revision >= 3) for (let i = 0; i < 50; i++) digest = hash("md5", digest.subarray(0, keyBytes));
  const key = digest.subarray(0, keyBytes);
  let check: Uint8Array;
  if (revision >= 3) {
    check = new Rc4(key).block(hash("md5", PASSWORD_PADDING, id));
    for (let j = 1; j <= 19; j++) check = new Rc4(key.map((k) => k ^ j)).block(check);
  } else {
    check = new Rc4(key).block(PASSWORD_PADDING);
  }
  return check.every((b, i) => u[i] === b) ? key : null;
}

/** Algorithm 2.B (revision 6) for the empty password; revision 5 is a single SHA-256. */
function aes256Hash(input: Uint8Array, revision: number): Uint8Array {
  let k = hash("sha256", input);
  if (revision !== 6) return k;
  let e = new Uint8Array([0]);
  for (let i = 0; i < 64 || e[e.length - 1]! > i - 32; i++) {
    // K1 = password (empty) + K (the whole previous digest) + user data (none), 64 times.
    const k1 = new Uint8Array(k.length * 64);
    for (let j = 0; j < 64; j++) k1.set(k, j * k.length);
    const cipher = createCipheriv("aes-128-cbc", k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    e = new Uint8Array(Buffer.concat([cipher.update(k1), cipher.final()]));
    const remainder = e.subarray(0, 16).reduce((sum, b) => sum + b, 0) % 3;
    k = hash(remainder === 0 ? "sha256" : remainder === 1 ? "sha384" : "sha512", e);
  }
  return k.subarray(0, 32);
}

function aes256FileKey(u: Uint8Array, ue: Uint8Array, revision: number): Uint8Array | null {
  if (u.length < 48 || ue.length < 32) return null;
  const expected = aes256Hash(u.subarray(32, 40), revision);
  if (!expected.every((b, i) => u[i] === b)) return null;
  const intermediate = aes256Hash(u.subarray(40, 48), revision);
  const decipher = createDecipheriv("aes-256-cbc", intermediate, new Uint8Array(16)).setAutoPadding(false);
  return new Uint8Array(Buffer.concat([decipher.update(ue.subarray(0, 32)), decipher.final()]));
}

function objectKey(fileKey: Uint8Array, num: number, gen: number, aes: boolean): Uint8Array {
  const suffix = Uint8Array.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff, ...(aes ? [0x73, 0x41, 0x6c, 0x54] : [])]);
  return hash("md5", fileKey, suffix).subarray(0, Math.min(fileKey.length + 5, 16));
}

function cryptMethod(encrypt: PdfDict, resolve: Resolve): Method {
  const cf = resolve(encrypt.get("CF"));
  const stmf = nameOf(resolve(encrypt.get("StmF"))) ?? "Identity";
  const filter = isDict(cf) ? resolve(cf.get(stmf)) : undefined;
  const cfm = isDict(filter) ? nameOf(resolve(filter.get("CFM"))) : undefined;
  if (cfm === "V2") return "rc4";
  if (cfm === "AESV2") return "aes128";
  if (cfm === "AESV3") return "aes256";
  return "none";
}

function keyLengthBits(encrypt: PdfDict, v: number, resolve: Resolve): number {
  const length = resolve(encrypt.get("Length"));
  if (typeof length === "number" && length) return length;
  if (v <= 3) return 40;
  const cf = resolve(encrypt.get("CF"));
  const stmf = nameOf(resolve(encrypt.get("StmF")));
  const filter = isDict(cf) && stmf ? resolve(cf.get(stmf)) : undefined;
  const fromFilter = isDict(filter) ? resolve(filter.get("Length")) : undefined;
  const bits = typeof fromFilter === "number" && fromFilter ? fromFilter : 128;
  return bits < 40 ? bits << 3 : bits;
}

/**
 * The decryptor pdfjs would use for this encryption dictionary and first file ID, or null when it
 * would not open the file without a password (or not at all).
 */
export function standardDecryptor(encrypt: PdfDict, fileId: Uint8Array, resolve: Resolve): StreamDecryptor | null {
  if (nameOf(resolve(encrypt.get("Filter"))) !== "Standard") return null;
  const v = resolve(encrypt.get("V"));
  const r = resolve(encrypt.get("R"));
  const p = resolve(encrypt.get("P"));
  if ((v !== 1 && v !== 2 && v !== 4 && v !== 5) || typeof r !== "number" || typeof p !== "number") return null;
  const o = stringBytes(resolve(encrypt.get("O")));
  const u = stringBytes(resolve(encrypt.get("U")));
  let fileKey: Uint8Array | null;
  if (v === 5) {
    fileKey = aes256FileKey(u, stringBytes(resolve(encrypt.get("UE"))), r);
  } else {
    const bits = keyLengthBits(encrypt, v, resolve);
    if (!Number.isInteger(bits) || bits < 40 || bits % 8 !== 0) return null;
    const encryptMetadata = !(v === 4 && resolve(encrypt.get("EncryptMetadata")) === false);
    fileKey = rc4FileKey(o, u.subarray(0, 32), p, fileId, r, bits >> 3, encryptMetadata);
    if (fileKey && v === 4 && fileKey.length < 16) {
      const padded = new Uint8Array(16);
      padded.set(fileKey);
      fileKey = padded;
    }
  }
  if (!fileKey) return null;
  const key = fileKey;
  const method: Method = v === 4 || v === 5 ? cryptMethod(encrypt, resolve) : "rc4";
  return {
    source(bytes, start, end, num, gen) {
      switch (method) {
        case "none":
          return null;
        case "rc4":
          return new Rc4Source(bytes, start, end, objectKey(key, num, gen, false));
        case "aes128":
          return new AesSource(bytes, start, end, objectKey(key, num, gen, true));
        case "aes256":
          return new AesSource(bytes, start, end, key);
      }
    },
  };
}
