/**
 * What users were sent (codes, notices), as support reads it: the address, when, how it left,
 * and the text with every verification code masked, so seeing the log never lets a member of
 * staff sign in as the user.
 */
import type { WireMessage } from '@omp/protocol';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import { timeText } from '../wire/trading-wire.ts';
import { maskCodes } from '../adapters/messaging/message-sender.ts';

export class MessageLog {
  private readonly repository: VerificationRepository;

  constructor(repository: VerificationRepository) {
    this.repository = repository;
  }

  async page(
    filter: { address?: string | undefined; channel?: 'email' | 'sms' | undefined },
    page: number,
    pageSize: number,
  ): Promise<{ list: WireMessage[]; total: number; page: number }> {
    const address = filter.address?.trim().toLowerCase();
    const { rows, total } = await this.repository.messagesPage(
      { address: address || undefined, channel: filter.channel },
      (page - 1) * pageSize,
      pageSize,
    );
    return {
      list: rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        address: row.address,
        subject: row.subject,
        body: maskCodes(row.body),
        delivery: row.delivery,
        created_at: timeText(row.createdAt),
      })),
      total,
      page,
    };
  }
}
