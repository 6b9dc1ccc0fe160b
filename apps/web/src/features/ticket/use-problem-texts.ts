/**
 * The order ticket's problems in words: under the field they belong to, or in a toast that names
 * the field (a toast has no field around it). The rejections are the engine's (ticket-preview.ts);
 * this only says them, with the prices and sizes the trader sees.
 */
import { useTranslation } from 'react-i18next';
import { formatPips, formatPrice } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { maxTrailingPips, pipDecimalsOf } from '../orders/trailing-rules.ts';
import { formatLotsText, type LotRules } from './lot-rules.ts';
import type { Side, TicketProblem } from './ticket-preview.ts';

/** The name a toast gives each field; funds and leverage problems speak for themselves. */
const FIELD_KEYS: Partial<Record<TicketProblem['field'], string>> = {
  stopLoss: 'ticket.stopLoss',
  takeProfit: 'ticket.takeProfit',
  trailing: 'trailing.detail',
  target: 'ticket.targetPrice',
  lots: 'ticket.lots',
};

export interface ProblemTexts {
  /** The sentence under the field. */
  textOf(found: TicketProblem): string;
  /** The sentence in a toast, prefixed with the field's name where there is one. */
  toastOf(found: TicketProblem): string;
  /** The instrument's lot rule, shown under the lots box at all times. */
  lotsHint: string;
}

export function useProblemTexts({
  side,
  openPrice,
  stopReference,
  precision,
  rules,
}: {
  side: Side;
  /** Where the order would open: the take profit is judged against it. */
  openPrice: number | undefined;
  /** Where the stop loss is judged: the closing price now, or a pending order's target. */
  stopReference: number;
  precision: number;
  rules: Pick<LotRules, 'min' | 'step' | 'max' | 'decimals'>;
}): ProblemTexts {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const price = (value: number | undefined) => formatPrice(value, precision, lang);
  const lotsHint = t('ticket.lotsRule', {
    min: formatLotsText(rules.min, rules),
    step: formatLotsText(rules.step, rules),
    max: formatLotsText(rules.max, rules),
  });

  const textOf = (found: TicketProblem): string => {
    switch (found.rejection) {
      case 'stop_loss_wrong_side':
        return t(side === 'buy' ? 'ticket.stopLossBelow' : 'ticket.stopLossAbove', {
          price: price(stopReference),
        });
      case 'take_profit_wrong_side':
        return t(side === 'buy' ? 'ticket.takeProfitAbove' : 'ticket.takeProfitBelow', {
          price: price(openPrice),
        });
      case 'trailing_stop_not_positive':
        return t('trailing.notPositive');
      case 'trailing_stop_too_far':
        return t('trailing.tooFar', {
          max: formatPips(maxTrailingPips(stopReference, precision), pipDecimalsOf(precision), lang),
        });
      case 'target_price_required':
        return t('ticket.targetRequired');
      case 'target_at_market':
        return t('ticket.targetAtMarket');
      case 'price_invalid':
        return t('ticket.priceInvalid');
      case 'insufficient_free_margin':
        return t('ticket.insufficientFunds');
      case 'leverage_not_configured':
      case 'leverage_not_offered':
        return t('ticket.leverageMissing');
      case 'lots_below_minimum':
      case 'lots_off_step':
      case 'lots_above_maximum':
        return lotsHint;
      case 'trading_halted':
        return t('quote.tradingHalted');
      case 'market_closed':
      case 'stale_quote':
        return t('quote.marketClosed');
      default:
        return exhaustive(found.rejection);
    }
  };

  const toastOf = (found: TicketProblem): string => {
    const text = textOf(found);
    const fieldKey = FIELD_KEYS[found.field];
    return fieldKey ? t('ticket.fieldProblem', { field: t(fieldKey), problem: text }) : text;
  };

  return { textOf, toastOf, lotsHint };
}

function exhaustive(value: never): never {
  throw new Error(`unhandled ${String(value)}`);
}
