import { InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** The two filters every review queue has: its status, and one user's records. */
export function QueueFilters(props: {
  status: number | undefined;
  statuses: { value: number; label: string }[];
  onStatus: (status: number | undefined) => void;
  userId: number | undefined;
  onUserId: (userId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select<number | 'all'>
        aria-label={t('table.status')}
        value={props.status ?? 'all'}
        onChange={(value) => props.onStatus(value === 'all' ? undefined : value)}
        options={[{ value: 'all', label: t('table.all_statuses') }, ...props.statuses]}
        style={{ width: 180 }}
      />
      <InputNumber<number>
        aria-label={t('table.user_id')}
        placeholder={t('table.user_id')}
        min={1}
        value={props.userId ?? null}
        onChange={(value) => props.onUserId(value ?? undefined)}
        style={{ width: 160 }}
      />
    </>
  );
}
