import { useTranslation } from 'react-i18next';
import { Button, Toast } from 'antd-mobile';
import { copyText } from '../user/clipboard.ts';

/** Copies one figure (an address, an account number) and says whether it worked. */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const copied = await copyText(text);
    Toast.show(
      copied ? { icon: 'success', content: t('invite.copied') } : { content: t('invite.copyFailed') },
    );
  };
  return (
    <Button size="small" fill="outline" color="primary" onClick={() => void copy()} data-testid={testId}>
      {t('invite.copy')}
    </Button>
  );
}
