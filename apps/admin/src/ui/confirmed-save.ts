/**
 * The save of an editor drawer (instrument, article, configuration entry): the form is checked,
 * the change it makes is shown in a confirmation, and only then sent. A success says so and closes
 * the drawer; a refusal closes the confirmation and shows the server's reason in the drawer, with
 * everything typed still there.
 */
import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { api } from '../lib/api-client.ts';
import { errorText } from './error-text.ts';

/** Every value of a form once it passes its rules, fields off screen included; else undefined. */
export async function checkedValues<T>(form: FormInstance<T>): Promise<T | undefined> {
  const passed = await form.validateFields().then(
    () => true,
    () => false,
  );
  return passed ? (form.getFieldsValue(true) as T) : undefined;
}

/** `pending` is what the confirmation shows: where it goes, the body, and anything to list. */
export function useConfirmedSave<P extends { path: string; body: Record<string, unknown> }>(done: {
  onSaved: () => Promise<void>;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [pending, setPending] = useState<P>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const confirm = (change: P) => {
    setError(undefined);
    setPending(change);
  };

  const save = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { msg } = await api.postForMessage(pending.path, pending.body);
      message.success(msg);
      setPending(undefined);
      await done.onSaved();
      done.onClose();
    } catch (failure) {
      setPending(undefined);
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return { pending, confirm, cancel: () => setPending(undefined), save, busy, error };
}
