import { describe, expect, it } from 'vitest';
import type { WireStaffInstrument } from '@omp/protocol';
import { changedBody, valuesOf } from './instrument-change.ts';

const eurusd: WireStaffInstrument = {
  id: 1,
  code: 'EURUSD',
  show_code: 'EUR/USD',
  names: { en: 'Euro vs US Dollar' },
  logo: '/logos/eurusd.svg',
  category_id: 1,
  enabled: true,
  price_precision: 5,
  spread_points: 12,
  contract_size: 100_000,
  margin_mode: 2,
  min_lots: '0.01',
  max_lots: '50',
  lot_step: '0.01',
  leverage_options: [100, 50],
  fee_rate: '0.0005',
  schedule: [{ from: 1320, to: 8520 }],
  open_orders: 3,
};

describe('the instrument editor sends only what changed', () => {
  it('sends nothing for an untouched form', () => {
    expect(changedBody(eurusd, valuesOf(eurusd))).toEqual({});
  });

  it('sends each changed field in the wire shape, names by language, an emptied name as ""', () => {
    const values = valuesOf(eurusd);
    values.spread_points = 20;
    values.leverage_options = ['50', '100'];
    values.min_lots = ' 0.1 ';
    values.sessions = [{ fromDay: 0, fromTime: '00:00', toDay: 0, toTime: '00:00' }];
    values.names = { ...values.names, en: '', de: 'Euro / US-Dollar' };
    expect(changedBody(eurusd, values)).toEqual({
      spread_points: 20,
      leverage_options: [50, 100],
      min_lots: '0.1',
      schedule: [{ from: 0, to: 10080 }],
      names: { en: '', de: 'Euro / US-Dollar' },
    });
  });
});
