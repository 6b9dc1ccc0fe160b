/**
 * A user's id in a review drawer (a deposit, a withdrawal, an identity check), as a link that opens
 * the user's own drawer on top: their balance, positions, history and sign-ins are one click away
 * from the decision, and closing it (Esc) returns to the record under review.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { UserDrawer } from './user-drawer.tsx';

export function UserLink({ id }: { id: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={() => setOpen(true)}
        aria-label={t('users.open_user', { id })}
      >
        #{id}
      </Button>
      {open && <UserDrawer id={id} onClose={() => setOpen(false)} />}
    </>
  );
}
