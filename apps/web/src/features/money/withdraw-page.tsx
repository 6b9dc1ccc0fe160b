/**
 * `/mine/withdraw`: to a bound crypto address or bank account. The fee and what arrives are
 * computed while the amount is typed, with the server's own arithmetic (money-figures.ts); free
 * margin is the most that can leave. Without a bound method for the currency the user is sent to
 * bind one first (docs/CONTRACT.md "Form rules").
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { Button, Dialog, Selector, Tabs } from 'antd-mobile';
import type { DrawMethod, WithdrawCurrency } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/field.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { formatUsd } from '../../lib/format.ts';
import { formatDecimalText, typedDecimal } from '../../lib/decimal-text.ts';
import { useSettings } from '../settings/settings-store.ts';
import { useAccountFigures } from '../trading/trading-api.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { AmountField, amountProblemText } from './amount-field.tsx';
import { WithdrawRecords } from './money-records.tsx';
import { checkAmount, feeRule, previewWithdrawal, shortened, usdText, microsOf } from './money-figures.ts';
import { useDrawMethods, useWithdrawCurrencies, withdraw, type PayoutType } from './money-api.ts';
import { isUsableNow, UsableFromHint } from '../sessions/usable-from.tsx';
import { useSending } from '../../lib/use-sending.ts';
import { CurrencySelector } from './currency-selector.tsx';
import { useConfirmSheet, type ConfirmRow } from './confirm-sheet.tsx';
import { useCodeSheet } from '../two-factor/code-sheet.tsx';
import { useUserInfo, useUserInfoNow } from '../user/use-user-info.ts';

type Tab = '1' | '2' | 'records';

export function WithdrawPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('1');
  return (
    <div className="page money-page" data-testid="withdraw-page">
      <PageHeader title={t('pages.withdraw')} back />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="money-tabs">
        <Tabs.Tab title={t('withdraw.toCrypto')} key="1" />
        <Tabs.Tab title={t('withdraw.toBank')} key="2" />
        <Tabs.Tab title={t('money.records')} key="records" />
      </Tabs>
      {tab === 'records' ? (
        <WithdrawRecords />
      ) : (
        <WithdrawForm key={tab} type={Number(tab) as PayoutType} onDone={() => setTab('records')} />
      )}
    </div>
  );
}

/** Where binding starts: the type and, when chosen, the currency. */
export const bindPath = (type: PayoutType, currencyId?: number) =>
  `/mine/withdraw-way?type=${type}${currencyId ? `&currency=${currencyId}` : ''}`;

function methodLabel(method: DrawMethod): string {
  return method.type === 1
    ? shortened(method.dc_address)
    : `${method.bank_name} · ${shortened(method.payee_account.replace(/\s+/g, ''), 4)}`;
}

