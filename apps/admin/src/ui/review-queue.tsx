/**
 * A review queue (identity, deposits, withdrawals): the list opens on what waits, filters by
 * status, user and the days it was filed, refreshes on its own as other staff work it, and a row opens its drawer with
 * the decisions the record still allows.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumnsType } from 'antd';
import type { CsvColumn } from '../lib/csv.ts';
import { useDateRange } from './date-range.tsx';
import { PagedTable } from './paged-table.tsx';
import { ReviewDrawer, type Decision } from './review-drawer.tsx';
import { QueueFilters } from './user-filter.tsx';

export interface ReviewQueueProps<Row extends { id: number; status: number }> {
  path: string;
  queryKey: string;
  /** The status of what waits: the list opens on it, and only such a record can be decided. */
  waiting: number;
  statuses: { value: number; label: string }[];
  columns: TableColumnsType<Row>;
  csvColumns: readonly CsvColumn<Row>[];
  title: (row: Row) => ReactNode;
  /** The decisions on a waiting record this member's roles allow. */
  decisions: (row: Row) => Decision[];
  detail: (row: Row) => ReactNode;
}

export function ReviewQueue<Row extends { id: number; status: number }>(props: ReviewQueueProps<Row>) {
  const [status, setStatus] = useState<number | undefined>(props.waiting);
  const [userId, setUserId] = useState<number>();
  const [open, setOpen] = useState<Row>();
  const { t } = useTranslation();
  const submitted = useDateRange(t('table.created'));
  return (
    <>
      <PagedTable<Row>
        path={props.path}
        queryKey={props.queryKey}
        filters={{ status, user_id: userId, ...submitted.params }}
        refreshMs={15_000}
        rowKey={(row) => row.id}
        onOpen={setOpen}
        csvName={props.queryKey}
        toolbar={
          <>
            <QueueFilters
              status={status}
              statuses={props.statuses}
              onStatus={setStatus}
              userId={userId}
              onUserId={setUserId}
            />
            {submitted.picker}
          </>
        }
        columns={props.columns}
        csvColumns={props.csvColumns}
      />
      {open && (
        <ReviewDrawer
          open
          title={props.title(open)}
          onClose={() => setOpen(undefined)}
          refresh={[props.queryKey, 'dashboard']}
          decisions={open.status === props.waiting ? props.decisions(open) : []}
        >
          {props.detail(open)}
        </ReviewDrawer>
      )}
    </>
  );
}
