import { formatChange, directionOfChange } from '../lib/format.ts';
import { useDisplayLanguage } from './display-language.ts';

/** The day's change in percent on a filled pill: up or down colour, grey when unchanged. */
export function ChangePill({ percent, testId }: { percent: number | null | undefined; testId?: string }) {
  const lang = useDisplayLanguage();
  return (
    <span className={`num change-pill change-pill--${directionOfChange(percent)}`} data-testid={testId}>
      {formatChange(percent, lang)}
    </span>
  );
}

/** The change as coloured text, for labelled figures. */
export function ChangeText({ percent, testId }: { percent: number | null | undefined; testId?: string }) {
  const lang = useDisplayLanguage();
  const direction = directionOfChange(percent);
  return (
    <span className={`num ${direction === 'flat' ? '' : `text-${direction}`}`} data-testid={testId}>
      {formatChange(percent, lang)}
    </span>
  );
}
