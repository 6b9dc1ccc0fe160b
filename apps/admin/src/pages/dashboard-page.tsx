/**
 * What a broker's day starts with: the queues waiting and how long the oldest has waited, money
 * credited and paid since midnight here, new users, and the real book's risk now. Asks again
 * every five seconds.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { ageOf, localTime } from '../lib/time.ts';
import { errorText } from '../ui/error-text.ts';
import { ExposureTable, MarginCallTable, signed, tone, useDashboard } from './book-tables.tsx';

export default function DashboardPage() {
  const { t } = useTranslation();
  const query = useDashboard();
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
          <Card size="small" data-testid="dashboard-open-positions">
            <Statistic
              title={t('dashboard.open_positions')}
              value={book.open_positions}
              suffix={
                <span className="muted">{t('dashboard.active_traders', { count: book.active_traders })}</span>
              }
            />
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
            <ExposureTable book={book} />
          </Card>
        </Col>
        <Col span={10}>
          <Card size="small" title={t('dashboard.margin_calls')}>
            <MarginCallTable book={book} />
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary" className="as-of">
        {t('dashboard.as_of', { time: localTime(query.data.at) })}
      </Typography.Text>
    </div>
  );
}
