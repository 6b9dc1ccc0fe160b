/**
 * A readable diff of an audit entry: each field that changed, with its value before and after.
 * Fields only one side has count as changed (created or removed).
 */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** Times are stored as milliseconds in fields named *_at: shown as a time, in the reader's zone. */
const timeField = (field: string) => field.endsWith('_at');

/**
 * `inWords` names a value the reader would otherwise have to look up (a status code), or answers
 * undefined to show it as it is.
 */
export function auditDiff(
  before: unknown,
  after: unknown,
  formatTime: (ms: number) => string = (ms) => new Date(ms).toISOString(),
  inWords: (field: string, value: unknown) => string | undefined = () => undefined,
): FieldChange[] {
  const show = (field: string, value: unknown) =>
    timeField(field) && typeof value === 'number'
      ? formatTime(value)
      : value === undefined || value === null
        ? ''
        : (inWords(field, value) ?? shown(value));
  const asRecord = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const from = asRecord(before);
  const to = asRecord(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .map((field) => ({ field, before: show(field, from[field]), after: show(field, to[field]) }))
    .filter((change) => change.before !== change.after);
}
