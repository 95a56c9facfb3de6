import { request as httpRequest } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request written by hand on a fresh connection: `chunks` go out as they are, so a body sent with
 * Transfer-Encoding: chunked has no Content-Length for the server to look at. The server may answer
 * (413) and close before the whole body is sent; that is not an error here.
 */
export function rawRequest(url: string, method: string, headers: Record<string, string>, chunks: Buffer[]): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString("utf8") }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    const writeNext = (i: number): void => {
      if (req.destroyed) return;
      if (i >= chunks.length) {
        req.end();
        return;
      }
      req.write(chunks[i], () => writeNext(i + 1));
    };
    writeNext(0);
  });
}
