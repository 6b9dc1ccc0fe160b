/**
 * What a broker's day starts with: the queues waiting and how long the oldest has waited, money
 * credited and paid since midnight here, new users, and the real book's risk now. Asks again
 * every five seconds.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, Col, Empty, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import type { WireDashboard } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { ageOf, localTime } from '../lib/time.ts';
import { errorText } from '../ui/error-text.ts';

const startOfLocalDay = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
};

/** Signed amounts in the same place every refresh: no layout jump as figures change. */
const signed = (text: string) => (text.startsWith('-') || text === '0' ? text : `+${text}`);
const tone = (text: string) =>
  text === '0' ? undefined : text.startsWith('-') ? 'var(--down)' : 'var(--up)';

export default function DashboardPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.get<WireDashboard>('/admin/api/dashboard', { since_ms: startOfLocalDay() }),
    refetchInterval: 5000,
  });
  if (query.error && !query.data) return <div role="alert">{errorText(query.error)}</div>;
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { queues, since, book } = query.data;

  const age = (oldest: string) => {
    if (!oldest) return t('dashboard.nothing_waits');
    const { minutes } = ageOf(oldest, Date.now());
    return minutes >= 60
      ? t('dashboard.oldest_hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
      : t('dashboard.oldest_minutes', { minutes });
  };

  const queueCard = (key: 'identity' | 'deposits' | 'withdrawals', path: string) => (
    <Col span={8} key={key}>
      <Card size="small" title={<Link to={path}>{t(`nav.${key}`)}</Link>} data-testid={`queue-${key}`}>
        <Statistic title={t('dashboard.waiting')} value={queues[key].waiting} />
        <Typography.Text type={queues[key].waiting ? 'warning' : 'secondary'}>
          {age(queues[key].oldest_at)}
        </Typography.Text>
      </Card>
    </Col>
  );

  return (
    <div className="dashboard">
      <Row gutter={[16, 16]}>
        {queueCard('identity', '/identity')}
        {queueCard('deposits', '/deposits')}
        {queueCard('withdrawals', '/withdrawals')}
        <Col span={6}>
          <Card size="small">
            <Statistic
              title={t('dashboard.deposits_today', { count: since.deposits.count })}
              value={since.deposits.usd}
              suffix="USD"
            />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic
              title={t('dashboard.withdrawals_today', { count: since.withdrawals.count })}
              value={since.withdrawals.usd}
              suffix="USD"
            />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic title={t('dashboard.new_users')} value={since.new_users} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic title={t('dashboard.open_positions')} value={book.open_positions} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic
              title={t('dashboard.traders_pl')}
              value={signed(book.floating_pl_usd)}
              suffix="USD"
              styles={{
                content: { color: tone(book.floating_pl_usd) },
              }}
            />
          </Card>
        </Col>
        <Col span={14}>
          <Card size="small" title={t('dashboard.exposure')}>
            <Table
              size="small"
              className="dense-table"
              pagination={false}
              rowKey="instrument_id"
              dataSource={book.exposures}
              locale={{ emptyText: <Empty description={t('dashboard.no_positions')} /> }}
              columns={[
                { title: t('dashboard.instrument'), dataIndex: 'code' },
                { title: t('dashboard.long_lots'), dataIndex: 'long_lots', align: 'right', className: 'num' },
                {
                  title: t('dashboard.short_lots'),
                  dataIndex: 'short_lots',
                  align: 'right',
                  className: 'num',
                },
                { title: t('dashboard.net_lots'), dataIndex: 'net_lots', align: 'right', className: 'num' },
                { title: t('dashboard.net_usd'), dataIndex: 'net_usd', align: 'right', className: 'num' },
                {
                  title: t('dashboard.traders_pl'),
                  dataIndex: 'floating_pl_usd',
                  align: 'right',
                  className: 'num',
                  render: signed,
                },
              ]}
            />
          </Card>
        </Col>
        <Col span={10}>
          <Card size="small" title={t('dashboard.margin_calls')}>
            <Table
              size="small"
              className="dense-table"
              pagination={false}
              rowKey="user_id"
              dataSource={book.at_margin_call}
              locale={{ emptyText: <Empty description={t('dashboard.no_margin_calls')} /> }}
              columns={[
                { title: t('table.user_id'), dataIndex: 'user_id' },
                {
                  title: t('dashboard.margin_level'),
                  dataIndex: 'margin_level',
                  align: 'right',
                  className: 'num',
                  render: (v: string) => `${v} %`,
                },
                { title: t('dashboard.equity'), dataIndex: 'equity_usd', align: 'right', className: 'num' },
                {
                  title: t('dashboard.used_margin'),
                  dataIndex: 'used_margin_usd',
                  align: 'right',
                  className: 'num',
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary" className="as-of">
        {t('dashboard.as_of', { time: localTime(query.data.at) })}
      </Typography.Text>
    </div>
  );
}
