/**
 * How far a position, or the account, is from the margin call and the stop-out, as the trade
 * pushes carry them (docs/socket.md FOREX_TRADE): the price and the move in percent, coloured as
 * it nears (danger-tone.ts).
 */
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useLiveTrading } from '../trading/live-trading-store.ts';
import { useTradeList } from '../quotes/market-queries.ts';
import { dangerTone } from './danger-tone.ts';

/** A holding order's line: its distances to the margin call and the stop-out, live. */
export function PositionDangerLine({ orderId, precision }: { orderId: number; precision: number }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const danger = useLiveTrading((s) => s.dangers[orderId]);
  if (!danger || (danger.StopOutPrice === null && danger.MarginCallPrice === null)) return null;
  const part = (label: string, price: number | null, move: number | null, testId: string) =>
    price === null ? null : (
      <span className={dangerTone(move) ? `text-${dangerTone(move)}` : undefined} data-testid={testId}>
        {label} <span className="num">{formatPrice(price, precision, lang)}</span>{' '}
        <span className="num">({formatPercent(move, lang)})</span>
      </span>
    );
  return (
    <span className="order-card__line order-card__line--danger" data-testid="order-danger">
      {part(
        t('riskAndFills.marginCallShort'),
        danger.MarginCallPrice,
        danger.MarginCallMove,
        'order-margin-call',
      )}
      {part(t('riskAndFills.stopOutShort'), danger.StopOutPrice, danger.StopOutMove, 'order-stop-out')}
    </span>
  );
}

/** The account strip's line: the nearest margin call and stop-out, and on which instrument. */
export function AccountDangerLine() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const risk = useLiveTrading((s) => s.accountRisk);
  const instruments = useTradeList().data;
  if (!risk || (risk.stop_out_price === null && risk.margin_call_price === null)) return null;
  const part = (
    label: string,
    id: number | null,
    price: number | null,
    move: number | null,
    testId: string,
  ) => {
    if (price === null || id === null) return null;
    const instrument = instruments?.find((candidate) => candidate.Id === id);
    const tone = dangerTone(move);
    return (
      <div className="account-strip__danger-item" data-testid={testId}>
        <dt>{label}</dt>
        <dd className={tone ? `text-${tone}` : undefined}>
          <span className="num">{formatPercent(move, lang)}</span>{' '}
          <span className="account-strip__danger-at">
            {instrument?.ShowCode ?? ''}{' '}
            <span className="num">
              {instrument ? formatPrice(price, instrument.PricePrecision, lang) : String(price)}
            </span>
          </span>
        </dd>
      </div>
    );
  };
  return (
    <dl className="account-strip__danger" aria-label={t('riskAndFills.nearestDanger')}>
      {part(
        t('riskAndFills.marginCall'),
        risk.margin_call_forex_id,
        risk.margin_call_price,
        risk.margin_call_move,
        'strip-margin-call',
      )}
      {part(
        t('riskAndFills.stopOut'),
        risk.stop_out_forex_id,
        risk.stop_out_price,
        risk.stop_out_move,
        'strip-stop-out',
      )}
    </dl>
  );
}
