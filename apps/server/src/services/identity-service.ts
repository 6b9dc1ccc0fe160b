/**
 * Identity verification (docs/CONTRACT.md "Identity"). A real user sends their name, document number
 * and type, and one front and one reverse photo they uploaded themselves; compliance staff approve
 * or reject it with a reason. The user's newest submission decides their state: none or rejected
 * shows the form (with the reason), waiting, or certified. While one is waiting or certified the
 * user cannot send another (also enforced by a unique index, for two sends at the same moment).
 *
 * Each decision moves a waiting submission exactly once (conditional UPDATE) and writes the audit
 * log in the same transaction.
 */
import { IdentityStatus, ReviewStatus, type IdCardType, type IdentitySubmission } from '@omp/protocol';
import { invalid, notFound, refused } from '../domain/errors.ts';
import { writeAudit } from '../repositories/audit-repository.ts';
import {
  IdentityRepository,
  type IdentityFilter,
  type IdentityListing,
  type IdentityRecord,
} from '../repositories/identity-repository.ts';
import { timeText } from '../wire/trading-wire.ts';
import type { EventBus } from '../events/event-bus.ts';
import { sameImage, type UploadService } from './upload-service.ts';
import type { Db } from '../repositories/unit-of-work.ts';
import { isUniqueViolation } from '../repositories/unit-of-work.ts';
import { UploadGoneError } from '../repositories/upload-repository.ts';

/** Letters of any script with their marks, spaces, and the punctuation names carry (O'Neil, Jean-Luc, Jr.). */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.,-]*$/u;
/** Document numbers: letters, digits and dashes (spaces are dropped, letters upper-cased). */
const CARD_ID = /^[A-Z0-9-]{4,32}$/;

export interface IdentityServiceOptions {
  db: Db;
  uploads: Pick<UploadService, 'ownedUpload' | 'link'>;
  /** Where decisions are announced once committed (`identity_decided`). */
  events?: Pick<EventBus, 'publish'>;
  now: () => number;
}

export interface IdentityInput {
  name: string;
  cardId: string;
  cardType: IdCardType;
  frontPic: string;
  /** May be left out for a passport, which has no reverse side. */
  reversePic: string | undefined;
}

export interface IdentityCenter {
  review_status: ReviewStatus;
  remark: string;
  name: string;
  card_type: string;
  card_id: string;
}

export class IdentityService {
  private readonly o: IdentityServiceOptions;
  private readonly repository: IdentityRepository;

  constructor(options: IdentityServiceOptions) {
    this.o = options;
    this.repository = new IdentityRepository(options.db);
  }

  async submit(userId: number, input: IdentityInput): Promise<void> {
    const name = input.name.replace(/\s+/g, ' ').trim();
    if (name.length < 2 || !PERSON_NAME.test(name)) throw invalid('identity.name_invalid');
    const cardId = input.cardId.replace(/\s+/g, '').toUpperCase();
    if (!CARD_ID.test(cardId)) throw invalid('identity.card_id_invalid');
    const front = await this.o.uploads.ownedUpload(input.frontPic, userId);
    if (!front) throw invalid('identity.pic_invalid', { field: 'front_pic' });
    const frontPic = front.name;
    // A passport's photo page may be all there is (no reverse side); every other document has both.
    let reversePic = '';
    if (input.cardType !== 'passport' || input.reversePic !== undefined) {
      const reverse = input.reversePic
        ? await this.o.uploads.ownedUpload(input.reversePic, userId)
        : undefined;
      if (!reverse) throw invalid('identity.pic_invalid', { field: 'reverse_pic' });
      // By content too: the same photo uploaded twice has two names but is still one side.
      if (sameImage(front, reverse)) throw invalid('identity.pics_same');
      reversePic = reverse.name;
    }

    await this.assertMaySubmit(userId);
    try {
      await this.repository.insertWaiting({
        userId,
        name,
        cardType: input.cardType,
        cardId,
        frontPic,
        reversePic,
        createdAt: this.o.now(),
      });
    } catch (error) {
      // A photo deleted as unattached (a day old) between the check above and the insert.
      if (error instanceof UploadGoneError)
        throw invalid('identity.pic_invalid', {
          field: error.names.includes(frontPic) ? 'front_pic' : 'reverse_pic',
        });
      // A submission sent at the same moment got in first: answer as if it had come earlier.
      if (isUniqueViolation(error)) await this.assertMaySubmit(userId);
      throw error;
    }
  }

  private async assertMaySubmit(userId: number): Promise<void> {
    const latest = await this.repository.latestOf(userId);
    if (latest?.status === IdentityStatus.waiting) throw refused('identity.waiting');
    if (latest?.status === IdentityStatus.certified) throw refused('identity.already_certified');
  }

