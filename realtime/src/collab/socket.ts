import { WebSocket } from "ws";
import { COLLAB_CLOSE } from "@clausewise/shared";

/**
 * ws answers a message over `maxPayload` by closing with 1009, which the stock y-websocket client
 * treats as transient: it would reconnect and send the same oversized update forever. This socket
 * closes with the shared, final `messageTooBig` code instead, so the page can say why and reload.
 */
export class CollabSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    if (code === 1009) super.close(COLLAB_CLOSE.messageTooBig.code, COLLAB_CLOSE.messageTooBig.reason);
    else super.close(code, data);
  }
}
