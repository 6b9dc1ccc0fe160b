/**
 * `/feedback`, the Documentary tab: what copy trading will be, said plainly as not offered yet,
 * with the real leaders of the board to look at meanwhile (docs/CONTRACT.md "Screens and routes").
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { OrderSkeleton } from '../orders/order-skeleton.tsx';
import { useLeaderboard } from './rank-api.ts';
import { RankCard } from './rank-page.tsx';

const STEPS = ['rank.stepChoose', 'rank.stepCopy', 'rank.stepStop'] as const;

export function DocumentaryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const board = useLeaderboard('real');
  const leaders = (board.data?.pages[0]?.list ?? []).slice(0, 3);
  return (
    <div className="page documentary-page" data-testid="documentary-page">
      <PageHeader title={t('pages.documentary')} />
      <section className="notice-card" data-testid="documentary-intro">
        <ClockCircleOutline className="notice-card__icon" aria-hidden />
        <h2 className="documentary__title">{t('rank.copyTitle')}</h2>
        <p className="notice-card__text">{t('rank.copyNotYet')}</p>
        <ol className="documentary__steps">
          {STEPS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
      </section>
      <h3 className="documentary__heading">{t('rank.leaders')}</h3>
      {board.isPending ? (
        <OrderSkeleton rows={3} label={t('common.loading')} />
      ) : leaders.length === 0 ? (
        <EmptyState title={t('rank.empty')} testId="documentary-empty" />
      ) : (
        <ol className="rank-list">
          {leaders.map((row) => (
            <RankCard key={`${row.rank}-${row.user}`} row={row} />
          ))}
        </ol>
      )}
      <div className="money-form__part documentary__more">
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => void navigate('/rank')}
          data-testid="documentary-rank"
        >
          {t('rank.seeBoard')}
        </Button>
      </div>
    </div>
  );
}
