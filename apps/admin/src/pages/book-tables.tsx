/**
 * The real book as the dashboard and the risk screen show it: exposure per instrument, the largest
 * positions and the accounts at margin call. A row with a trader opens their account.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Empty, Table } from 'antd';
import type { WireDashboard } from '@omp/protocol';

import { api } from '../lib/api-client.ts';
import { startOfLocalDay } from '../lib/time.ts';
import { onRowKeyDown } from '../ui/row-keys.ts';

type Book = WireDashboard['book'];

/** The dashboard's figures since this member's midnight, asked again every five seconds. */
export const useDashboard = () =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.get<WireDashboard>('/admin/api/dashboard', { since_ms: startOfLocalDay() }),
    refetchInterval: 5000,
  });

/** Signed amounts in the same place every refresh: no layout jump as figures change. */
export const signed = (text: string) => (text.startsWith('-') || text === '0' ? text : `+${text}`);
export const tone = (text: string) =>
  text === '0' ? undefined : text.startsWith('-') ? 'var(--down)' : 'var(--up)';

const num = { align: 'right' as const, className: 'num' };

export function ExposureTable({ book }: { book: Book }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      className="dense-table"
      pagination={false}
      rowKey="instrument_id"
      dataSource={book.exposures}
      locale={{ emptyText: <Empty description={t('dashboard.no_positions')} /> }}
      columns={[
        { title: t('dashboard.instrument'), dataIndex: 'code' },
        { title: t('dashboard.long_lots'), dataIndex: 'long_lots', ...num },
        { title: t('dashboard.short_lots'), dataIndex: 'short_lots', ...num },
        { title: t('dashboard.net_lots'), dataIndex: 'net_lots', ...num },
        { title: t('dashboard.net_usd'), dataIndex: 'net_usd', ...num },
        { title: t('dashboard.traders_pl'), dataIndex: 'floating_pl_usd', ...num, render: signed },
      ]}
    />
  );
}

/** Accounts by margin level: those at margin call, or (`lowest`) the lowest levels whatever they are. */
export function MarginCallTable({
  book,
  onOpen,
  lowest = false,
}: {
  book: Book;
  onOpen?: (userId: number) => void;
  lowest?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      className="dense-table"
      pagination={false}
      rowKey="user_id"
      dataSource={lowest ? book.lowest_margin_levels : book.at_margin_call}
      locale={{
        emptyText: <Empty description={t(lowest ? 'dashboard.no_positions' : 'dashboard.no_margin_calls')} />,
      }}
      onRow={(row) => ({
        onClick: () => onOpen?.(row.user_id),
        onKeyDown: onRowKeyDown(onOpen && (() => onOpen(row.user_id))),
        tabIndex: onOpen ? 0 : -1,
        className: onOpen ? 'clickable-row' : '',
      })}
      columns={[
        { title: t('table.user_id'), dataIndex: 'user_id' },
        {
          title: t('dashboard.margin_level'),
          dataIndex: 'margin_level_pct',
          ...num,
          render: (v: string) => `${v} %`,
        },
        { title: t('dashboard.equity'), dataIndex: 'equity_usd', ...num },
        { title: t('dashboard.used_margin'), dataIndex: 'used_margin_usd', ...num },
      ]}
    />
  );
}

export function LargestPositionsTable({ book, onOpen }: { book: Book; onOpen: (userId: number) => void }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      className="dense-table"
      pagination={false}
      rowKey="order_id"
      dataSource={book.largest_positions}
      locale={{ emptyText: <Empty description={t('dashboard.no_positions')} /> }}
      onRow={(row) => ({
        onClick: () => onOpen(row.user_id),
        onKeyDown: onRowKeyDown(() => onOpen(row.user_id)),
        tabIndex: 0,
        className: 'clickable-row',
      })}
      columns={[
        { title: t('table.user_id'), dataIndex: 'user_id' },
        { title: t('table.id'), dataIndex: 'order_id' },
        { title: t('dashboard.instrument'), dataIndex: 'code' },
        { title: t('users.side'), render: (_, p) => (p.side === 'buy' ? t('users.buy') : t('users.sell')) },
        { title: t('users.lots'), dataIndex: 'lots', ...num },
        { title: t('risk.notional'), dataIndex: 'notional_usd', ...num },
        { title: t('dashboard.traders_pl'), dataIndex: 'floating_pl_usd', ...num, render: signed },
      ]}
    />
  );
}
