/**
 * A JSON object that names a key twice. JSON.parse keeps the last of the two
 * (`{"amount":"1","amount":"1000"}` reads as 1000) while another reader of the same text (a proxy's
 * filter, a log, a client library) may keep the first: one request would mean two things. Such a
 * body is refused, naming the field, rather than read either way.
 */

/** An open object (its keys so far, and the one whose value is being read) or an open list. */
type Frame =
  | { kind: 'object'; path: string; keys: Set<string>; key: string }
  | { kind: 'list'; path: string; index: number };

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);

/** A key as the refusal shows it: control characters and lone surrogates as replacement marks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const shown = (key: string) => key.replace(/[\u0000-\u001f\u007f-\u009f]|\p{Surrogate}/gu, '\ufffd');

/** Where the string that opens at `start` (a quote) ends: the index of its closing quote. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/**
 * The dotted name of the first key an object of `text` names twice (`texts.en.title`, `items.2.id`),
 * or undefined. `text` is JSON that JSON.parse has read, so only strings, brackets and commas
 * matter. A loop with its own stack, not a recursion: a body may nest thousands of levels deep.
 */
export function duplicateKeyIn(text: string): string | undefined {
  const open: Frame[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    const top = open[open.length - 1];
    if (char === '"') {
      const end = stringEnd(text, at);
      let next = end + 1;
      while (next < text.length && ' \t\n\r'.includes(text[next]!)) next++;
      if (text[next] === ':' && top?.kind === 'object') {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        if (top.keys.has(key)) return join(top.path, shown(key));
        top.keys.add(key);
        top.key = key;
      }
      at = end;
    } else if (char === '{' || char === '[') {
      const path =
        top === undefined ? '' : join(top.path, top.kind === 'object' ? shown(top.key) : String(top.index));
      open.push(
        char === '{' ? { kind: 'object', path, keys: new Set(), key: '' } : { kind: 'list', path, index: 0 },
      );
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',' && top?.kind === 'list') {
      top.index++;
    }
  }
  return undefined;
}
