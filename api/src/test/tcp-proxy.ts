import { createServer, connect, type AddressInfo, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL or Redis, for outage tests: `cut()` drops every connection and
 * stops listening (new connections are refused, as when the server is down), `restore()` listens on
 * the same port again. Clients are pointed at `port` instead of the real server.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Connections open right now. */
  connections(): number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  /**
   * Cuts the moment a client sends bytes containing `text` (after passing them on), e.g. a statement
   * inside a transaction: the command is interrupted half-way. Resolves once cut.
   */
  cutWhenClientSends(text: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const watchers: { text: string; resolve: () => void }[] = [];
  let server: Server | null = null;
  let port = 0;

  const cutNow = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    const listening = server;
    server = null;
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
  };

  const onConnection = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      const hit = watchers.findIndex((w) => chunk.includes(w.text));
      if (hit === -1) {
        upstream.write(chunk);
        return;
      }
      const [watcher] = watchers.splice(hit, 1);
      upstream.write(chunk, () => void cutNow().then(watcher!.resolve));
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(onConnection);
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  await listen();

  return {
    get port() {
      return port;
    },
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    connections: () => sockets.size / 2,
    cut: cutNow,
    async restore() {
      if (!server) await listen();
    },
    cutWhenClientSends(text) {
      return new Promise((resolve) => watchers.push({ text, resolve }));
    },
    close: cutNow,
  };
}
