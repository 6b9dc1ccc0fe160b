/**
 * One trader's account as the engine holds it: figures, open positions with their live P/L,
 * pending orders, history and ledger; and the actions staff take on it, each confirmed with a
 * reason and audited: adjust the balance or credit a bonus, close a position, cancel an order,
 * freeze trading or withdrawals, reset the password, cut off or restore access, end every session.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Descriptions, Drawer, Dropdown, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import type { OrderRow, WireUserDetail } from '@omp/protocol';
import { api } from '../lib/api-client.ts';
import { allows, useSession } from '../lib/session.ts';
import { localTime } from '../lib/time.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { Invitees, Ledger, MoneyRecords, Orders, PayoutMethods, SignIns } from './user-drawer-tables.tsx';
import { groupedMoney } from '../lib/money-text.ts';

type Hold = 'freeze_trading' | 'unfreeze_trading' | 'freeze_withdrawals' | 'unfreeze_withdrawals';
type Action =
  | { kind: 'close' | 'cancel'; order: OrderRow }
  | { kind: 'disable' | 'enable' | 'logout' | 'reset_password' | 'reset_two_factor' | Hold };

export function UserDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { staff } = useSession();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>();
  const [adjusting, setAdjusting] = useState(false);
  const detail = useQuery({
    queryKey: ['user', id],
    queryFn: () => api.get<WireUserDetail>(`/admin/api/users/${id}`),
    refetchInterval: 3000,
  });
  const user = detail.data;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['user'] });
  const act = async (path: string, body: Record<string, unknown>) => {
    const { msg } = await api.postForMessage(path, body);
    message.success(msg);
    await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['users'] })]);
  };

  const orderColumns = (status: 0 | 1 | 3) => [
    { title: t('table.id'), dataIndex: 'Id' },
    { title: t('dashboard.instrument'), render: (_: unknown, o: OrderRow) => o.ForexTradeLists.Code },
    {
      title: t('users.side'),
      render: (_: unknown, o: OrderRow) => (o.OrderType === 1 ? t('users.buy') : t('users.sell')),
    },
    { title: t('users.lots'), dataIndex: 'Quantity', align: 'right' as const },
    {
      title: t('users.open_price'),
      align: 'right' as const,
      render: (_: unknown, o: OrderRow) => <InstrumentPrice row={o} value={o.OriginPrice} />,
    },
    {
      title: status === 3 ? t('users.close_price') : t('users.price_now'),
      align: 'right' as const,
      render: (_: unknown, o: OrderRow) => <InstrumentPrice row={o} value={o.Price} />,
    },
    {
      title: status === 3 ? t('users.profit') : t('users.floating_pl'),
      align: 'right' as const,
      render: (_: unknown, o: OrderRow) => (
        <span
          className="num"
          style={{ color: o.FactProfits < 0 ? 'var(--down)' : o.FactProfits > 0 ? 'var(--up)' : undefined }}
        >
          {o.FactProfits.toFixed(2)}
        </span>
      ),
    },
    ...(status === 3
      ? [
          {
            title: t('users.closed_by'),
            render: (_: unknown, o: OrderRow) => t(`users.closed_${o.ClosedType}`),
          },
        ]
      : []),
    ...(status !== 3 && allows(staff, ['admin'])
      ? [
          {
            title: t('table.actions'),
            render: (_: unknown, o: OrderRow) => (
              <Button
                size="small"
                danger
                onClick={() => setAction({ kind: status === 1 ? 'close' : 'cancel', order: o })}
              >
                {status === 1 ? t('users.close_position') : t('users.cancel_order')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const dialog =
    action &&
    {
      close: { title: t('users.close_position'), consequence: t('users.close_consequence') },
      cancel: { title: t('users.cancel_order'), consequence: t('users.cancel_consequence') },
      disable: { title: t('users.disable'), consequence: t('users.disable_consequence') },
      enable: { title: t('users.enable'), consequence: t('users.enable_consequence') },
      logout: { title: t('users.logout'), consequence: t('users.logout_consequence') },
      reset_password: {
        title: t('users.reset_password'),
        consequence: t('users.reset_password_consequence'),
      },
      reset_two_factor: {
        title: t('twoFactorAdmin.reset'),
        consequence: t('twoFactorAdmin.reset_consequence'),
      },
      freeze_trading: {
        title: t('users.freeze_trading'),
        consequence: t('users.freeze_trading_consequence'),
      },
      unfreeze_trading: { title: t('users.unfreeze_trading'), consequence: t('users.unfreeze_consequence') },
      freeze_withdrawals: {
        title: t('users.freeze_withdrawals'),
        consequence: t('users.freeze_withdrawals_consequence'),
      },
      unfreeze_withdrawals: {
        title: t('users.unfreeze_withdrawals'),
        consequence: t('users.unfreeze_consequence'),
      },
    }[action.kind];
  const send = (chosen: Action, reason: string) => {
    if (chosen.kind === 'close' || chosen.kind === 'cancel')
      return act(`/admin/api/users/${id}/orders/${chosen.order.Id}/${chosen.kind}`, { reason });
    if (chosen.kind === 'logout') return act(`/admin/api/users/${id}/logout`, { reason });
    if (chosen.kind === 'reset_password') return act(`/admin/api/users/${id}/reset-password`, { reason });
    if (chosen.kind === 'reset_two_factor') return act(`/admin/api/users/${id}/two_factor/reset`, { reason });
    if (chosen.kind === 'disable' || chosen.kind === 'enable')
      return act(`/admin/api/users/${id}/disable`, { disabled: chosen.kind === 'disable', reason });
    const hold = chosen.kind.endsWith('trading') ? 'trading' : 'withdrawals';
    return act(`/admin/api/users/${id}/freeze`, { [hold]: chosen.kind.startsWith('freeze'), reason });
  };

  return (
    <Drawer
      open
      size={960}
      onClose={onClose}
      title={
        user
          ? `${t('users.drawer_title', { id })} · ${user.email || user.mobile}`
          : t('users.drawer_title', { id })
      }
      extra={
        user && (
          <Flex gap={8}>
            {!user.is_demo && allows(staff, ['finance']) && (
              <Button onClick={() => setAdjusting(true)}>{t('users.adjust')}</Button>
            )}
            {allows(staff, ['compliance']) && (
              <>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      {
                        key: user.trading_frozen ? 'unfreeze_trading' : 'freeze_trading',
                        label: user.trading_frozen ? t('users.unfreeze_trading') : t('users.freeze_trading'),
                      },
                      {
                        key: user.withdrawals_frozen ? 'unfreeze_withdrawals' : 'freeze_withdrawals',
                        label: user.withdrawals_frozen
                          ? t('users.unfreeze_withdrawals')
                          : t('users.freeze_withdrawals'),
                      },
                      ...(user.is_demo ? [] : [{ key: 'reset_password', label: t('users.reset_password') }]),
                      // A lost authenticator: the user signs in with the password until they enrol again.
                      ...(user.two_factor === 1
                        ? [{ key: 'reset_two_factor', label: t('twoFactorAdmin.reset') }]
                        : []),
                      { key: 'logout', label: t('users.logout') },
                    ],
                    onClick: ({ key }) =>
                      setAction({ kind: key as Hold | 'reset_password' | 'reset_two_factor' | 'logout' }),
                  }}
                >
                  <Button>{t('users.access_actions')}</Button>
                </Dropdown>
                <Button
                  danger={!user.disabled}
                  onClick={() => setAction({ kind: user.disabled ? 'enable' : 'disable' })}
                >
                  {user.disabled ? t('users.enable') : t('users.disable')}
                </Button>
              </>
            )}
          </Flex>
        )
      }
    >
      {!user ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" bordered column={3} data-testid="user-figures">
            <Descriptions.Item label="UID">{user.uid}</Descriptions.Item>
            <Descriptions.Item label={t('users.kind')}>
              {user.is_demo ? t('users.demo') : t('users.real')}
              {/* A real user's own demo account and its owner name each other. */}
              {user.demo_of !== null && (
                <span data-testid="user-demo-of"> · {t('users.demo_of', { id: user.demo_of })}</span>
              )}
              {user.demo_account !== null && (
                <span data-testid="user-demo-account">
                  {' '}
                  · {t('users.demo_account', { id: user.demo_account })}
                </span>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('staff.state')}>
              {user.disabled ? (
                <Tag color="red">{t('staff.disabled')}</Tag>
              ) : (
                <Tag color="blue">{t('staff.active')}</Tag>
              )}
              {user.trading_frozen === 1 && (
                <Tag color="orange" data-testid="hold-trading">
                  {t('users.trading_frozen')}
                </Tag>
              )}
              {user.withdrawals_frozen === 1 && <Tag color="orange">{t('users.withdrawals_frozen')}</Tag>}
              {user.two_factor === 1 && (
                <Tag color="green" data-testid="user-two-factor">
                  {t('twoFactorAdmin.on')}
                </Tag>
              )}
              {t('users.live_sessions', { count: user.live_sessions })}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.balance')}>
              <span className="num" data-testid="user-balance">
                {groupedMoney(user.figures.balance_usd)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.equity')}>
              <span className="num">{groupedMoney(user.figures.equity_usd)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.free_margin')}>
              <span className="num">{groupedMoney(user.figures.free_margin_usd)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.used_margin')}>
              <span className="num">{groupedMoney(user.figures.used_margin_usd)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.floating_pl')}>
              <span className="num">{groupedMoney(user.figures.floating_pl_usd)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dashboard.margin_level')}>
              <span className="num">
                {user.figures.margin_level_pct ? `${user.figures.margin_level_pct} %` : '—'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.email')}>
              <ContactText value={user.email} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.mobile')}>
              <ContactText value={user.mobile} />
            </Descriptions.Item>
            <Descriptions.Item label={t('table.created')}>{localTime(user.created_at)}</Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'holding',
                label: t('users.positions'),
                children: <Orders id={id} status={1} columns={orderColumns(1)} />,
              },
              {
                key: 'pending',
                label: t('users.pending'),
                children: <Orders id={id} status={0} columns={orderColumns(0)} />,
              },
              {
                key: 'closed',
                label: t('users.history'),
                children: <Orders id={id} status={3} columns={orderColumns(3)} />,
              },
              { key: 'ledger', label: t('users.ledger'), children: <Ledger id={id} /> },
              ...(allows(staff, ['finance', 'support'])
                ? [
                    {
                      key: 'deposits',
                      label: t('nav.deposits'),
                      children: <MoneyRecords path="/admin/api/deposits" userId={id} />,
                    },
                    {
                      key: 'withdrawals',
                      label: t('nav.withdrawals'),
                      children: <MoneyRecords path="/admin/api/withdrawals" userId={id} />,
                    },
                  ]
                : []),
              ...(allows(staff, ['finance', 'compliance', 'support'])
                ? [{ key: 'payout', label: t('users.payout_methods'), children: <PayoutMethods id={id} /> }]
                : []),
              { key: 'sign-ins', label: t('users.sign_ins'), children: <SignIns id={id} /> },
              { key: 'invitees', label: t('users.invitees'), children: <Invitees id={id} /> },
            ]}
          />
        </Flex>
      )}
      {action && dialog && (
        <ReasonDialog
          open
          title={dialog.title}
          consequence={dialog.consequence}
          needsReason
          reasonLabel={t('users.reason_internal')}
          reasonRequired={t('decision.reason_required_internal')}
          okText={dialog.title}
          danger={action.kind !== 'enable'}
          onConfirm={(reason) => send(action, reason)}
          onClose={() => setAction(undefined)}
        />
      )}
      {adjusting && (
        <ReasonDialog
          open
          title={t('users.adjust')}
          consequence={t('users.adjust_consequence')}
          extraFields={[
            {
              name: 'kind',
              label: t('users.adjust_kind'),
              initial: 'adjustment',
              options: [
                { value: 'adjustment', label: t('users.kind_adjustment') },
                { value: 'bonus', label: t('users.kind_bonus') },
              ],
            },
            {
              name: 'amount',
              label: t('users.amount'),
              hint: t('users.amount_hint'),
              suffix: 'USD',
              required: true,
              pattern: { regex: /^-?\d{1,9}(\.\d{1,6})?$/, message: t('users.amount_rule') },
            },
          ]}
          needsReason
          reasonLabel={t('users.reason_internal')}
          reasonRequired={t('decision.reason_required_internal')}
          okText={t('users.adjust')}
          onConfirm={(reason, extras) =>
            act(`/admin/api/users/${id}/adjust`, { amount: extras.amount, kind: extras.kind, reason })
          }
          onClose={() => setAdjusting(false)}
        />
      )}
    </Drawer>
  );
}

/** A price of the row's instrument at its precision (1.10000, not 1.1), as the phone shows it. */
function InstrumentPrice({ row, value }: { row: OrderRow; value: number }) {
  return <span className="num">{value.toFixed(row.ForexTradeLists.PricePrecision)}</span>;
}

/**
 * An e-mail address or phone number staff often paste elsewhere: copied with one click, and
 * broken only where it must be (a long address wraps instead of widening the figures).
 */
function ContactText({ value }: { value: string | null | undefined }) {
  if (!value) return <>—</>;
  const at = value.indexOf('@');
  return (
    <Typography.Text copyable={{ text: value }} className="contact-text">
      {at > 0 ? (
        <>
          {value.slice(0, at + 1)}
          <wbr />
          {value.slice(at + 1)}
        </>
      ) : (
        value
      )}
    </Typography.Text>
  );
}
