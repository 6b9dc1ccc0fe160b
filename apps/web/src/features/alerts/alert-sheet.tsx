/**
 * Setting a price alert from the trade screen: above, below or a percent move, the price field
 * prefilled with the bid now, and the distance of the level from the bid shown as it is typed. The
 * same rules as the server's (alert-preview.ts) say what is wrong before anything is sent.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Selector, Toast } from 'antd-mobile';
import { formatPoints, parsePriceToPoints } from '@omp/engine';
import type { Instrument } from '@omp/protocol';
import { BottomSheet, SheetHeader } from '../../ui/bottom-sheet.tsx';
import { TextField } from '../../ui/field.tsx';
import { formatInteger, formatPercent, formatPrice } from '../../lib/format.ts';
import { formatDecimalText, typedDecimal } from '../../lib/decimal-text.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useEffectiveQuote } from '../quotes/quotes-store.ts';
import { createAlert } from './alerts-api.ts';
import { previewAlert, type AlertCondition } from './alert-preview.ts';
import './alerts.css';

const CONDITIONS: AlertCondition[] = ['above', 'below', 'move'];

export function AlertSheet({
  instrument,
  visible,
  onClose,
}: {
  instrument: Instrument;
  visible: boolean;
  onClose(): void;
}) {
  return (
    <BottomSheet visible={visible} onClose={onClose}>
      <AlertForm instrument={instrument} onClose={onClose} />
    </BottomSheet>
  );
}

function AlertForm({ instrument, onClose }: { instrument: Instrument; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const { quote } = useEffectiveQuote(instrument);
  const precision = instrument.PricePrecision;
  const bidPoints = parsePriceToPoints(quote.Bid, precision) ?? 0;
  // Prefilled once with the bid at opening: the field must not move under the user's fingers.
  const [startText] = useState(() =>
    bidPoints > 0 ? formatDecimalText(formatPoints(bidPoints, precision), lang, { grouping: false }) : '',
  );
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [priceText, setPriceText] = useState(startText);
  const [percentText, setPercentText] = useState('1');
  const [sending, setSending] = useState(false);
  // As the language writes it ("1,0850" in German); the wire's plain decimal from here on.
  const input = typedDecimal(condition === 'move' ? percentText : priceText, lang);
  const result = previewAlert(condition, input, bidPoints, precision);
  const level = (points: number) => formatPrice(points / 10 ** precision, precision, lang);

  const submit = async () => {
    if (!result.ok || sending) return;
    setSending(true);
    try {
      await createAlert({
        forex_id: instrument.Id,
        condition,
        ...(condition === 'move' ? { move_percent: input } : { price: input }),
      });
      Toast.show({ content: t('alerts.created'), position: 'bottom' });
      onClose();
    } catch {
      // The request layer showed the server's reason; the sheet stays for a correction.
    } finally {
      setSending(false);
    }
  };

  return (
    <div data-testid="alert-sheet">
      <SheetHeader title={t('alerts.setTitle', { symbol: instrument.ShowCode })} onClose={onClose} />
      <div className="alert-form">
        <p className="alert-form__bid">
          {t('alerts.bidNow')}{' '}
          <span className="num" data-testid="alert-bid">
            {level(bidPoints)}
          </span>
        </p>
        <Selector
          columns={3}
          options={CONDITIONS.map((value) => ({ value, label: t(`alerts.conditions.${value}`) }))}
          value={[condition]}
          onChange={(values) => values[0] && setCondition(values[0])}
          data-testid="alert-condition"
        />
        {condition === 'move' ? (
          <TextField
            id="alert-percent"
            label={t('alerts.movePercent')}
            value={percentText}
            onValue={setPercentText}
            inputMode="decimal"
            ltr
            end={<span className="alert-form__unit">%</span>}
          />
        ) : (
          <TextField
            id="alert-price"
            label={t('alerts.price')}
            value={priceText}
            onValue={setPriceText}
            inputMode="decimal"
            ltr
          />
        )}
        <div className="alert-form__preview" aria-live="polite" data-testid="alert-preview">
          {result.ok ? (
            <>
              {result.preview.abovePoints > 0 && (
                <p>
                  {t('alerts.firesAbove')} <span className="num">{level(result.preview.abovePoints)}</span>
                </p>
              )}
              {result.preview.belowPoints > 0 && (
                <p>
                  {t('alerts.firesBelow')} <span className="num">{level(result.preview.belowPoints)}</span>
                </p>
              )}
              <p className="alert-form__distance" data-testid="alert-distance">
                {t('alerts.distance', {
                  points: formatInteger(result.preview.distancePoints, lang),
                  percent: formatPercent(result.preview.distancePercent, lang),
                })}
              </p>
            </>
          ) : (
            result.problem !== 'empty' && (
              <p className="alert-form__problem" role="alert" data-testid="alert-problem">
                {t(`alerts.problems.${result.problem}`, { price: level(bidPoints), precision })}
              </p>
            )
          )}
        </div>
        <button type="button" className="alert-form__list-link" onClick={() => void navigate('/alerts')}>
          {t('alerts.myAlerts')}
        </button>
      </div>
      <div className="sheet__actions">
        <button type="button" className="sheet-button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="sheet-button sheet-button--primary"
          disabled={!result.ok || sending}
          onClick={() => void submit()}
          data-testid="create-alert"
        >
          {t('alerts.create')}
        </button>
      </div>
    </div>
  );
}
