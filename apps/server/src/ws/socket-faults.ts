/**
 * Errors on an established socket (@fastify/websocket's `errorHandler`). A client that breaks the
 * WebSocket protocol (a frame over the size limit, text that is not UTF-8, a reserved opcode, an
 * unmasked frame) has already been answered by ws with the close code that says why (1009, 1007,
 * 1002); one that drops its connection has left. Those are the client's doing and are logged at
 * info: logged as errors, as the plugin does by default, any client could fill the error log and
 * wake whoever watches it. Anything else is ours and stays an error. Either way the socket ends,
 * as by default.
 */
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** Codes of what a peer did: ws's protocol faults, and a connection broken from the other end. */
const isClientFault = (code: string | undefined) =>
  code !== undefined && (code.startsWith('WS_ERR_') || ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code));

export function onSocketError(error: Error & { code?: string }, socket: WebSocket, request: FastifyRequest) {
  if (isClientFault(error.code))
    request.log.info({ code: error.code }, `socket ended by a client fault: ${error.message}`);
  else request.log.error({ err: error }, 'socket error');
  socket.terminate();
}
