/**
 * Turns the first schema issue of a request into one sentence in the request's language, naming
 * the field and the rule, e.g. "period must be one of: 1M, 5M, …".
 */
import type { Language } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: {
    expected?: string;
    values?: unknown[];
    minimum?: number | bigint;
    maximum?: number | bigint;
    origin?: string;
    /** A shared rule's own message (e.g. changeOf's `nothing_to_change`), from the refinement. */
    params?: { messageKey?: string };
    /** The fields a strict body does not know. */
    keys?: string[];
    /** The names a tagged union takes (`name` of a preference), when the one given is none of them. */
    options?: unknown[];
    /** The step a number must be a multiple of. */
    divisor?: number;
  };
}

/**
 * The first field a body schema requires, to name when no body came at all ("remark is required"
 * rather than "body is required"); undefined when the schema has no required field to name.
 */
export function firstRequiredField(schema: unknown): string | undefined {
  const shape = (schema as { shape?: Record<string, { safeParse(value: unknown): { success: boolean } }> })
    ?.shape;
  if (!shape || typeof shape !== 'object') return undefined;
  return Object.keys(shape).find((key) => !shape[key]!.safeParse(undefined).success);
}

export function validationMessage(
  lang: Language,
  issue: ValidationIssue,
  source: unknown,
  bodySchema?: unknown,
): string {
  const wholeBody = issue.instancePath === '' || issue.instancePath === '/';
  const missing =
    wholeBody && (source === undefined || source === '') ? firstRequiredField(bodySchema) : undefined;
  const field = missing ?? (issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body');
  const ownKey = issue.keyword === 'custom' ? issue.params.params?.messageKey : undefined;
  if (ownKey) return translate(lang, ownKey, { field });
  // A field this call does not take is refused by name, never silently dropped.
  if (issue.keyword === 'unrecognized_keys')
    return translate(lang, 'field_unknown', { fields: (issue.params.keys ?? []).join(', ') });
  // A body that came but is a list or a single value (JSON `[…]`, `"x"`, `null`): not "required".
  if (
    wholeBody &&
    source !== undefined &&
    source !== '' &&
    (source === null || typeof source !== 'object' || Array.isArray(source))
  )
    return translate(lang, 'body_not_object');
  const topKey = field.split('.')[0] ?? field;
  const given =
    source !== null && typeof source === 'object' ? (source as Record<string, unknown>)[topKey] : undefined;
  if (given === undefined || given === '') return translate(lang, 'field_required', { field });

  switch (issue.keyword) {
    case 'invalid_type':
      return translate(lang, 'field_wrong_type', { field, expected: issue.params.expected ?? '?' });
    case 'invalid_value':
      return translate(lang, 'field_one_of', { field, values: (issue.params.values ?? []).join(', ') });
    case 'invalid_union':
      if (!issue.params.options) return translate(lang, 'field_invalid', { field });
      return translate(lang, 'field_one_of', { field, values: issue.params.options.join(', ') });
    case 'not_multiple_of':
      return translate(lang, 'field_step', { field, step: String(issue.params.divisor ?? '') });
    case 'too_small': {
      // A length is said in characters or items, not as if it were the value ("at least 16").
      const min = String(issue.params.minimum ?? '');
      if (issue.params.origin === 'string')
        return min === '1'
          ? translate(lang, 'field_required', { field }) // blank once trimmed
          : translate(lang, 'field_too_short', { field, min });
      if (issue.params.origin === 'array') return translate(lang, 'field_too_few', { field, min });
      return translate(lang, 'field_too_small', { field, min });
    }
    case 'too_big': {
      const max = String(issue.params.maximum ?? '');
      if (issue.params.origin === 'string') return translate(lang, 'field_too_long', { field, max });
      if (issue.params.origin === 'array') return translate(lang, 'field_too_many', { field, max });
      return translate(lang, 'field_too_big', { field, max });
    }
    default:
      return translate(lang, 'field_invalid', { field });
  }
}
