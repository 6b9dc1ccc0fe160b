import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';

/** The full-width submit button of every form (sign-in, money, identity), disabled while sending. */
export function SubmitButton(props: { busy: boolean; testId: string; children: ReactNode }) {
  return (
    <Button
      block
      color="primary"
      size="large"
      type="submit"
      disabled={props.busy}
      className="auth-submit"
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
