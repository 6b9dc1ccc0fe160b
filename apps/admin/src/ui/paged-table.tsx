/**
 * A back-office list: server-side pages (the server's order, newest first, or the column staff
 * sort by where the server sorts it), filters in the toolbar, a refresh, a CSV export of everything the filters select, and a row click that opens
 * the record. Each page is one request, so a million rows page as fast as a hundred.
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { api } from '../lib/api-client.ts';
import type { Params } from '../lib/api.ts';
import { downloadCsv, toCsv, type CsvColumn } from '../lib/csv.ts';
import { errorText } from './error-text.ts';
import { onRowKeyDown } from './row-keys.ts';

export interface Page<Row> {
  list: Row[];
  total: number;
  page: number;
}

/** The most rows one export reads (the server answers 100 a page). */
const EXPORT_LIMIT = 10_000;
const EXPORT_PAGE = 100;

export interface PagedTableProps<Row> {
  /** The list call, e.g. /admin/api/deposits. */
  path: string;
  /** Query-cache key prefix; decisions invalidate it so the list shows them at once. */
  queryKey: string;
  filters: Params;
  columns: TableColumnsType<Row>;
  csvColumns: readonly CsvColumn<Row>[];
  csvName: string;
  rowKey: (row: Row) => string | number;
  onOpen?: (row: Row) => void;
  toolbar?: ReactNode;
  /** Ask again every so often: queues that other staff work on too. */
  refreshMs?: number;
  /**
   * Columns with `sorter: true` sort on the server: their `key` is sent as `sort` with `order`
   * (asc or desc), and the list starts again at its first page.
   */
  serverSort?: boolean;
}

export function PagedTable<Row extends object>(props: PagedTableProps<Row>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [exporting, setExporting] = useState(false);
  const [sort, setSort] = useState<{ sort: string; order: 'asc' | 'desc' }>();
  const filters = { ...props.filters, ...sort };
  const params = { ...filters, page, page_size: pageSize };
  const query = useQuery({
    queryKey: [props.queryKey, params],
    queryFn: () => api.get<Page<Row>>(props.path, params),
    placeholderData: keepPreviousData,
    ...(props.refreshMs ? { refetchInterval: props.refreshMs } : {}),
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: Row[] = [];
      for (let next = 1; rows.length < EXPORT_LIMIT; next++) {
        const part = await api.get<Page<Row>>(props.path, {
          ...filters,
          page: next,
          page_size: EXPORT_PAGE,
        });
        rows.push(...part.list);
        if (part.list.length < EXPORT_PAGE || rows.length >= part.total) break;
      }
      downloadCsv(`${props.csvName}.csv`, toCsv(props.csvColumns, rows));
      message.success(t('table.exported', { count: rows.length }));
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" className="table-toolbar">
        {props.toolbar}
        <Flex gap={8} style={{ marginLeft: 'auto' }}>
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('table.refresh')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting}>
            {t('table.export_csv')}
          </Button>
        </Flex>
      </Flex>
      {query.error && (
        <div role="alert" className="table-error">
          {errorText(query.error)}
        </div>
      )}
      <Table<Row>
        size="small"
        className="dense-table"
        columns={props.columns}
        dataSource={query.data?.list ?? []}
        rowKey={props.rowKey}
        loading={query.isLoading}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (!props.serverSort || extra.action !== 'sort' || Array.isArray(sorter)) return;
          setSort(
            sorter.order && sorter.columnKey
              ? { sort: String(sorter.columnKey), order: sorter.order === 'ascend' ? 'asc' : 'desc' }
              : undefined,
          );
          setPage(1);
        }}
        onRow={(row) => ({
          onClick: () => props.onOpen?.(row),
          onKeyDown: onRowKeyDown(props.onOpen && (() => props.onOpen!(row))),
          tabIndex: props.onOpen ? 0 : -1,
          className: props.onOpen ? 'clickable-row' : '',
        })}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => t('table.total', { count: total }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
    </Flex>
  );
}
