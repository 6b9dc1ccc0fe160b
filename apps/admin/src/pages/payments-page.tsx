/**
 * What users deposit through and withdraw to: the deposit networks and their addresses, the wire
 * banks, the rates deposits in other currencies than USD are credited at, and the withdrawal
 * currencies with their fees, prices and minimums. Finance keeps them;
 * each change is confirmed and audited, and the phone's money screens use it at once.
 */
import { useTranslation } from 'react-i18next';
import { Flex } from 'antd';
import { ConfigTable } from '../ui/config-table.tsx';

export default function PaymentsPage() {
  const { t } = useTranslation();
  const enabled = { name: 'enabled', label: t('config.enabled'), kind: 'flag' as const };
  return (
    <Flex vertical gap={28}>
      <ConfigTable
        path="/admin/api/charge-networks"
        title={t('payments.networks')}
        fields={[
          { name: 'currency_code', label: t('payments.currency'), required: true },
          { name: 'protocol_code', label: t('payments.protocol'), required: true },
          { name: 'address', label: t('payments.address'), required: true, hint: t('payments.address_hint') },
          { name: 'sort', label: t('payments.sort'), kind: 'number', column: false },
          enabled,
        ]}
      />
      <ConfigTable
        path="/admin/api/wire-banks"
        title={t('payments.banks')}
        fields={[
          { name: 'bank_coin', label: t('payments.currency'), required: true },
          { name: 'bank_name', label: t('payments.bank_name'), required: true },
          { name: 'bank_address', label: t('payments.bank_address'), required: true, column: false },
          { name: 'bank_swift', label: 'SWIFT / BIC', required: true },
          { name: 'payee_name', label: t('payments.payee_name'), required: true },
          { name: 'payee_account', label: t('payments.payee_account'), required: true },
          { name: 'bank_remark', label: t('payments.remark'), column: false },
          enabled,
        ]}
      />
      <ConfigTable
        path="/admin/api/deposit-rates"
        title={t('payments.deposit_rates')}
        fields={[
          { name: 'currency_code', label: t('payments.currency'), required: true },
          {
            name: 'usd_price',
            label: t('payments.usd_price'),
            kind: 'number',
            required: true,
            hint: t('payments.deposit_rate_hint'),
          },
        ]}
      />
      <ConfigTable
        path="/admin/api/withdraw-currencies"
        title={t('payments.withdraw_currencies')}
        fields={[
          {
            name: 'type',
            label: t('payments.payout_kind'),
            kind: 'select',
            required: true,
            options: [
              { value: 1, label: t('payments.kind_crypto') },
              { value: 2, label: t('payments.kind_bank') },
            ],
          },
          { name: 'code', label: t('payments.currency'), required: true },
          { name: 'protocol', label: t('payments.protocol') },
          {
            name: 'fee_type',
            label: t('payments.fee_type'),
            kind: 'select',
            required: true,
            options: [
              { value: 1, label: t('payments.fee_fixed') },
              { value: 2, label: t('payments.fee_rate') },
            ],
          },
          {
            name: 'draw_rate',
            label: t('payments.fee'),
            kind: 'number',
            required: true,
            hint: t('payments.fee_hint'),
          },
          { name: 'usd_price', label: t('payments.usd_price'), kind: 'number', required: true },
          { name: 'min_amount', label: t('payments.min_amount'), kind: 'number' },
          enabled,
        ]}
      />
    </Flex>
  );
}