function WithdrawForm({ type, onDone }: { type: PayoutType; onDone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currencies = useWithdrawCurrencies(type);
  const methods = useDrawMethods(type);
  const [currencyId, setCurrencyId] = useState<number | undefined>();
  const [methodId, setMethodId] = useState<number | undefined>();
  if (currencies.isPending || methods.isPending) return <PageLoading />;
  const currencyList = currencies.data ?? [];
  if (currencyList.length === 0) return <EmptyState title={t('withdraw.noCurrency')} testId="no-currency" />;
  const currency = currencyList.find((c) => c.id === currencyId) ?? currencyList[0]!;
  const usable = (methods.data ?? []).filter((m) => m.draw_currency?.id === currency.id);
  // A method still cooling after it was bound cannot be picked; the first ready one is chosen.
  const ready = usable.filter((m) => isUsableNow(m));
  const method = ready.find((m) => m.id === methodId) ?? ready[0];

  return (
    <div className="money-form">
      <div className="field">
        <span className="field__label">{t('withdraw.currency')}</span>
        <CurrencySelector
          currencies={currencyList}
          value={currency.id}
          onChange={setCurrencyId}
          testId="withdraw-currencies"
        />
      </div>
      <div className="field">
        <span className="field__label">{type === 1 ? t('withdraw.toAddress') : t('withdraw.toAccount')}</span>
        {usable.length === 0 ? (
          <div className="notice" data-testid="bind-first">
            <p>{type === 1 ? t('withdraw.bindAddressFirst') : t('withdraw.bindAccountFirst')}</p>
            <Button
              size="small"
              color="primary"
              onClick={() => void navigate(bindPath(type, currency.id))}
              data-testid="bind-now"
            >
              {t('withdraw.bindNow')}
            </Button>
          </div>
        ) : (
          <Selector
            columns={1}
            value={method ? [method.id] : []}
            onChange={(picked) => picked[0] !== undefined && setMethodId(picked[0])}
            options={usable.map((m) => ({
              label: (
                <>
                  <span dir="ltr" className="num">
                    {methodLabel(m)}
                  </span>
                  <UsableFromHint method={m} />
                </>
              ),
              value: m.id,
              disabled: !isUsableNow(m),
            }))}
            data-testid="withdraw-methods"
          />
        )}
      </div>
      <AmountForm
        key={currency.id}
        type={type}
        currency={currency}
        method={method}
        cooling={method === undefined && usable.length > 0}
        onDone={onDone}
      />
    </div>
  );
}

function AmountForm({
  type,
  currency,
  method,
  cooling,
  onDone,
}: {
  type: PayoutType;
  currency: WithdrawCurrency;
  method: DrawMethod | undefined;
  /** Every method of the currency is new and waits: nothing to bind, only to wait for. */
  cooling: boolean;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettings((s) => s.lang);
  const free = useAccountFigures().data?.free_margin;
  // As typed, in the language's separators; `amount` is its wire form ("1234.5").
  const [typed, setTyped] = useState('');
  const amount = typedDecimal(typed, lang);
  const [memo, setMemo] = useState('');
  const [shown, setShown] = useState(false);
  const { busy, send } = useSending();
  const [sheet, ask] = useConfirmSheet('withdraw-confirm');
  const [codeSheet, withCode] = useCodeSheet('withdraw-code');
  // Loads the user's record as the page opens, so a withdrawal usually finds it fresh.
  useUserInfo();
  const userInfoNow = useUserInfoNow();
  const preview = previewWithdrawal(amount, currency, free);
  /** An exact figure in the language's separators, as the balance above it. */
  const inLanguage = (text: string) => formatDecimalText(text, lang);
  const rule = feeRule(currency);
  const problem =
    preview.state === 'invalid'
      ? amountProblemText(t, preview.problem, preview.min && inLanguage(preview.min))
      : shown && preview.state === 'empty'
        ? amountProblemText(t, 'empty')
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (!method && cooling) {
      await Dialog.alert({ content: t('securityNotices.allCooling'), confirmText: t('common.ok') });
      return;
    }
    if (!method) {
      const bind = await Dialog.confirm({
        content: type === 1 ? t('withdraw.bindAddressFirst') : t('withdraw.bindAccountFirst'),
        confirmText: t('withdraw.bindNow'),
        cancelText: t('common.cancel'),
      });
      if (bind) void navigate(bindPath(type, currency.id));
      return;
    }
    if (preview.state !== 'ok') return;
    const checked = checkAmount(amount);
    const taken = 'micros' in checked ? usdText(checked.micros) : amount;
    const confirmed = await ask({
      title: t('withdraw.confirmTitle'),
      rows: [
        { label: t('withdraw.currency'), value: currencyName(currency) },
        ...payeeRows(t, method),
        {
          label: t('withdraw.confirmAmount'),
          value: `${inLanguage(taken)} USD`,
          ltr: true,
          testId: 'confirm-amount',
        },
        {
          label: t('withdraw.fee'),
          value: `${inLanguage(preview.fee)} USD`,
          ltr: true,
          testId: 'confirm-fee',
        },
        {
          label: t('withdraw.received'),
          value: `${inLanguage(preview.received)} ${currency.code}`,
          ltr: true,
          strong: true,
          testId: 'confirm-received',
        },
      ],
      note: type === 1 ? t('wallet.addressHint') : t('withdraw.confirmAccountNote'),
      confirmText: t('withdraw.submit'),
    });
    if (!confirmed) return;
    const body = {
      draw_currency_id: currency.id,
      draw_method_id: method.id,
      number: amount,
      ...(memo.trim() ? { memo: memo.trim() } : {}),
    };
    // Two-step sign-in on: the authenticator's code goes with it, asked for in a sheet of its own.
    // Asked of the server's record, not the stored copy: a page opened just after turning it on
    // (or before the record loaded) would send without the code and meet a refusal instead.
    if ((await userInfoNow())?.two_factor === 1) {
      if (
        await withCode(t('twoFactor.withdrawTitle'), (code) => withdraw({ ...body, totp_code: code }, false))
      )
        onDone();
      return;
    }
    await send(() => withdraw(body), onDone);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="money-form__part"
      data-testid="withdraw-form"
    >
      <AmountField
        id="withdraw-amount"
        label={t('withdraw.amount')}
        value={typed}
        onValue={setTyped}
        error={problem}
        hint={
          <>
            {t('withdraw.available')}{' '}
            <span className="num" data-testid="withdraw-available">
              {formatUsd(free, lang)}
            </span>
          </>
        }
        end={
          free !== undefined && free > 0 ? (
            <button
              type="button"
              className="amount-field__all"
              onClick={() => setTyped(formatDecimalText(usdText(microsOf(free)), lang, { grouping: false }))}
              data-testid="withdraw-all"
            >
              {t('withdraw.all')}
            </button>
          ) : undefined
        }
      />
      <dl className="figure-list" data-testid="withdraw-preview">
        <div>
          <dt>{t('withdraw.feeRule')}</dt>
          <dd className="num" dir="ltr">
            {rule.kind === 'fixed' ? `${inLanguage(rule.value)} USD` : `${inLanguage(rule.value)}%`}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.fee')}</dt>
          <dd className="num" dir="ltr" data-testid="withdraw-fee">
            {preview.state === 'ok' ? `${inLanguage(preview.fee)} USD` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.received')}</dt>
          <dd className="num figure-list__strong" dir="ltr" data-testid="withdraw-received">
            {preview.state === 'ok' ? `${inLanguage(preview.received)} ${currency.code}` : '—'}
          </dd>
        </div>
        {Number(currency.min_amount) > 0 && (
          <div>
            <dt>{t('withdraw.minimum')}</dt>
            <dd className="num" dir="ltr">{`${inLanguage(currency.min_amount)} USD`}</dd>
          </div>
        )}
      </dl>
      <TextField
        id="withdraw-memo"
        label={t('withdraw.memo')}
        value={memo}
        onValue={setMemo}
        maxLength={200}
        autoComplete="off"
      />
      <p className="money-form__hint">{t('withdraw.holdHint')}</p>
      <SubmitButton busy={busy} testId="withdraw-submit">
        {t('withdraw.submit')}
      </SubmitButton>
      {sheet}
      {codeSheet}
    </form>
  );
}

const currencyName = (currency: Pick<WithdrawCurrency, 'code' | 'protocol'>) =>
  currency.protocol ? `${currency.code} · ${currency.protocol}` : currency.code;

/** Where the money goes, in full: the whole address, or the account with its holder and bank. */
function payeeRows(t: TFunction, method: DrawMethod): ConfirmRow[] {
  if (method.type === 1)
    return [
      { label: t('withdraw.toAddress'), value: method.dc_address, ltr: true, testId: 'confirm-address' },
    ];
  return [
    { label: t('bank.payeeName'), value: method.payee_name },
    { label: t('bank.payeeAccount'), value: method.payee_account, ltr: true, testId: 'confirm-address' },
    { label: t('bank.bankName'), value: `${method.bank_name} · ${method.bank_swift}` },
  ];
}
