import { createContext, use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { useBack } from './use-back.ts';

interface PageHeaderProps {
  title: ReactNode;
  /** Show a back button (screens reached from another screen). */
  back?: boolean;
  left?: ReactNode;
  right?: ReactNode;
}

/**
 * A mark the app puts in the header of every screen, after the back button or the screen's own
 * left action: the demo account's DEMO, so a trade on demo money is never mistaken for a real
 * one. The app shell provides it; none by default.
 */
export const HeaderMarkContext = createContext<ReactNode>(null);

/**
 * The notification bell the app shell gives the headers of its main screens (the ones without a
 * back button) while a user is signed in; none by default.
 */
export const HeaderBellContext = createContext<ReactNode>(null);

/** The sticky top bar of a screen: back, a centred title, actions. */
export function PageHeader({ title, back = false, left, right }: PageHeaderProps) {
  const { t } = useTranslation();
  const goBack = useBack();
  const mark = use(HeaderMarkContext);
  const bell = use(HeaderBellContext);
  return (
    <header className="page-header">
      <div className="page-header__side">
        {back ? (
          <button
            type="button"
            className="icon-button"
            onClick={goBack}
            aria-label={t('common.back')}
            data-testid="back"
          >
            <LeftOutline className="flip-rtl" />
          </button>
        ) : (
          left
        )}
        {mark}
      </div>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__side page-header__side--end">
        {right}
        {!back && bell}
      </div>
    </header>
  );
}
