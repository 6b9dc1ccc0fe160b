/**
 * Image uploads: identity photos and proofs of payment. An upload is accepted only when its bytes
 * are a PNG, JPEG or WebP image (image-type.ts) that decodes; what is stored is that image encoded
 * again, without its metadata (image-reencode.ts). It is stored under a random 128-bit name that
 * nobody can guess or enumerate, and it is recorded with its owner, so only the owner (and the
 * back office) can read it and only the owner can attach it to a submission. Readers get it through
 * a short-lived signed link (file-links.ts) or with their session in the Authorization header.
 *
 * Example: an upload of a PNG is stored as `3f9c…e1.png` and answered with the url
 * `/v1/files/3f9c…e1.png`; `ownedUpload('/v1/files/3f9c…e1.png', owner)` gives back its record.
 */
import type { FileUse } from '@omp/protocol';
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ResponseCode } from '@omp/protocol';
import type { FileStorage } from '../adapters/storage/file-storage.ts';
import { DomainError, invalid } from '../domain/errors.ts';
import {
  imageDigestsOf,
  type UploadRecord,
  type UploadRepository,
} from '../repositories/upload-repository.ts';
import type { KeyedLocks } from './keyed-locks.ts';
import type { FileLinks } from '../security/file-links.ts';
import { imageTypeOf } from '../inputs/image-type.ts';
import { reencodeImage, UPLOAD_MAX_PIXELS, type ImageReencoder } from '../adapters/images/image-reencode.ts';
import { StoredFileTooLargeError } from '../adapters/storage/database-file-storage.ts';
import { BusyError, WorkLimiter, type WorkLimits } from './work-limiter.ts';

/**
 * Phone cameras produce 2-4 MB photos; 5 MB takes them without letting the disk be filled fast.
 * It bounds what is stored as well as what is sent: an image that comes out of re-encoding larger
 * (a small, well-compressed file of noise can grow several times) is refused the same way.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const FILE_URL_PREFIX = '/v1/files/';
/**
 * Uploads one user may attempt in an hour. Identity takes two photos and each deposit one proof, so
 * honest use stays far below; a script filling the disk or keeping the CPU busy does not. Each
 * upload that reaches decoding is counted first, under that user's lock (services/keyed-locks.ts),
 * so parallel requests cannot slip past the cap together, whichever nodes they reach, and an image
 * that fails to decode uses up the cap as a stored one does.
 */
export const UPLOADS_PER_HOUR = 30;
const HOUR_MS = 3_600_000;
/**
 * Uploads of one user this process receives and works on at once. Each holds its whole body (up to
 * 5 MB) in memory until it is stored, and the hourly cap is only charged once a body is read, so
 * without this one account sending hundreds at once would hold gigabytes. Identity sends two photos
 * at once and a deposit one; a fifth is refused (429) before its body is read.
 */
export const UPLOADS_IN_FLIGHT_PER_USER = 4;

