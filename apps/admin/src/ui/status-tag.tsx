import { Tag } from 'antd';

/** A record's status as the server names it, coloured by whether it waits, passed or failed. */
export function StatusTag({ tone, text }: { tone: 'waiting' | 'done' | 'refused'; text: string }) {
  const color = tone === 'waiting' ? 'gold' : tone === 'done' ? 'green' : 'red';
  return <Tag color={color}>{text}</Tag>;
}
