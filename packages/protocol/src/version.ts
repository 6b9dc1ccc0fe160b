/**
 * The version of the wire contract (docs/CONTRACT.md "Versions"). It counts breaking changes only:
 * bump it when a client written against the previous version would misread an answer or be
 * refused: a field renamed, removed or given another type or unit, an enumeration value
 * renumbered or given another meaning, a message or envelope shape changed, a call or topic
 * removed. Adding an optional request field, an answer field, a call, a topic or a refusal code
 * keeps the version, because clients ignore what they do not know.
 *
 * The socket's login carries it both ways (docs/socket.md): a server refuses a client of a newer version.
 */
export const PROTOCOL_VERSION = 1;
