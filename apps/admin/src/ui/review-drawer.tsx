/**
 * The drawer of one record in a review queue: its details, and the decisions the member's roles
 * allow while it waits. A decision is confirmed (with a reason where the user will read one),
 * its answer is shown, and every list that showed the record asks again.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex } from 'antd';
import { api } from '../lib/api-client.ts';
import { ReasonDialog, type ExtraField } from './reason-dialog.tsx';

export interface Decision {
  key: string;
  label: string;
  /** The call, e.g. /admin/api/deposits/7/reject. */
  path: string;
  consequence: string;
  needsReason: boolean;
  /** The body field the reason goes in. */
  reasonField?: string;
  /** Optional values the decision may carry (the amount that arrived, a payout reference). */
  extraFields?: ExtraField[];
  danger?: boolean;
  primary?: boolean;
}

export interface ReviewDrawerProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  decisions: Decision[];
  /** Query keys to refresh after a decision. */
  refresh: string[];
  children: ReactNode;
}

export function ReviewDrawer(props: ReviewDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<Decision>();

  const decide = async (decision: Decision, reason: string, extras: Record<string, string>) => {
    const body = {
      ...extras,
      ...(decision.needsReason ? { [decision.reasonField ?? 'remark']: reason } : {}),
    };
    const { msg } = await api.postForMessage(decision.path, body);
    message.success(msg);
    await Promise.all(props.refresh.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    props.onClose();
  };

  return (
    <Drawer
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      size={720}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          {props.decisions.map((decision) => (
            <Button
              key={decision.key}
              type={decision.primary ? 'primary' : 'default'}
              danger={decision.danger ?? false}
              onClick={() => setActive(decision)}
            >
              {decision.label}
            </Button>
          ))}
        </Flex>
      }
    >
      {props.children}
      {active && (
        <ReasonDialog
          open
          title={active.label}
          consequence={active.consequence}
          needsReason={active.needsReason}
          okText={active.label}
          danger={active.danger ?? false}
          {...(active.extraFields ? { extraFields: active.extraFields } : {})}
          onConfirm={(reason, extras) => decide(active, reason, extras)}
          onClose={() => setActive(undefined)}
        />
      )}
    </Drawer>
  );
}
