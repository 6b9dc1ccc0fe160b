/**
 * `/mine/charge`: deposit by crypto network (address as text and QR code, copy) or bank wire (the
 * bank's details, each copyable), then the amount and a photo of the payment; the records follow
 * with their statuses. Staff approval credits the balance (packages/engine/SPEC.md "Money in and out").
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Selector, Tabs } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import type { ChargeNetwork, WireBank } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { TextField } from '../../ui/field.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { formatDecimalText, typedDecimal } from '../../lib/decimal-text.ts';
import { useSettings } from '../settings/settings-store.ts';
import { AmountField, amountProblemText } from './amount-field.tsx';
import { CopyButton } from './copy-button.tsx';
import { DepositRecords } from './money-records.tsx';
import { ImageField } from './image-field.tsx';
import { checkAmount, previewDeposit } from './money-figures.ts';
import { useProblems } from './use-problems.ts';
import { useUserInfo } from '../user/use-user-info.ts';
import { submitCryptoDeposit, submitWireDeposit, useChargeNetworks, useWireBanks } from './money-api.ts';
import { useSending } from '../../lib/use-sending.ts';
import { ACCOUNT_CURRENCY } from '@omp/engine';

/** QR codes are 160 px (docs/CONTRACT.md "Timings and sizes"). */
const QR_SIZE = 160;
type Tab = 'crypto' | 'bank' | 'records';

export default function DepositPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('crypto');
  return (
    <div className="page money-page" data-testid="deposit-page">
      <PageHeader title={t('pages.deposit')} back />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="money-tabs">
        <Tabs.Tab title={t('deposit.crypto')} key="crypto" />
        <Tabs.Tab title={t('deposit.bank')} key="bank" />
        <Tabs.Tab title={t('money.records')} key="records" />
      </Tabs>
      {tab === 'crypto' && <CryptoDeposit onDone={() => setTab('records')} />}
      {tab === 'bank' && <BankDeposit onDone={() => setTab('records')} />}
      {tab === 'records' && <DepositRecords />}
    </div>
  );
}

function NoChannel() {
  const { t } = useTranslation();
  return <EmptyState title={t('deposit.noChannel')} testId="no-channel" />;
}

function CryptoDeposit({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const networks = useChargeNetworks();
  const [pickedId, setPickedId] = useState<number | undefined>();
  if (networks.isPending) return <PageLoading />;
  const list = networks.data ?? [];
  if (list.length === 0) return <NoChannel />;
  const network = list.find((n) => n.id === pickedId) ?? list[0]!;
  return (
    <div className="money-form">
      <div className="field">
        <span className="field__label">{t('deposit.network')}</span>
        <Selector
          columns={2}
          value={[network.id]}
          onChange={(picked) => picked[0] !== undefined && setPickedId(picked[0])}
          options={list.map((n) => ({ label: `${n.currency_code} · ${n.protocol_code}`, value: n.id }))}
          data-testid="deposit-networks"
        />
      </div>
      <NetworkCard network={network} />
      <DepositForm
        key={network.id}
        withSender
        currency={network.currency_code}
        usdPrice={network.usd_price}
        send={(fields) =>
          submitCryptoDeposit({
            ...fields,
            charge_id: network.id,
            ...(fields.address ? { address: fields.address } : {}),
          })
        }
        onDone={onDone}
      />
    </div>
  );
}

function NetworkCard({ network }: { network: ChargeNetwork }) {
  const { t } = useTranslation();
  return (
    <section className="pay-card" data-testid="deposit-address-card">
      <p className="pay-card__warning">
        {t('deposit.onlyThisNetwork', { currency: network.currency_code, network: network.protocol_code })}
      </p>
      <div className="pay-card__qr" data-testid="deposit-qr">
        <QRCodeSVG value={network.address} size={QR_SIZE} marginSize={2} title={t('deposit.qrLabel')} />
      </div>
      <span className="field__label">{t('deposit.address')}</span>
      <div className="copy-row">
        <p className="copy-row__text" dir="ltr" data-testid="deposit-address">
          {network.address}
        </p>
        <CopyButton text={network.address} testId="copy-address" />
      </div>
    </section>
  );
}

function BankDeposit({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const banks = useWireBanks();
  const [pickedId, setPickedId] = useState<number | undefined>();
  if (banks.isPending) return <PageLoading />;
  const list = banks.data ?? [];
  if (list.length === 0) return <NoChannel />;
  const bank = list.find((b) => b.id === pickedId) ?? list[0]!;
  return (
    <div className="money-form">
      <div className="field">
        <span className="field__label">{t('deposit.wireBank')}</span>
        <Selector
          columns={1}
          value={[bank.id]}
          onChange={(picked) => picked[0] !== undefined && setPickedId(picked[0])}
          options={list.map((b) => ({ label: `${b.bank_name} · ${b.bank_coin}`, value: b.id }))}
          data-testid="deposit-banks"
        />
      </div>
      <BankCard bank={bank} />
      <DepositForm
        key={bank.id}
        currency={bank.bank_coin}
        usdPrice={bank.usd_price}
        send={(fields) => submitWireDeposit({ ...fields, wire_id: bank.id })}
        onDone={onDone}
      />
    </div>
  );
}

function BankCard({ bank }: { bank: WireBank }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const rows: [string, string][] = [
    // The bank's note asks for it: the user number, so the payment can be matched to the account.
    [t('bank.reference'), user ? String(user.uid) : ''],
    [t('bank.payeeName'), bank.payee_name],
    [t('bank.payeeAccount'), bank.payee_account],
    [t('bank.bankName'), bank.bank_name],
    [t('bank.swift'), bank.bank_swift],
    [t('bank.bankAddress'), bank.bank_address],
  ];
  return (
    <section className="pay-card" data-testid="deposit-bank-card">
      <dl className="copy-list">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div className="copy-list__row" key={label}>
              <dt>{label}</dt>
              <dd className="copy-row">
                <span className="copy-row__text" dir="ltr">
                  {value}
                </span>
                <CopyButton text={value} testId="copy-bank" />
              </dd>
            </div>
          ))}
      </dl>
      {bank.bank_remark && <p className="pay-card__note">{bank.bank_remark}</p>}
    </section>
  );
}

