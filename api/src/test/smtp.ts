import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  server: SMTPServer;
  port: number;
  inbox: Received[];
  /** smtp:// URL for the app's SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on port 0: the mail leaves the app the way it would in production. */
export async function startSmtp(): Promise<TestSmtp> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, inbox, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Undo quoted-printable transfer encoding (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

