import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  otpauthUrl,
  totpCode,
  verifyTotp,
} from "./totp";

// RFC 6238 appendix B, SHA-1 column: secret "12345678901234567890", 8 digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890", "ascii"));
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("totp", () => {
  it.each(RFC_VECTORS)("matches the RFC 6238 test vector at T=%i", (seconds, expected) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000), 8)).toBe(expected);
  });

  it("round-trips base32 (RFC 4648 example)", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("MZXW6YTBOI").toString()).toBe("foobar");
    expect(base32Decode("mzxw 6ytb-oi======").toString()).toBe("foobar");
  });

  it("accepts the code of this step and one step either side, and nothing further", () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = new Date("2026-03-01T12:00:15Z");
    const at = (deltaSteps: number) => totpCode(secret, new Date(now.getTime() + deltaSteps * 30_000));
    expect(verifyTotp(secret, at(0), now)).toBe(true);
    expect(verifyTotp(secret, at(-1), now)).toBe(true);
    expect(verifyTotp(secret, at(1), now)).toBe(true);
    // A different code of a far step may collide by chance; compare only when it differs.
    for (const far of [-2, 2, 5]) {
      const code = at(far);
      if (![at(-1), at(0), at(1)].includes(code)) expect(verifyTotp(secret, code, now)).toBe(false);
    }
    expect(verifyTotp(secret, "12345", now)).toBe(false);
    expect(verifyTotp(secret, "abcdef", now)).toBe(false);
    expect(verifyTotp(secret, `${at(0).slice(0, 3)} ${at(0).slice(3)}`, now)).toBe(true);
  });

  it("builds an otpauth URI authenticator apps read", () => {
    const uri = otpauthUrl({ issuer: "ClauseWise", account: "ann@example.test", secret: "JBSWY3DPEHPK3PXP" });
    expect(uri.startsWith("otpauth://totp/ClauseWise:ann%40example.test?")).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(uri.split("?")[1]))).toEqual({ secret: "JBSWY3DPEHPK3PXP", issuer: "ClauseWise", algorithm: "SHA1", digits: "6", period: "30" });
  });

  it("makes ten distinct recovery codes whose hash ignores case and dashes", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(codes[0]!.toUpperCase().replace("-", " "))).toBe(hashRecoveryCode(codes[0]!));
    expect(hashRecoveryCode(codes[0]!)).not.toBe(hashRecoveryCode(codes[1]!));
  });
});