interface DepositFields {
  number: string;
  proofImg: string;
  address?: string;
  /** The rate the user was shown: the server refuses rather than credit at another. */
  usd_price: string;
}

/**
 * The amount in the channel's currency, the optional sending address, the proof of payment; the
 * records tab after success. A currency other than USD shows its rate and the USD it credits
 * before anything is sent; one without a rate takes no deposit.
 */
function DepositForm({
  currency,
  usdPrice,
  ...rest
}: {
  currency: string;
  usdPrice: string | null;
  send(fields: DepositFields): Promise<unknown>;
  onDone(): void;
  withSender?: boolean;
}) {
  const { t } = useTranslation();
  if (usdPrice === null)
    return (
      <div className="notice" data-testid="deposit-no-rate">
        <p>{t('deposit.noRate', { currency })}</p>
      </div>
    );
  return <RatedDepositForm currency={currency} usdPrice={usdPrice} {...rest} />;
}

function RatedDepositForm({
  currency,
  usdPrice,
  send,
  onDone,
  withSender = false,
}: {
  currency: string;
  usdPrice: string;
  send(fields: DepositFields): Promise<unknown>;
  onDone(): void;
  withSender?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  // As typed, in the language's separators; `amount` is its wire form ("1234.5").
  const [typed, setTyped] = useState('');
  const amount = typedDecimal(typed, lang);
  const [sender, setSender] = useState('');
  const [proof, setProof] = useState('');
  const { problems, setProblems, edited, hasProblems } = useProblems<'amount' | 'proof'>();
  const { busy, send: sending } = useSending();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount);
    const found: typeof problems = {};
    if ('problem' in checked) found.amount = amountProblemText(t, checked.problem);
    if (!proof) found.proof = t('deposit.proofRequired');
    setProblems(found);
    if (hasProblems(found)) return;
    await sending(
      () =>
        send({
          number: amount,
          proofImg: proof,
          usd_price: usdPrice,
          ...(sender.trim() ? { address: sender.trim() } : {}),
        }),
      onDone,
    );
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="money-form__part"
      data-testid="deposit-form"
    >
      <AmountField
        id="deposit-amount"
        label={t('deposit.amountIn', { currency })}
        unit={currency}
        value={typed}
        onValue={edited('amount', setTyped)}
        error={problems.amount}
      />
      {currency !== ACCOUNT_CURRENCY && (
        <CreditPreview amount={amount} currency={currency} usdPrice={usdPrice} />
      )}
      {withSender && (
        <TextField
          id="deposit-sender"
          label={t('deposit.sender')}
          hint={t('deposit.senderHint')}
          value={sender}
          onValue={setSender}
          autoComplete="off"
          maxLength={128}
          ltr
        />
      )}
      <ImageField
        label={t('deposit.proof')}
        onChange={edited('proof', setProof)}
        error={problems.proof}
        testId="deposit-proof"
      />
      <p className="money-form__hint">{t('deposit.reviewHint')}</p>
      <SubmitButton busy={busy} testId="deposit-submit">
        {t('deposit.submit')}
      </SubmitButton>
    </form>
  );
}

/** The channel's rate and what the amount typed credits in USD, before anything is sent. */
function CreditPreview({
  amount,
  currency,
  usdPrice,
}: {
  amount: string;
  currency: string;
  usdPrice: string;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const preview = previewDeposit(amount, usdPrice);
  return (
    <>
      <dl className="figure-list" data-testid="deposit-preview">
        <div>
          <dt>{t('deposit.rate')}</dt>
          <dd className="num" dir="ltr" data-testid="deposit-rate">
            {`1 USD = ${formatDecimalText(usdPrice, lang)} ${currency}`}
          </dd>
        </div>
        <div>
          <dt>{t('deposit.credited')}</dt>
          <dd className="num figure-list__strong" dir="ltr" data-testid="deposit-credited">
            {preview.state === 'ok' ? `${formatDecimalText(preview.credited, lang)} USD` : '—'}
          </dd>
        </div>
      </dl>
      <p className="money-form__hint">{t('deposit.rateHint', { currency })}</p>
    </>
  );
}