const UPLOAD_NAME = /^[0-9a-f]{32}\.(?:png|jpg|webp)$/;
/** The url image_upload answers with, also with the host in front or a query string behind it. */
const UPLOAD_URL = /^(?:https?:\/\/[^/?#]+)?\/v1\/files\/([0-9a-f]{32}\.(?:png|jpg|webp))(?:\?[^#]*)?$/;

export const uploadUrl = (name: string) => `${FILE_URL_PREFIX}${name}`;

/** The canonical name in a bare name or an upload url; undefined when it is neither. */
export function uploadNameOf(nameOrUrl: string): string | undefined {
  const text = nameOrUrl.trim();
  if (UPLOAD_NAME.test(text)) return text;
  return UPLOAD_URL.exec(text)?.[1];
}

export interface UploadServiceOptions {
  repository: UploadRepository;
  storage: FileStorage;
  links: FileLinks;
  now: () => number;
  /**
   * One user's attempts are checked against the hourly cap and counted one after another, so none
   * passes the cap. The heavy decoding runs after, outside the lock.
   */
  locks: KeyedLocks;
  /** The re-encoding step; image-reencode.ts unless a test puts its own in front. */
  reencode?: ImageReencoder;
  /** How many re-encodes run and wait at once in this process; DEFAULT_IMAGE_WORK otherwise. */
  imageWork?: WorkLimits;
}

/**
 * One re-encode per core, and a queue long enough for a burst of honest uploads; beyond it the
 * upload is refused as busy (code 429) instead of waiting behind minutes of work.
 */
export const DEFAULT_IMAGE_WORK: WorkLimits = {
  concurrent: Math.max(1, availableParallelism()),
  queued: 32,
};

export class UploadService {
  private readonly o: UploadServiceOptions;
  private readonly reencode: ImageReencoder;
  private readonly imageWork: WorkLimiter;
  /** Uploads being received or worked on, by user, in this process (receiveImage). */
  private readonly inFlight = new Map<number, number>();

  constructor(options: UploadServiceOptions) {
    this.o = options;
    this.reencode = options.reencode ?? reencodeImage;
    this.imageWork = new WorkLimiter(options.imageWork ?? DEFAULT_IMAGE_WORK);
  }

  /**
   * Receives an upload of a user: admitted before `read` takes its body in (the user's uploads in
   * flight in this process, then the hourly cap, which a user who used it up thus hits before
   * sending megabytes), then stored by storeImage. The place is held until the image is stored or
   * refused, while its bytes are in memory.
   */
  async receiveImage(
    ownerUserId: number,
    read: () => Promise<Buffer>,
  ): Promise<{ name: string; url: string }> {
    const held = this.inFlight.get(ownerUserId) ?? 0;
    if (held >= UPLOADS_IN_FLIGHT_PER_USER) {
      throw new DomainError(ResponseCode.rateLimited, 'upload.in_flight', {
        max: UPLOADS_IN_FLIGHT_PER_USER,
      });
    }
    this.inFlight.set(ownerUserId, held + 1);
    try {
      const now = this.o.now();
      if ((await this.o.repository.attemptsSince(ownerUserId, now - HOUR_MS + 1)) >= UPLOADS_PER_HOUR) {
        throw tooManyUploads();
      }
      return await this.storeImage(ownerUserId, await read());
    } finally {
      const left = (this.inFlight.get(ownerUserId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(ownerUserId, left);
      else this.inFlight.delete(ownerUserId);
    }
  }

  /** The user's uploads this process is receiving or working on now (for tests and metrics). */
  inFlightOf(userId: number): number {
    return this.inFlight.get(userId) ?? 0;
  }

  /**
   * Checks, stores and records an image of a user; refuses with a message the user can act on.
   * The cheap checks come first, then the hourly cap is charged, and only then is the image
   * decoded, within the process' limit of re-encodes at once.
   */
  async storeImage(ownerUserId: number, bytes: Buffer): Promise<{ name: string; url: string }> {
    if (bytes.length === 0) throw invalid('upload.empty');
    if (bytes.length > UPLOAD_MAX_BYTES) throw uploadTooLarge();
    const type = imageTypeOf(bytes);
    if (!type) throw invalid('upload.not_image');
    const attempt = await this.chargeAttempt(ownerUserId);
    let image;
    try {
      image = await this.imageWork.run(() => this.reencode(bytes, type));
    } catch (error) {
      if (!(error instanceof BusyError)) throw error;
      // Refused for the server's load, not for anything the user did: the attempt is given back.
      await this.o.repository.withdrawAttempt(attempt).catch(() => undefined);
      throw new DomainError(ResponseCode.rateLimited, 'upload.busy');
    }
    if (!image.ok && image.reason === 'too_many_pixels') {
      throw invalid('upload.too_many_pixels', { max: UPLOAD_MAX_PIXELS / 1_000_000 });
    }
    // Still counted against the hour's cap: the server spent the time on it.
    if (!image.ok && image.reason === 'timed_out') throw invalid('upload.timed_out');
    if (!image.ok) throw invalid('upload.unreadable');
    if (image.bytes.length > UPLOAD_MAX_BYTES) throw uploadTooLarge();
    return this.storeChecked(ownerUserId, image.bytes, type, sha256Of(bytes));
  }

  /** Counts one more attempt of the user, or refuses with 429 when the hour's are used up. */
  private async chargeAttempt(ownerUserId: number): Promise<number> {
    const id = await this.o.locks.withLock(`uploads:user:${ownerUserId}`, () => {
      const now = this.o.now();
      return this.o.repository.chargeAttempt(ownerUserId, now - HOUR_MS + 1, now, UPLOADS_PER_HOUR);
    });
    if (id === undefined) throw tooManyUploads();
    return id;
  }

  private async storeChecked(
    ownerUserId: number,
    bytes: Buffer,
    type: NonNullable<ReturnType<typeof imageTypeOf>>,
    originalSha256: string,
  ): Promise<{ name: string; url: string }> {
    const now = this.o.now();
    const name = `${randomBytes(16).toString('hex')}.${type.extension}`;
    // Bytes first, row second: a crash in between leaves an unreferenced file, never a row
    // pointing at nothing. A failed insert removes the bytes again.
    try {
      await this.o.storage.put(name, bytes);
    } catch (error) {
      // A store with its own cap per file (the database) refuses what is too large for it: that
      // is the user's image being too large, not a fault of the server.
      if (error instanceof StoredFileTooLargeError) throw uploadTooLarge();
      throw error;
    }
    try {
      await this.o.repository.insert({
        name,
        ownerUserId,
        mime: type.mime,
        size: bytes.length,
        createdAt: now,
        sha256: sha256Of(bytes),
        originalSha256,
      });
    } catch (error) {
      await this.o.storage.delete(name).catch(() => undefined);
      throw error;
    }
    return { name, url: uploadUrl(name) };
  }

  /**
   * The record of an upload (its canonical name and digests) when it exists and belongs to the
   * user; undefined otherwise (unknown, someone else's, or not an upload reference at all).
   * Services call it before they attach an image to a record, so nobody can point a record at
   * another person's photo.
   */
  async ownedUpload(nameOrUrl: string, userId: number): Promise<UploadRecord | undefined> {
    const name = uploadNameOf(nameOrUrl);
    if (!name) return undefined;
    const upload = await this.o.repository.byName(name);
    return upload && upload.ownerUserId === userId ? upload : undefined;
  }

  /**
   * A short-lived link that opens the upload without a session: what the answers to its owner and
   * to the back office carry, since an <img> tag cannot send the Authorization header.
   */
  link(name: string): string {
    return this.o.links.signed(uploadUrl(name), name);
  }

  /** Whether a link's `exp` and `sig` open the upload `name` now. */
  linkOpens(name: string, exp: string | undefined, sig: string | undefined): boolean {
    return this.o.links.opens(name, exp, sig);
  }

  /** What the upload is attached to, which decides the staff roles that may open it. */
  usesOf(name: string): Promise<FileUse[]> {
    return this.o.repository.usesOf(name);
  }

  /**
   * The record of an upload, without its bytes: whoever calls decides who may see it, and only
   * then reads the bytes (bytesOf), so a request that may not open a file costs no read of it.
   */
  async find(name: string): Promise<UploadRecord | undefined> {
    if (!UPLOAD_NAME.test(name)) return undefined;
    return this.o.repository.byName(name);
  }

  /**
   * Deletes up to `limit` uploads made before `beforeMs` that nothing refers to. The rows go first,
   * in one statement that checks again that nothing refers to them (a deposit or an identity
   * submission may have named one since it was listed: that one stays), and only the bytes of the
   * rows it deleted go after. A record can thus never name a deleted file; a failure between the
   * two leaves bytes no row names, which nobody can open. Answers how many went.
   */
  async deleteUnattached(beforeMs: number, limit: number): Promise<number> {
    const candidates = await this.o.repository.unattachedBefore(beforeMs, limit);
    const deleted = await this.o.repository.deleteIfUnattached(candidates);
    for (const name of deleted) await this.o.storage.delete(name);
    return deleted.length;
  }

  /** The bytes of an upload `find` answered, or undefined when the store holds none. */
  async bytesOf(upload: UploadRecord): Promise<Buffer | undefined> {
    return this.o.storage.get(upload.name);
  }
}

/**
 * Whether two uploads are one picture: the same upload, or the same bytes sent (one file uploaded
 * twice), or one's sent or stored bytes equal to the other's (the stored copy downloaded and sent
 * again). Uploads made before digests were kept compare by name only.
 */
export function sameImage(a: UploadRecord, b: UploadRecord): boolean {
  if (a.name === b.name) return true;
  const ofA = new Set(imageDigestsOf(a));
  return imageDigestsOf(b).some((digest) => ofA.has(digest));
}

/** The hex SHA-256 of bytes: what a proof's content is compared by (services/deposit-desk.ts). */
export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function tooManyUploads(): DomainError {
  return new DomainError(ResponseCode.rateLimited, 'upload.too_many', { max: UPLOADS_PER_HOUR });
}

export function uploadTooLarge(): DomainError {
  // HTTP 413 too: the envelope plugin gives every payloadTooLarge refusal that status.
  return new DomainError(ResponseCode.payloadTooLarge, 'upload.too_large', {
    max: `${UPLOAD_MAX_BYTES / (1024 * 1024)} MB`,
  });
}
