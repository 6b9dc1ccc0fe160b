import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import FlagOutline from 'antd-mobile-icons/es/FlagOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { normalizePath, TAB_PATHS } from './routes.ts';

const TABS: Record<(typeof TAB_PATHS)[number], { key: string; Icon: ComponentType<{ className?: string }> }> =
  {
    '/feedback': { key: 'tabs.documentary', Icon: TeamOutline },
    '/order': { key: 'tabs.orders', Icon: BillOutline },
    '/': { key: 'tabs.market', Icon: UnorderedListOutline },
    '/rank': { key: 'tabs.ranking', Icon: FlagOutline },
    '/trade': { key: 'tabs.trading', Icon: HistogramOutline },
  };

/** The fixed footer of the kept-alive pages, in the contract's order; each target is at least 56 px tall. */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = normalizePath(useLocation().pathname);
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')} data-testid="tab-bar">
      {TAB_PATHS.map((path) => {
        const { key, Icon } = TABS[path];
        const active = current === path;
        return (
          <button
            key={path}
            type="button"
            className={`tab-bar__item ${active ? 'is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => {
              if (!active) navigate(path);
            }}
            data-testid={`tab-${path === '/' ? 'market' : path.slice(1)}`}
          >
            <Icon className="tab-bar__icon" />
            <span className="tab-bar__label">{t(key)}</span>
          </button>
        );
      })}
    </nav>
  );
}
