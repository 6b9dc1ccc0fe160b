import i18next from 'i18next';
import { ApiError } from '../lib/api.ts';

/** What to show for a failure: the server's own sentence, or a generic one for a bug here. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return i18next.t('common.unexpected_error');
}
