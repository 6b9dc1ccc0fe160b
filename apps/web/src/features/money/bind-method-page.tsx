/**
 * `/mine/withdraw-way?type=1|2`: bind a crypto address (1) or a bank account (2) to a withdrawal
 * currency. Formats are checked here with the server's own rules (payout-formats in the protocol),
 * so a typo is explained before anything is sent; the server checks again.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isValidAccountNumber, isValidAddress, isValidSwift } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/field.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useBack } from '../../ui/use-back.ts';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useProblems } from './use-problems.ts';
import { bindDrawMethod, useWithdrawCurrencies, type BindMethodBody, type PayoutType } from './money-api.ts';
import { useSending } from '../../lib/use-sending.ts';
import { CurrencySelector } from './currency-selector.tsx';
import { useConfirmSheet, type ConfirmRow } from './confirm-sheet.tsx';

type BankField = 'bank_name' | 'bank_address' | 'bank_swift' | 'payee_name' | 'payee_account';
const BANK_FIELDS: readonly BankField[] = [
  'payee_name',
  'payee_account',
  'bank_name',
  'bank_swift',
  'bank_address',
];
const BANK_LABELS: Record<BankField, string> = {
  payee_name: 'bank.payeeName',
  payee_account: 'bank.payeeAccount',
  bank_name: 'bank.bankName',
  bank_swift: 'bank.swift',
  bank_address: 'bank.bankAddress',
};

export function BindMethodPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type: PayoutType = params.get('type') === '2' ? 2 : 1;
  const wanted = Number(params.get('currency')) || undefined;
  return (
    <div className="page money-page" data-testid={`bind-page-${type}`}>
      <PageHeader title={type === 1 ? t('wallet.addAddress') : t('wallet.addAccount')} back />
      <BindForm key={`${type}-${wanted ?? ''}`} type={type} wanted={wanted} />
    </div>
  );
}

function BindForm({ type, wanted }: { type: PayoutType; wanted: number | undefined }) {
  const { t } = useTranslation();
  const goBack = useBack();
  const currencies = useWithdrawCurrencies(type);
  const [currencyId, setCurrencyId] = useState(wanted);
  const [address, setAddress] = useState('');
  const [bank, setBank] = useState<Record<BankField, string>>({
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    payee_name: '',
    payee_account: '',
  });
  const { problems, setProblems, edited, hasProblems } = useProblems<BankField | 'address'>();
  const { busy, send } = useSending();
  const [sheet, ask] = useConfirmSheet('bind-confirm');

  if (currencies.isPending) return <PageLoading />;
  const list = currencies.data ?? [];
  if (list.length === 0) return <EmptyState title={t('withdraw.noCurrency')} />;
  const currency = list.find((c) => c.id === currencyId) ?? list[0]!;

  const check = () => {
    const found: typeof problems = {};
    if (type === 1) {
      if (!address.trim()) found.address = t('wallet.addressRequired');
      else if (!isValidAddress(currency.protocol, address.trim()))
        found.address = t('wallet.addressInvalid', { network: currency.protocol || currency.code });
    } else {
      for (const field of BANK_FIELDS)
        if (!bank[field].trim() && field !== 'bank_address') found[field] = t('wallet.fieldRequired');
      if (bank.bank_swift.trim() && !isValidSwift(bank.bank_swift.trim().toUpperCase()))
        found.bank_swift = t('wallet.swiftInvalid');
      if (bank.payee_account.trim() && !isValidAccountNumber(bank.payee_account))
        found.payee_account = t('wallet.accountInvalid');
    }
    return found;
  };

  const detailRows = (body: BindMethodBody): ConfirmRow[] =>
    type === 1
      ? [
          {
            label: t('wallet.address', { network: currency.protocol || currency.code }),
            value: body.dc_address ?? '',
            ltr: true,
            testId: 'confirm-address',
          },
        ]
      : BANK_FIELDS.filter((field) => body[field]).map((field) => ({
          label: t(BANK_LABELS[field]),
          value: body[field] ?? '',
          ltr: field === 'payee_account' || field === 'bank_swift',
          testId: `confirm-${field}`,
        }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (hasProblems(found)) return;
    const body: BindMethodBody =
      type === 1
        ? { type, draw_currency_id: currency.id, dc_address: address.trim() }
        : {
            type,
            draw_currency_id: currency.id,
            ...Object.fromEntries(BANK_FIELDS.map((field) => [field, bank[field].trim()])),
            bank_swift: bank.bank_swift.trim().toUpperCase(),
          };
    // What is saved is where money will be paid: it is read back in full before it is.
    const confirmed = await ask({
      title: type === 1 ? t('wallet.confirmAddressTitle') : t('wallet.confirmAccountTitle'),
      rows: [
        {
          label: t('withdraw.currency'),
          value: currency.protocol ? `${currency.code} · ${currency.protocol}` : currency.code,
        },
        ...detailRows(body),
      ],
      note: type === 1 ? t('wallet.addressHint') : t('wallet.accountHint'),
      confirmText: t('wallet.bind'),
    });
    if (!confirmed) return;
    await send(() => bindDrawMethod(body), goBack);
  };

  return (
    <form className="money-form" onSubmit={(event) => void submit(event)} noValidate data-testid="bind-form">
      <div className="field">
        <span className="field__label">{t('withdraw.currency')}</span>
        <CurrencySelector
          currencies={list}
          value={currency.id}
          onChange={setCurrencyId}
          testId="bind-currencies"
        />
      </div>
      {type === 1 ? (
        <TextField
          id="bind-address"
          label={t('wallet.address', { network: currency.protocol || currency.code })}
          value={address}
          onValue={edited('address', setAddress)}
          error={problems.address}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={128}
          ltr
        />
      ) : (
        BANK_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`bind-${field}`}
            label={t(BANK_LABELS[field])}
            value={bank[field]}
            onValue={edited(field, (value: string) => setBank((current) => ({ ...current, [field]: value })))}
            error={problems[field]}
            autoComplete="off"
            maxLength={field === 'bank_address' ? 256 : 128}
            ltr={field === 'payee_account' || field === 'bank_swift'}
            {...(field === 'bank_swift' ? { autoCapitalize: 'characters' } : {})}
          />
        ))
      )}
      <p className="money-form__hint">{type === 1 ? t('wallet.addressHint') : t('wallet.accountHint')}</p>
      <SubmitButton busy={busy} testId="bind-submit">
        {t('wallet.bind')}
      </SubmitButton>
      {sheet}
    </form>
  );
}
