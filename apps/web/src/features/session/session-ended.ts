import type { SessionEndedPush } from '../../lib/socket.ts';

/**
 * Whether a `session_ended` from the socket concerns the session the app holds now: not when the
 * app already signed out or holds a newer token. The socket client adds the token the ended
 * session was signed in with.
 */
export function endsCurrentSession(message: Pick<SessionEndedPush, 'token'>, currentToken: string): boolean {
  return currentToken !== '' && message.token === currentToken;
}
