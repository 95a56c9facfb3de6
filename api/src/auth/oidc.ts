import type * as Oidc from "openid-client";

// Loaded by the first sign-in through the identity provider, not at start-up (DECISIONS.md "Fresh RSS").
let sdk: Promise<typeof Oidc> | undefined;
const loadOidc = () => (sdk ??= import("openid-client"));
import type { Config } from "../env";

/**
 * OpenID Connect single sign-on (authorization code flow with PKCE, state and nonce), in addition to
 * e-mail and password. The provider only proves who the person is: ClauseWise accounts belong to a
 * company, so SSO signs in an existing account with the same verified e-mail and never creates one
 * (people join a company by invitation).
 */
export type OidcSettings = NonNullable<Config["oidc"]>;

/** What the browser keeps between leaving for the provider and coming back (an HttpOnly cookie). */
export interface OidcPending {
  state: string;
  nonce: string;
  verifier: string;
  next?: string | undefined;
}

export interface OidcIdentity {
  email: string;
  emailVerified: boolean;
  subject: string;
}

export class OidcError extends Error {
  constructor(
    readonly reason: "provider_unavailable" | "sign_in_failed" | "email_missing",
    cause?: unknown,
  ) {
    super(reason, { cause });
    this.name = "OidcError";
  }
}

const SCOPE = "openid email profile";

// Plain http is allowed only for a provider on this machine (development and tests).
function isLoopback(url: URL): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** Discovery is cached per process; a failed discovery is retried on the next sign-in. */
export function createOidcClient(settings: OidcSettings, appUrl: string) {
  const issuer = new URL(settings.issuer);
  const redirectUri = `${appUrl}/api/auth/sso/callback`;
  let configuration: Promise<Oidc.Configuration> | undefined;

  function discover(): Promise<Oidc.Configuration> {
    configuration ??= loadOidc()
      .then((oidc) => oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined))
      .catch((error: unknown) => {
        configuration = undefined;
        throw new OidcError("provider_unavailable", error);
      });
    return configuration;
  }

  return {
    redirectUri,

    async start(next: string | undefined): Promise<{ url: string; pending: OidcPending }> {
      const [config, oidc] = await Promise.all([discover(), loadOidc()]);
      const pending: OidcPending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier(), next };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, pending };
    },

    /** Exchanges the code of the callback URL; the id token's signature, issuer, audience, nonce and expiry are checked. */
    async finish(callbackUrl: URL, pending: OidcPending): Promise<OidcIdentity> {
      const [config, oidc] = await Promise.all([discover(), loadOidc()]);
      let claims: Oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new OidcError("sign_in_failed", error);
      }
      const email = typeof claims?.email === "string" ? claims.email.trim().toLowerCase() : "";
      if (!claims || !email) throw new OidcError("email_missing");
      return { email, emailVerified: claims.email_verified === true, subject: claims.sub };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
