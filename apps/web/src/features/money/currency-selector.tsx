/** Choosing a withdrawal currency: the same two-column chips on the withdrawal and binding forms. */
import { Selector } from 'antd-mobile';
import type { WithdrawCurrency } from '@omp/protocol';

/** "USDT · TRC20", or the code alone for a currency without a network (bank currencies). */
export const currencyLabel = (currency: Pick<WithdrawCurrency, 'code' | 'protocol'>) =>
  currency.protocol ? `${currency.code} · ${currency.protocol}` : currency.code;

export function CurrencySelector({
  currencies,
  value,
  onChange,
  testId,
}: {
  currencies: readonly WithdrawCurrency[];
  value: number;
  onChange: (id: number) => void;
  testId: string;
}) {
  return (
    <Selector
      columns={2}
      value={[value]}
      onChange={(picked) => picked[0] !== undefined && onChange(picked[0])}
      options={currencies.map((c) => ({ label: currencyLabel(c), value: c.id }))}
      data-testid={testId}
    />
  );
}
