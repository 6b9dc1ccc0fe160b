/**
 * Three short screens for a new real user, once, after the first sign-in or registration: what
 * margin is, where the risk figures are, how to deposit. Skippable at every step (the button, or
 * Escape); remembered per user on this device (onboarding-seen.ts), so it never comes back.
 * Demo accounts do not get it: a visitor trying the app has not chosen to trade yet, and a real
 * user in their own demo account has seen it as themselves.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import HandPayCircleOutline from 'antd-mobile-icons/es/HandPayCircleOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import PieOutline from 'antd-mobile-icons/es/PieOutline';
import { useSession } from '../session/session-store.ts';
import { hasSeenOnboarding, markOnboardingSeen } from './onboarding-seen.ts';

interface Step {
  key: 'margin' | 'risk' | 'deposit';
  icon: ReactNode;
}

const STEPS: readonly Step[] = [
  { key: 'margin', icon: <PieOutline /> },
  { key: 'risk', icon: <HistogramOutline /> },
  { key: 'deposit', icon: <HandPayCircleOutline /> },
];

/** Shows the onboarding to the signed-in real user who has not seen it on this device. */
export function Onboarding() {
  const uid = useSession((s) => (s.token !== '' && s.user?.is_demo === 0 ? s.user.uid : null));
  // The stored flag is not reactive: the uid it was just written for is remembered here too.
  const [doneFor, setDoneFor] = useState<number | null>(null);
  if (uid === null || uid === doneFor || hasSeenOnboarding(uid)) return null;
  const finish = () => {
    markOnboardingSeen(uid);
    setDoneFor(uid);
  };
  return <OnboardingDialog onFinish={finish} />;
}

function OnboardingDialog({ onFinish }: { onFinish(): void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;

  // Each step's title takes the focus, so a screen reader reads the new screen from its start.
  useEffect(() => heading.current?.focus(), [index]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onFinish();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onFinish]);

  return (
    <div className="onboarding" role="presentation">
      <div
        className="onboarding__card"
        role="dialog"
        aria-modal="true"
        aria-label={t('onboarding.label')}
        aria-describedby="onboarding-body"
        data-testid="onboarding"
        data-step={step.key}
      >
        <div className="onboarding__top">
          <span className="onboarding__count num" data-testid="onboarding-count">
            {t('onboarding.count', { n: index + 1, total: STEPS.length })}
          </span>
          {!last && (
            <button
              type="button"
              className="onboarding__skip"
              onClick={onFinish}
              data-testid="onboarding-skip"
            >
              {t('onboarding.skip')}
            </button>
          )}
        </div>
        <div className="onboarding__icon" aria-hidden>
          {step.icon}
        </div>
        <h2 className="onboarding__title" ref={heading} tabIndex={-1} data-testid="onboarding-title">
          {t(`onboarding.${step.key}Title`)}
        </h2>
        <p className="onboarding__body" id="onboarding-body">
          {t(`onboarding.${step.key}Body`)}
        </p>
        <ol className="onboarding__dots" aria-hidden>
          {STEPS.map((s, i) => (
            <li key={s.key} className={i === index ? 'is-active' : ''} />
          ))}
        </ol>
        <div className="onboarding__actions">
          {index > 0 && (
            <button
              type="button"
              className="onboarding__button"
              onClick={() => setIndex(index - 1)}
              data-testid="onboarding-back"
            >
              {t('common.back')}
            </button>
          )}
          <button
            type="button"
            className="onboarding__button onboarding__button--primary"
            onClick={() => (last ? onFinish() : setIndex(index + 1))}
            data-testid="onboarding-next"
          >
            {last ? t('onboarding.done') : t('onboarding.next')}
          </button>
        </div>
      </div>
    </div>
  );
}
