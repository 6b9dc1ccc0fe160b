/**
 * The order ticket on /trade (docs/CONTRACT.md "Form rules", packages/engine/SPEC.md "Order entry"):
 * side, market or pending at a target, lots on the instrument's grid, leverage (the first option
 * by default), optional stop loss and take profit, and the figures the order costs, recomputed on
 * every tick by the engine's own code. The server decides; its refusals arrive as toasts, and a
 * fill shows its notice (features/notices). The stops block (ticket-stops.tsx) and the problems
 * in words (use-problem-texts.ts) live apart.
 *
 * The ticket is keyed by instrument (trade-page.tsx), so switching instruments starts afresh with
 * that instrument's minimum lots and first leverage.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Toast } from 'antd-mobile';
import { formatPoints } from '@omp/engine';
import { formatPrice } from '../../lib/format.ts';
import type { Instrument, Quotation } from '@omp/protocol';
import { loginPathFor } from '../../app/route-guard.ts';
import { useBasicInfo } from '../settings/basic-info.ts';
import { useSettings } from '../settings/settings-store.ts';
import { isSignedIn, useSession } from '../session/session-store.ts';
import { submitOrder, useAccountFigures, type SubmitOrderBody } from '../trading/trading-api.ts';
import { formatLotsText, isValidLots, lotRulesOf, readLots, stepLots } from './lot-rules.ts';
import {
  previewTicket,
  pricePoints,
  sanitizePriceText,
  type Side,
  type TicketProblem,
} from './ticket-preview.ts';
import type { StopBasis } from './stop-units.ts';
import { useStopInputs } from './use-stop-inputs.ts';
import { accountNowOf, confirmReason, marginLevelAfter, type ConfirmReason } from './order-confirmation.ts';
import { ConfirmOrderSheet } from './confirm-order-sheet.tsx';
import { useUsdRate } from './use-usd-rate.ts';
import {
  LeveragePicker,
  LotStepper,
  PriceInput,
  Segmented,
  SideTiles,
  TicketRow,
  useFieldIds,
} from './ticket-controls.tsx';
import { TicketFigures } from './ticket-figures.tsx';
import { TicketRisk } from './ticket-risk.tsx';
import { isFilledPosition } from '../notices/fill-rules.ts';
import { useTradingNotices } from '../notices/trading-notices.ts';
import { StopsFields } from './stops-fields.tsx';
import { useProblemTexts } from './use-problem-texts.ts';
import { useRiskAcknowledgement } from '../risk/risk-acknowledgement.tsx';
import { RiskWarningLine } from '../risk/risk-warning-text.tsx';

type OrderMode = 'market' | 'pending';

export function OrderTicket({
  instrument,
  quote,
  open,
}: {
  instrument: Instrument;
  quote: Quotation;
  open: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const signedIn = useSession(isSignedIn);
  const feeType = useBasicInfo().data?.trade_fee_type;
  const figures = useAccountFigures();
  const usdRate = useUsdRate(instrument);
  const ids = useFieldIds();
  const precision = instrument.PricePrecision;
  const rules = useMemo(() => lotRulesOf(instrument), [instrument]);
  // Listed smallest first; the broker's default (the first option it sends) is chosen at the start.
  const leverageOptions = useMemo(
    () => instrument.HasForexMultiple.map((o) => o.Value).sort((a, b) => a - b),
    [instrument],
  );
  const defaultLeverage = instrument.HasForexMultiple[0]?.Value;
  // An instrument the broker left without leverage cannot take orders: its buttons wait, and the
  // leverage row says why.
  const leverageSet = leverageOptions.length > 0;
  const tradable = open && leverageSet;

  const [side, setSide] = useState<Side>('buy');
  const [mode, setMode] = useState<OrderMode>('market');
  const [targetText, setTargetText] = useState('');
  const [lotsText, setLotsText] = useState(() => formatLotsText(rules.min, rules));
  const [pickedLeverage, setLeverage] = useState<number | undefined>(defaultLeverage);
  // The broker may lower a cap while the ticket is open (the list is fetched anew): a leverage no
  // longer offered falls back to the first one that is, rather than earning a refusal.
  const leverage =
    pickedLeverage !== undefined && leverageOptions.includes(pickedLeverage)
      ? pickedLeverage
      : defaultLeverage;
  const [trailingPips, setTrailingPips] = useState('');
  const [attempted, setAttempted] = useState(false);
  const confirmMode = useSettings((s) => s.orderConfirm);
  const oneTap = useSettings((s) => s.oneTap);
  // The order a large-order question waits on, with the reason it was asked (fixed at the tap).
  const [awaiting, setAwaiting] = useState<{ body: SubmitOrderBody; reason: ConfirmReason }>();

  // Exactly what is typed: a size off the grid or out of range is flagged, never changed.
  const lots = readLots(lotsText);
  const market = mode === 'market';
  // Pips and money count from the price the order opens at: the market's side now, or the target.
  const stopBasis: StopBasis = {
    side,
    openPoints:
      (market
        ? pricePoints(String(side === 'buy' ? quote.Ask : quote.Bid), precision)
        : pricePoints(targetText, precision)) ?? 0,
    lots,
    contractSize: instrument.ForexContNum,
    precision,
    usdRate,
  };
  const stops = useStopInputs(stopBasis);
  const stopLossText = stops.stopLossPrice;
  const takeProfitText = stops.takeProfitPrice;
  const freeMargin = signedIn ? figures.data?.free_margin : undefined;
  const preview = previewTicket({
    instrument,
    bid: quote.Bid,
    ask: quote.Ask,
    side,
    market,
    targetText,
    lots,
    leverage,
    stopLossText,
    takeProfitText,
    trailingText: trailingPips,
    feeType: feeType ?? 2,
    usdRate: feeType === undefined ? undefined : usdRate,
    freeMargin,
  });
  const account = signedIn && figures.data ? accountNowOf(figures.data) : undefined;
  const cost =
    preview.marginMicros === undefined
      ? undefined
      : { marginMicros: preview.marginMicros, feeMicros: preview.feeMicros ?? 0n };
  const price = (value: number | undefined) => formatPrice(value, precision, lang);
  const closingPrice = side === 'buy' ? quote.Bid : quote.Ask;
  const stopReference = market ? closingPrice : (preview.openPrice ?? closingPrice);
  const profitReference = preview.openPrice ?? (side === 'buy' ? quote.Ask : quote.Bid);
  const texts = useProblemTexts({ side, openPrice: preview.openPrice, stopReference, precision, rules });
  // Every problem shows under its own field at once (a wrong stop loss and take profit both).
  const problems = preview.problems.filter((found) => shownProblem(found, attempted));
  const errorOf = (field: TicketProblem['field']) => {
    const found = problems.find((candidate) => candidate.field === field);
    return found ? texts.textOf(found) : undefined;
  };

  // A problem shown under a field that sending would only earn a refusal for: the button looks
  // held back (still tappable, to say why in a toast); funds are the server's to judge.
  const held = problems.some((found) => found.field !== 'funds');

  // Leaving the field tidies a valid size ("0.1" → "0.10"); anything else stays as typed, flagged.
  const commitLots = () => {
    if (isValidLots(lotsText, rules)) setLotsText(formatLotsText(lots, rules));
  };

  const pick = (next: Side) => {
    // A visitor who taps buy or sell wants to trade: that starts with logging in.
    if (!signedIn) return void navigate(loginPathFor('/trade'));
    setSide(next);
  };

  const submit = () => {
    if (!signedIn) return void navigate(loginPathFor('/trade'));
    if (!tradable || leverage === undefined) return;
    setAttempted(true);
    // Funds are the server's to judge (the figures may be a second old); every other problem is
    // certain, and sending would only earn a refusal.
    if (preview.problem && preview.problem.field !== 'funds') {
      Toast.show({ content: texts.toastOf(preview.problem), position: 'center' });
      return;
    }
    const body: SubmitOrderBody = {
      type: side === 'buy' ? 1 : 2,
      cont: formatLotsText(lots, rules),
      forex_id: instrument.Id,
      status: market ? 1 : 0,
      multiple: leverage,
      // The price the trader sees as they tap, kept with the fill to show any slippage (F2).
      ...(market ? { price: formatPoints(stopBasis.openPoints, precision) } : { target_price: targetText }),
      ...(stopLossText ? { stop_loss_price: stopLossText } : {}),
      ...(takeProfitText ? { target_profit_price: takeProfitText } : {}),
      ...(trailingPips ? { trailing_stop: trailingPips } : {}),
    };
    // A real account's first order waits for the risk warning's acknowledgement, asked once.
    if (!riskAcknowledgement.ask(body)) proceed(body);
  };

  const proceed = (body: SubmitOrderBody) => {
    // One-tap trading asks nothing: the user accepted that when turning it on (Settings).
    const reason = oneTap ? undefined : confirmReason(confirmMode, cost, account);
    if (reason) return void setAwaiting({ body, reason });
    void send(body);
  };
  const riskAcknowledgement = useRiskAcknowledgement(proceed);

  const send = async (body: SubmitOrderBody) => {
    try {
      const row = await submitOrder(body);
      // Every fill says what it cost in a notice that stops nothing: a trader placing several
      // orders in a row taps on. The push of the same fill, whichever comes first, shows it once.
      if (isFilledPosition(row)) useTradingNotices.getState().announceFill(row);
      setAttempted(false);
    } catch {
      // The request layer has shown the server's reason.
    }
  };

  const kindLabel = preview.pendingKind ? t(`orderKinds.${preview.pendingKind}`) : undefined;
  const sideLabel = t(side === 'buy' ? 'trade.buy' : 'trade.sell');

  return (
    <section className="card ticket" data-testid="order-ticket" aria-label={t('trade.ticketTitle')}>
      <h2 className="visually-hidden">{t('trade.ticketTitle')}</h2>
      <SideTiles
        side={side}
        bid={quote.Bid}
        ask={quote.Ask}
        precision={precision}
        disabled={!tradable}
        onPick={pick}
      />

      <Segmented<OrderMode>
        label={t('ticket.orderType')}
        value={mode}
        onChange={setMode}
        options={[
          { value: 'market', label: t('ticket.market') },
          { value: 'pending', label: t('ticket.pending') },
        ]}
        testId="order-mode"
      />

      {!market && (
        <TicketRow
          label={t('ticket.targetPrice')}
          htmlFor={ids.target}
          error={errorOf('target')}
          hint={kindLabel ? t('ticket.pendingKindHint', { kind: kindLabel }) : t('ticket.targetHint')}
          testId="row-target"
        >
          <PriceInput
            id={ids.target}
            value={targetText}
            placeholder={price(side === 'buy' ? quote.Ask : quote.Bid)}
            invalid={errorOf('target') !== undefined}
            onValue={(text) => setTargetText(sanitizePriceText(text, precision, lang))}
            testId="target-input"
          />
        </TicketRow>
      )}

      <TicketRow
        label={t('ticket.lots')}
        htmlFor={ids.lots}
        hint={texts.lotsHint}
        error={errorOf('lots')}
        testId="row-lots"
      >
        <LotStepper
          id={ids.lots}
          text={lotsText}
          canDecrease={lots > rules.min}
          canIncrease={lots < rules.max}
          onText={setLotsText}
          onCommit={commitLots}
          onStep={(direction) => setLotsText(formatLotsText(stepLots(lots, direction, rules), rules))}
        />
      </TicketRow>

      <TicketRow
        label={t('ticket.leverage')}
        // The broker's caps may leave few options: say how far leverage goes here.
        hint={leverageSet ? t('leverageCaps.hint', { max: Math.max(...leverageOptions) }) : undefined}
        testId="row-leverage"
      >
        <LeveragePicker options={leverageOptions} value={leverage} onChange={setLeverage} />
      </TicketRow>

      <StopsFields
        stops={stops}
        basis={stopBasis}
        ids={ids}
        testIds={{ stopLoss: 'stop-loss', takeProfit: 'take-profit', trailing: 'trailing-stop-input' }}
        stopReference={stopReference}
        profitReference={profitReference}
        trailingPips={trailingPips}
        onTrailingPips={setTrailingPips}
        errorOf={errorOf}
      />

      <TicketFigures preview={preview} freeMargin={freeMargin} signedIn={signedIn} />

      {signedIn && market && (
        <TicketRisk
          // Asked of the server only for an order it would take: a valid size and stop loss.
          order={
            tradable && leverage !== undefined && isValidLots(lotsText, rules) && !errorOf('stopLoss')
              ? {
                  instrumentId: instrument.Id,
                  side,
                  lots: formatLotsText(lots, rules),
                  leverage,
                  stopLoss: stopLossText,
                }
              : undefined
          }
          precision={precision}
          withStopLoss={stopLossText !== ''}
        />
      )}

      <button
        type="button"
        className={`ticket-submit ticket-submit--${side}${held ? ' ticket-submit--held' : ''}`}
        disabled={!tradable}
        // Not aria-disabled: the tap stays, to say why.
        data-held={held || undefined}
        onClick={submit}
        data-testid="submit-order"
      >
        {tradable ? (
          <>
            <span className="ticket-submit__label">{kindLabel ?? sideLabel}</span>
            <span className="ticket-submit__detail tabular">
              {t('ticket.lotsOf', { lots: lotsText.trim() || '0', symbol: instrument.ShowCode })}
            </span>
          </>
        ) : (
          <span className="ticket-submit__label">
            {open ? t('ticket.ordersUnavailable') : t('quote.marketClosed')}
          </span>
        )}
      </button>
      <RiskWarningLine />
      {riskAcknowledgement.sheet}

      <ConfirmOrderSheet
        instrument={instrument}
        reason={awaiting?.reason}
        figures={{
          side,
          sideLabel: kindLabel ?? sideLabel,
          lotsText: formatLotsText(lots, rules),
          priceText: price(preview.openPrice),
          pending: !market,
          marginMicros: preview.marginMicros,
          levelAfter: account && cost ? marginLevelAfter(account, cost) : undefined,
          marginCallLevel: figures.data?.margin_call_level,
        }}
        onCancel={() => setAwaiting(undefined)}
        onConfirm={() => {
          const body = awaiting?.body;
          setAwaiting(undefined);
          if (body) void send(body);
        }}
      />
    </section>
  );
}

/**
 * Which problem to show now. A missing target is only pointed out after a tap on the button:
 * telling someone who just switched to "pending" that they have not typed yet is noise.
 */
function shownProblem(problem: TicketProblem, attempted: boolean): boolean {
  return problem.rejection !== 'target_price_required' || attempted;
}
