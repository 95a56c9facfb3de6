import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenID Connect provider speaking the parts of the protocol a relying party uses:
 * discovery, the authorization endpoint (it signs in whoever `signIn` names, without a login page),
 * the token endpoint (client secret, PKCE S256, single-use codes) and a JWKS with an RS256 key.
 * The app under test talks to it through the real openid-client library.
 */
export interface FakeOidcIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface FakeOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization request signs in as. */
  signIn(identity: FakeOidcIdentity): void;
  /** Makes the next id token wrong in the given way. */
  tamperNext(kind: "nonce" | "audience"): void;
  /** Authorization requests seen (their query parameters). */
  authorizations: URLSearchParams[];
  close(): Promise<void>;
}

interface IssuedCode {
  identity: FakeOidcIdentity;
  nonce: string;
  challenge: string;
  redirectUri: string;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
  const body = b64url(JSON.stringify(payload));
  return `${head}.${body}.${b64url(sign("sha256", Buffer.from(`${head}.${body}`), key))}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return text;
}

export async function startFakeOidc(): Promise<FakeOidc> {
  const clientId = "clausewise-test";
  const clientSecret = randomBytes(16).toString("hex");
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(4).toString("hex");
  const codes = new Map<string, IssuedCode>();
  const authorizations: URLSearchParams[] = [];
  let identity: FakeOidcIdentity = { sub: "nobody" };
  let tamper: "nonce" | "audience" | undefined;
  let issuer = "";

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", issuer);
      if (url.pathname === "/.well-known/openid-configuration") {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        });
      }
      if (url.pathname === "/jwks") {
        return json(res, 200, { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] });
      }
      if (url.pathname === "/authorize") {
        authorizations.push(url.searchParams);
        const code = randomBytes(16).toString("hex");
        codes.set(code, {
          identity,
          nonce: url.searchParams.get("nonce") ?? "",
          challenge: url.searchParams.get("code_challenge") ?? "",
          redirectUri: url.searchParams.get("redirect_uri") ?? "",
        });
        const back = new URL(url.searchParams.get("redirect_uri") ?? "");
        back.searchParams.set("code", code);
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        res.writeHead(302, { location: back.href }).end();
        return;
      }
      if (url.pathname === "/token" && req.method === "POST") {
        const form = new URLSearchParams(await readBody(req));
        // client_secret_basic or client_secret_post, as real providers accept.
        const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
        const [id, secret] = req.headers.authorization
          ? basic.split(":").map((part) => decodeURIComponent(part))
          : [form.get("client_id"), form.get("client_secret")];
        if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: "invalid_client" });
        const issued = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        if (!issued || issued.redirectUri !== form.get("redirect_uri") || createHash("sha256").update(verifier).digest("base64url") !== issued.challenge) {
          return json(res, 400, { error: "invalid_grant" });
        }
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          iss: issuer,
          aud: tamper === "audience" ? "someone-else" : clientId,
          iat: now,
          exp: now + 300,
          nonce: tamper === "nonce" ? "not-the-nonce" : issued.nonce,
          ...issued.identity,
        };
        tamper = undefined;
        return json(res, 200, { access_token: randomBytes(16).toString("hex"), token_type: "Bearer", expires_in: 300, id_token: signJwt(claims, privateKey, kid) });
      }
      json(res, 404, { error: "not_found" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    signIn: (next) => void (identity = next),
    tamperNext: (kind) => void (tamper = kind),
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
