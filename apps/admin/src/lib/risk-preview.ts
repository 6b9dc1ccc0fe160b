/** The risk warning as the phone will show it, filled in the way the server fills it (0022). */
import { RISK_WARNING_PERCENT_PLACEHOLDER } from '@omp/protocol';

/** The text for a stored or typed template: the figure filled in, or the text without a figure. */
export function previewOf(template: string, percent: string | null, fallback: string): string {
  if (!template.includes(RISK_WARNING_PERCENT_PLACEHOLDER)) return template;
  return percent === null ? fallback : template.replaceAll(RISK_WARNING_PERCENT_PLACEHOLDER, percent);
}
