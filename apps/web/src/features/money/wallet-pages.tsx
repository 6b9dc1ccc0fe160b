/**
 * The payout methods: `/mine/wallet` (both kinds at a glance), `/mine/coin-address-list` and
 * `/mine/bank-card-list` (list, delete after a confirmation, add).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Dialog, List } from 'antd-mobile';
import { BankcardOutline, DeleteOutline, RightOutline, TransportQRcodeOutline } from 'antd-mobile-icons';
import type { DrawMethod } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { deleteDrawMethod, useDrawMethods, type PayoutType } from './money-api.ts';
import { bindPath } from './withdraw-page.tsx';
import { currencyLabel } from './currency-selector.tsx';
import { UsableFromHint } from '../sessions/usable-from.tsx';

const LIST_PATH: Record<PayoutType, string> = { 1: '/mine/coin-address-list', 2: '/mine/bank-card-list' };

export function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const coins = useDrawMethods(1).data;
  const banks = useDrawMethods(2).data;
  const row = (type: PayoutType, icon: ReactNode, title: string, count: number | undefined) => (
    <List.Item
      prefix={<span className="user-links__icon">{icon}</span>}
      extra={count === undefined ? '' : t('wallet.count', { n: count })}
      arrowIcon={<RightOutline className="flip-rtl" />}
      onClick={() => void navigate(LIST_PATH[type])}
      data-testid={`wallet-${type}`}
    >
      {title}
    </List.Item>
  );
  return (
    <div className="page money-page" data-testid="wallet-page">
      <PageHeader title={t('pages.wallet')} back />
      <p className="money-form__lead">{t('wallet.lead')}</p>
      <List mode="card" className="user-links">
        {row(1, <TransportQRcodeOutline />, t('pages.cryptoAddresses'), coins?.length)}
        {row(2, <BankcardOutline />, t('pages.bankAccounts'), banks?.length)}
      </List>
    </div>
  );
}

export function PayoutMethodsPage({ type }: { type: PayoutType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useDrawMethods(type);
  const list = methods.data ?? [];
  const remove = async (method: DrawMethod) => {
    const confirmed = await Dialog.confirm({
      title: type === 1 ? t('wallet.deleteAddressTitle') : t('wallet.deleteAccountTitle'),
      content: <span dir="ltr">{type === 1 ? method.dc_address : method.payee_account}</span>,
      confirmText: t('wallet.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await deleteDrawMethod(method.id);
    } catch {
      // The request layer has shown why.
    }
  };

  let body;
  if (methods.isPending) body = <OrderSkeleton rows={2} label={t('common.loading')} />;
  else if (list.length === 0)
    body = (
      <EmptyState
        title={type === 1 ? t('wallet.noAddresses') : t('wallet.noAccounts')}
        testId="methods-empty"
      />
    );
  else
    body = (
      <ul className="records" data-testid="methods">
        {list.map((method) => (
          <li className="record" key={method.id} data-testid="method">
            <div className="record__line">
              <span className="record__title">
                {method.draw_currency ? currencyLabel(method.draw_currency) : '—'}
              </span>
              <button
                type="button"
                className="icon-button icon-button--danger"
                onClick={() => void remove(method)}
                aria-label={t('wallet.delete')}
                data-testid="method-delete"
              >
                <DeleteOutline />
              </button>
            </div>
            {type === 1 ? (
              <p className="record__address num" dir="ltr" data-testid="method-address">
                {method.dc_address}
              </p>
            ) : (
              <dl className="figure-list figure-list--compact">
                <div>
                  <dt>{t('bank.payeeName')}</dt>
                  <dd>{method.payee_name}</dd>
                </div>
                <div>
                  <dt>{t('bank.payeeAccount')}</dt>
                  <dd className="num" dir="ltr">
                    {method.payee_account}
                  </dd>
                </div>
                <div>
                  <dt>{t('bank.bankName')}</dt>
                  <dd>{method.bank_name}</dd>
                </div>
                <div>
                  <dt>{t('bank.swift')}</dt>
                  <dd className="num" dir="ltr">
                    {method.bank_swift}
                  </dd>
                </div>
              </dl>
            )}
            <UsableFromHint method={method} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="page money-page" data-testid={`methods-page-${type}`}>
      <PageHeader title={type === 1 ? t('pages.cryptoAddresses') : t('pages.bankAccounts')} back />
      {body}
      <div className="money-form">
        <Button
          block
          color="primary"
          size="large"
          onClick={() => void navigate(bindPath(type))}
          data-testid="method-add"
        >
          {type === 1 ? t('wallet.addAddress') : t('wallet.addAccount')}
        </Button>
      </div>
    </div>
  );
}
