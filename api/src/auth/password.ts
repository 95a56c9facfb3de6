import type * as Argon2 from "@node-rs/argon2";

// Loaded on the first sign-in or new password, not at start-up: a native addon a server that only
// relays live edits never calls (DECISIONS.md "Fresh RSS").
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import("@node-rs/argon2"));

// Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Compared against when the account does not exist, so timing does not reveal which e-mails are registered. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-0000");
  return dummyHash;
}