  async center(userId: number): Promise<IdentityCenter> {
    const latest = await this.repository.latestOf(userId);
    if (!latest)
      return { review_status: ReviewStatus.form, remark: '', name: '', card_type: '', card_id: '' };
    const reviewStatus =
      latest.status === IdentityStatus.waiting
        ? ReviewStatus.waiting
        : latest.status === IdentityStatus.certified
          ? ReviewStatus.certified
          : ReviewStatus.form;
    return {
      review_status: reviewStatus,
      remark: latest.status === IdentityStatus.rejected ? (latest.remark ?? '') : '',
      name: latest.name,
      card_type: latest.cardType,
      card_id: maskCardId(latest.cardId),
    };
  }

  /** Whether the user holds a certified identity (withdrawals may require one). */
  async isCertified(userId: number): Promise<boolean> {
    return this.repository.hasStatus(userId, IdentityStatus.certified);
  }

  async list(filter: IdentityFilter, page: number, pageSize: number) {
    const { list, total } = await this.repository.list(filter, page, pageSize);
    return { list: list.map((record) => this.toWire(record)), total, page };
  }

  async detail(id: number): Promise<IdentitySubmission> {
    const found = await this.repository.listingById(id);
    if (!found) throw notFound('identity.not_found', { id });
    return this.toWire(found);
  }

  /** A submission for the back office, its photos as signed links an <img> tag opens. */
  private toWire(record: IdentityListing): IdentitySubmission {
    return toWireSubmission(record, (name) => this.o.uploads.link(name));
  }

  approve(staff: { id: number }, id: number): Promise<IdentitySubmission> {
    return this.decide(staff, id, IdentityStatus.certified, null);
  }

  reject(staff: { id: number }, id: number, remark: string): Promise<IdentitySubmission> {
    return this.decide(staff, id, IdentityStatus.rejected, remark);
  }

  private async decide(
    staff: { id: number },
    id: number,
    status: IdentityStatus,
    remark: string | null,
  ): Promise<IdentitySubmission> {
    const nowMs = this.o.now();
    const action = status === IdentityStatus.certified ? 'identity.approve' : 'identity.reject';
    const userId = await this.o.db.transaction().execute(async (trx) => {
      const repository = new IdentityRepository(trx);
      const before = await repository.byId(id);
      if (!before) throw notFound('identity.not_found', { id });
      if (before.status !== IdentityStatus.waiting) throw refused('identity.already_decided', { id });
      const decided = await repository.decide(id, IdentityStatus.waiting, {
        status,
        remark,
        reviewedBy: staff.id,
        reviewedAt: nowMs,
      });
      // Another decision committed between our read and our update: it stands, this one does not.
      if (!decided) throw refused('identity.already_decided', { id });
      await writeAudit(trx, {
        staffId: staff.id,
        action,
        targetType: 'identity',
        targetId: id,
        before: auditView(before),
        after: auditView((await repository.byId(id))!),
        atMs: nowMs,
      });
      return before.userId;
    });
    this.o.events?.publish('identity_decided', { userId, action, targetId: id, staffId: staff.id });
    return this.detail(id);
  }
}

/**
 * The document number as the user sees it back: only the first and last characters, so a glance at
 * a phone screen does not reveal it. "X1234567" → "X1****67".
 */
export function maskCardId(cardId: string): string {
  if (cardId.length <= 2) return '*'.repeat(cardId.length);
  const shown = cardId.length >= 8 ? 2 : 1;
  return cardId.slice(0, shown) + '*'.repeat(cardId.length - 2 * shown) + cardId.slice(-shown);
}

/** What the audit log keeps of a submission: its state, not the full document number. */
function auditView(record: IdentityRecord) {
  return {
    user_id: record.userId,
    status: record.status,
    remark: record.remark,
    reviewed_by: record.reviewedBy,
    reviewed_at: record.reviewedAt,
    card_type: record.cardType,
    card_id: maskCardId(record.cardId),
  };
}

function toWireSubmission(record: IdentityListing, link: (name: string) => string): IdentitySubmission {
  return {
    id: record.id,
    user_id: record.userId,
    uid: record.uid,
    account: record.account,
    name: record.name,
    card_type: record.cardType,
    card_id: record.cardId,
    front_pic: link(record.frontPic),
    reverse_pic: record.reversePic ? link(record.reversePic) : '',
    status: record.status,
    remark: record.remark ?? '',
    reviewed_by: record.reviewedBy,
    reviewed_at: timeText(record.reviewedAt ?? 0),
    created_at: timeText(record.createdAt),
  };
}
