/**
 * A date range filter of a staff list: whole days in the member's own time zone, from the first
 * day's midnight to the midnight after the last, sent as Unix ms (`from`/`to` names per list).
 */
import { useState } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

type Range = [Dayjs | null, Dayjs | null] | null;

export function useDateRange(
  label: string,
  names: { from: string; to: string } = { from: 'from_ms', to: 'to_ms' },
) {
  const [range, setRange] = useState<Range>(null);
  const from = range?.[0]?.startOf('day').valueOf();
  const to = range?.[1]?.add(1, 'day').startOf('day').valueOf();
  const params: Record<string, number | undefined> = { [names.from]: from, [names.to]: to };
  const picker = (
    <DatePicker.RangePicker
      aria-label={label}
      value={range}
      onChange={setRange}
      allowEmpty={[true, true]}
      data-testid="date-range"
    />
  );
  return { params, picker };
}
