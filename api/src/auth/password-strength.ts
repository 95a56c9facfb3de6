import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MIN_SCORE, weakPasswordMessage } from "@clausewise/shared";
import { AppError } from "../http/errors";

/**
 * How much of a password zxcvbn reads, and how many l33t readings it tries. The check runs on the
 * event loop and anyone can sign up, so its cost must be bounded: with zxcvbn's defaults (256
 * characters, 100 substitutions) one crafted 256-character password took 3 to 6 s; with these,
 * about 50 ms (0.5 s at worst on a machine loaded five times over), and the same l33t passwords
 * are still caught ("p@ssw0rd", "5up3rm4n!"). A longer password is judged on its start.
 */
export const PASSWORD_CHECKED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 3;

/**
 * zxcvbn with its common-password, English and name dictionaries. They are loaded on the first
 * password set in this process, not at start-up, and kept: about 0.3 to 0.8 s and 23 to 29 MB of
 * heap once (measured on Node 20 on a busy 2-core machine), then a few to tens of milliseconds a check.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: PASSWORD_CHECKED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
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
  const result = (await loadEstimator()).check(password.slice(0, PASSWORD_CHECKED_LENGTH), userInputs(owner));
  if (result.score >= PASSWORD_MIN_SCORE) return;
  const message = weakPasswordMessage(result.feedback.warning);
  throw new AppError("weak_password", message, { [field]: message });
}
