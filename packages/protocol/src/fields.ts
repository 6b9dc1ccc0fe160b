/**
 * Field rules the request schemas share, so a number, a text or a page is checked, and its
 * refusal worded, the same way on every call.
 */
import { z } from 'zod';

/** A whole number of at least `min`, named in each refusal ("page must be at least 1"). */
export const wholeNumber = (name: string, min: number) =>
  z.coerce
    .number({ error: () => `${name} must be a number` })
    .int({ error: () => `${name} must be a whole number` })
    .min(min, { error: () => `${name} must be at least ${min}` });

/** Trimmed text of at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max);

/** `page` (from 1) and `page_size` (1–100, 20 by default) of a paged list. */
export const pageFields = {
  page: wholeNumber('page', 1).default(1),
  page_size: wholeNumber('page_size', 1).max(100).default(20),
};
