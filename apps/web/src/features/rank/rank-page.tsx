/**
 * `/rank`: the traders with the best three weeks, computed by the server from closed trades of
 * those who chose to appear (names masked). Real and demo accounts have separate boards. The
 * detail action says honestly that following a trader is not offered yet (docs/CONTRACT.md
 * "Screens and routes").
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch, Tabs, Toast } from 'antd-mobile';
import type { LeaderboardRow } from '@omp/protocol';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PagedBody, RefreshableList } from '../../ui/paged-list.tsx';
import { formatClock, formatPercent, formatUsd } from '../../lib/format.ts';
import { useSettings } from '../settings/settings-store.ts';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { useUserInfo } from '../user/use-user-info.ts';
import { useSession } from '../session/session-store.ts';
import { toneOf } from '../orders/account-strip.tsx';
import { utcTextSeconds } from '../money/money-figures.ts';
import { useSending } from '../../lib/use-sending.ts';
import { useLeaderboard, useOptIn, type Board } from './rank-api.ts';

export function RankPage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const [board, setBoard] = useState<Board>(user?.is_demo === 1 ? 'demo' : 'real');
  return (
    <div className="page rank-page" data-testid="rank-page">
      <PageHeader title={t('pages.rank')} />
      <Tabs activeKey={board} onChange={(key) => setBoard(key as Board)} className="money-tabs">
        <Tabs.Tab title={t('rank.realBoard')} key="real" />
        <Tabs.Tab title={t('rank.demoBoard')} key="demo" />
      </Tabs>
      <OptInRow />
      <BoardList key={board} board={board} />
    </div>
  );
}

/** Signed-in users choose whether they appear; visitors see nothing to switch. */
function OptInRow() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const user = useUserInfo();
  const optIn = useOptIn();
  const { busy, send } = useSending();
  if (!token || !user) return null;
  const shown = user.show_on_leaderboard === 1;
  return (
    <label className="opt-in" data-testid="rank-opt-in">
      <span className="opt-in__text">
        <span className="opt-in__title">{t('rank.optInTitle')}</span>
        <span className="opt-in__hint">{t('rank.optInHint')}</span>
      </span>
      <Switch
        checked={shown}
        loading={busy}
        onChange={(next) => send(() => optIn(next))}
        aria-label={t('rank.optInTitle')}
        data-testid="rank-opt-in-switch"
      />
    </label>
  );
}

function BoardList({ board }: { board: Board }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const query = useLeaderboard(board);
  const rows = (query.data?.pages ?? []).flatMap((page) => page.list);
  // The board is recomputed on a schedule, so say how fresh it is.
  const updatedAt = utcTextSeconds(query.data?.pages[0]?.updated_at ?? '');
  return (
    <RefreshableList onRefresh={() => query.refetch()}>
      {updatedAt !== undefined && rows.length > 0 && (
        <p className="rank-updated" data-testid="rank-updated">
          {t('rank.updatedAt', { time: formatClock(updatedAt, lang) })}
        </p>
      )}
      <PagedBody
        query={query}
        rowCount={rows.length}
        skeleton={<OrderSkeleton rows={4} label={t('common.loading')} />}
        empty={<EmptyState title={t('rank.empty')} hint={t('rank.emptyHint')} testId="rank-empty" />}
      >
        <ol className="rank-list" data-testid="rank-list">
          {rows.map((row) => (
            <RankCard key={`${row.rank}-${row.user}`} row={row} />
          ))}
        </ol>
      </PagedBody>
    </RefreshableList>
  );
}

export function RankCard({ row }: { row: LeaderboardRow }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  const tone = toneOf(row.three_week_rate);
  const showDetail = () => Toast.show({ content: t('rank.detailComingSoon') });
  return (
    <li className="rank-card" data-testid="rank-row">
      <button type="button" className="rank-card__button" onClick={showDetail} data-testid="rank-detail">
        <span className={`rank-card__place ${row.rank <= 3 ? `rank-card__place--${row.rank}` : ''}`}>
          {row.rank}
        </span>
        <span className="rank-card__who">
          <span className="rank-card__name" dir="ltr" data-testid="rank-user">
            {row.user}
          </span>
          <span className="rank-card__meta">
            {row.code} · <span className="num">{row.multiple}×</span>
          </span>
        </span>
        <span className="rank-card__rate">
          <span className={`rank-card__rate-value num ${tone ? `text-${tone}` : ''}`} data-testid="rank-rate">
            {formatPercent(row.three_week_rate, lang)}
          </span>
          <span className="rank-card__label">{t('rank.threeWeekRate')}</span>
        </span>
      </button>
      <dl className="rank-card__figures">
        <Figure label={t('rank.winRate')} value={formatPercent(row.three_week_win, lang)} testId="rank-win" />
        <Figure
          label={t('rank.profit')}
          value={formatUsd(row.three_week_profit, lang, { signed: true })}
          tone={toneOf(row.three_week_profit)}
          testId="rank-profit"
        />
        <Figure
          label={t('rank.totalRate')}
          value={formatPercent(row.total_rate, lang)}
          tone={toneOf(row.total_rate)}
          testId="rank-total-rate"
        />
        <Figure label={t('rank.trades')} value={String(row.total_trade_num)} testId="rank-trades" />
        <Figure label={t('rank.followers')} value={String(row.followers)} testId="rank-followers" />
      </dl>
    </li>
  );
}

function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  /** Gains and losses take the market colours, like the return beside the name. */
  tone?: ReturnType<typeof toneOf>;
  testId: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={`num ${tone ? `text-${tone}` : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
