import { eq } from "drizzle-orm";
import type { TwoFactorSetup } from "@clausewise/shared";
import type { UserRow } from "../../auth/sessions";
import { generateTotpSecret, otpauthUrl } from "../../auth/totp";
import type { AppDeps } from "../../context";
import { users } from "../../db/schema";
import { conflict } from "../../http/errors";

/**
 * Step one of turning two-factor sign-in on: a fresh secret is kept, still inactive, until the user
 * proves with a code that their authenticator app has it. Asking again replaces an unconfirmed secret.
 */
export async function startTwoFactor(deps: AppDeps, input: { actor: UserRow }): Promise<TwoFactorSetup> {
  const { actor } = input;
  if (actor.totpEnabledAt) throw conflict("Two-factor sign-in is already on. Turn it off first to set up a new authenticator.");
  const secret = generateTotpSecret();
  await deps.db.update(users).set({ totpSecret: secret, totpRecoveryCodes: null, updatedAt: deps.now() }).where(eq(users.id, actor.id));
  const url = otpauthUrl({ issuer: "ClauseWise", account: actor.email, secret });
  // The QR code is drawn here, so the secret never goes to a third-party QR service.
  // Loaded when someone sets up two-factor sign-in, not with the server (issue 15: fresh RSS).
  const { default: QRCode } = await import("qrcode");
  const qrCodeSvg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl: url, qrCodeSvg };
}
