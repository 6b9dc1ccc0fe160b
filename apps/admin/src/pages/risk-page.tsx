/**
 * The book's risk: what the traders hold against the broker per instrument, the largest positions,
 * the accounts at margin call, and today's realized results, stop-outs and negative-balance
 * corrections. A row with a trader opens their account, where a position can be closed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { errorText } from '../ui/error-text.ts';
import {
  ExposureTable,
  LargestPositionsTable,
  MarginCallTable,
  signed,
  tone,
  useDashboard,
} from './book-tables.tsx';
import { UserDrawer } from './user-drawer.tsx';

export default function RiskPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number>();
  const query = useDashboard();
  if (query.error && !query.data) return <div role="alert">{errorText(query.error)}</div>;
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { since, book } = query.data;
  /** The broker's side of what the traders made: the negative. */
  const brokers = (text: string) => (text.startsWith('-') ? text.slice(1) : text === '0' ? '0' : `-${text}`);
  const stat = (title: string, value: string, colored = false, testId?: string) => (
    <Col span={6}>
      <Card size="small" {...(testId ? { 'data-testid': testId } : {})}>
        <Statistic
          title={title}
          value={colored ? signed(value) : value}
          suffix="USD"
          styles={{ content: { color: colored ? tone(value) : undefined } }}
        />
      </Card>
    </Col>
  );
  return (
    <>
      <Row gutter={[16, 16]}>
        {stat(t('risk.broker_floating'), brokers(book.floating_pl_usd), true, 'risk-floating')}
        {stat(t('risk.broker_realized_today'), brokers(since.realized_pl_usd), true)}
        {stat(t('risk.fees_today'), since.fees_usd)}
        <Col span={6}>
          <Card size="small">
            <Statistic title={t('risk.stop_outs_label')} value={since.stop_outs.count} />
            <Typography.Text type="secondary">
              {t('risk.corrections', {
                count: since.negative_balance_corrections.count,
                usd: since.negative_balance_corrections.usd,
              })}
            </Typography.Text>
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('dashboard.exposure')}>
            <ExposureTable book={book} />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('risk.largest_positions')}>
            <LargestPositionsTable book={book} onOpen={setOpen} />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('dashboard.margin_calls')}>
            <MarginCallTable book={book} onOpen={setOpen} />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title={t('risk.lowest_margin_levels')}>
            <MarginCallTable book={book} onOpen={setOpen} lowest />
          </Card>
        </Col>
      </Row>
      {open !== undefined && <UserDrawer id={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
