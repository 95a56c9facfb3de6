import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MIN_SCORE, weakPasswordMessage } from "@clausewise/shared";
import { AppError } from "../http/errors";

/**
 * zxcvbn with its common-password, English and name dictionaries. They are loaded on the first
 * password set in this process, not at start-up, and kept: about 0.3 s and 23 MB of heap once
 * (measured on Node 20), a few milliseconds per check after that.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, translations: en.translations });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/** Who the password belongs to: a password made of these is guessed first. */
export interface PasswordOwner {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  companyName?: string | null | undefined;
}

function userInputs(owner: PasswordOwner): string[] {
  const words = [owner.email, owner.firstName, owner.lastName, owner.companyName, "clausewise"]
    .filter((value): value is string => Boolean(value))
    .flatMap((value) => [value, ...value.split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3))];
}

/**
 * Refuses a new password zxcvbn guesses too easily (score below PASSWORD_MIN_SCORE), telling why in
 * zxcvbn's words; `field` names the form field that gets the message. Every place that sets a
 * password calls this: sign-up, accepting an invitation, changing and resetting it.
 */
export async function assertStrongPassword(password: string, owner: PasswordOwner, field = "password"): Promise<void> {
  const result = (await loadEstimator()).check(password, userInputs(owner));
  if (result.score >= PASSWORD_MIN_SCORE) return;
  const message = weakPasswordMessage(result.feedback.warning);
  throw new AppError("weak_password", message, { [field]: message });
}
