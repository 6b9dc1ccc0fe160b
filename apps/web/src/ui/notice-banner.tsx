/**
 * The frame of every notice pinned over the screens: the margin call, the stop-out and a trailing
 * stop's close above the tab bar, the fill notice at the top. One card, one close button and one
 * look for their actions, so the notices read as one family and change together (notice-banner.css).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import ExclamationTriangleOutline from 'antd-mobile-icons/es/ExclamationTriangleOutline';

interface NoticeFrameProps {
  /** Bottom: above the tab bar, clear of the header's figures. Top: over the header only. */
  placement: 'top' | 'bottom';
  /** Warning: red, for money at risk. Info: the accent, for a plan that worked. */
  tone?: 'warning' | 'info';
  role: 'alert' | 'status';
  testId: string;
  /** Extra classes for what only one notice has (its content's own layout). */
  className?: string;
  onDismiss(): void;
  dismissTestId: string;
  children: ReactNode;
  /** The id of what the notice is about (data-id), e.g. the order a fill notice opens. */
  dataId?: number;
}

/** The card, its place and its close button; what it says is the caller's. */
export function NoticeFrame(props: NoticeFrameProps) {
  const { t } = useTranslation();
  const classes = ['notice-banner', `notice-banner--${props.placement}`];
  if (props.tone) classes.push(`notice-banner--${props.tone}`);
  if (props.className) classes.push(props.className);
  return (
    <div className={classes.join(' ')} role={props.role} data-testid={props.testId} data-id={props.dataId}>
      {props.children}
      <button
        type="button"
        className="notice-banner__close"
        onClick={props.onDismiss}
        aria-label={t('common.close')}
        data-testid={props.dismissTestId}
      >
        <CloseOutline />
      </button>
    </div>
  );
}

interface NoticeBannerProps {
  tone: 'warning' | 'info';
  testId: string;
  onDismiss(): void;
  dismissTestId: string;
  title: ReactNode;
  /** The sentence under the title. */
  body: ReactNode;
  bodyTestId?: string;
  /** Lines after the body, e.g. the realised P/L. */
  children?: ReactNode;
  /** NoticeAction buttons, in a row that wraps. */
  actions: ReactNode;
}

/** A bottom notice: a warning icon (warnings only), a title, a sentence and what to do about it. */
export function NoticeBanner(props: NoticeBannerProps) {
  return (
    <NoticeFrame
      placement="bottom"
      tone={props.tone}
      role="alert"
      testId={props.testId}
      onDismiss={props.onDismiss}
      dismissTestId={props.dismissTestId}
    >
      {props.tone === 'warning' && <ExclamationTriangleOutline className="notice-banner__icon" aria-hidden />}
      <div className="notice-banner__text">
        <p className="notice-banner__title">{props.title}</p>
        <p className="notice-banner__body" data-testid={props.bodyTestId}>
          {props.body}
        </p>
        {props.children}
        <div className="notice-banner__actions">{props.actions}</div>
      </div>
    </NoticeFrame>
  );
}

/** A notice's button: filled for the main way on, outlined for a second one. */
export function NoticeAction(props: {
  onClick(): void;
  testId?: string;
  secondary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.secondary ? 'notice-banner__link' : 'notice-banner__action'}
      data-testid={props.testId}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
