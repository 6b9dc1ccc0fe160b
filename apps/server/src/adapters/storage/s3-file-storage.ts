/**
 * Files in a bucket of S3-compatible object storage (AWS S3, MinIO, and the clouds that speak the
 * same API), so every node of a cluster reads what any node stored. One object per name, the name
 * as its key; the bucket must exist (the server does not create buckets: their access policy is the
 * operator's to decide, and it must stay private since the images are identity photos).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config.ts';
import { assertSafeName, StorageNameTakenError, type FileStorage } from './file-storage.ts';

const S3_REQUEST_TIMEOUT_MS = 15_000;

export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig, options: { requestTimeoutMs?: number } = {}) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where the API requires them: many S3-compatible stores do not yet accept
      // the checksum headers the SDK now adds by default, and TLS already guards the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer must not hold an upload or a photo's request open for
      // minutes: give up on a call after 15 s (without throwOnRequestTimeout the SDK only warns
      // and waits on), and try it twice at most.
      requestHandler: {
        connectionTimeout: 5_000,
        requestTimeout: options.requestTimeoutMs ?? S3_REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
      maxAttempts: 2,
    });
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    assertSafeName(name);
    // Names are random, so a taken one is a bug upstream. The look first keeps the contract on
    // stores that ignore If-None-Match; the condition keeps it against a racing writer on the
    // stores that honour it (AWS, MinIO).
    if (await this.exists(name)) throw new StorageNameTakenError(name);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          // A copy, so a caller reusing its buffer during the upload cannot change what is stored.
          Body: Buffer.from(bytes),
          ContentLength: bytes.length,
          ContentType: 'application/octet-stream',
          IfNoneMatch: '*',
        }),
      );
    } catch (error) {
      if (statusOf(error) === 412) throw new StorageNameTakenError(name);
      throw error;
    }
  }

  async get(name: string): Promise<Buffer | undefined> {
    assertSafeName(name);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissingKey(error)) return undefined;
      throw error;
    }
  }

  async exists(name: string): Promise<boolean> {
    assertSafeName(name);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return true;
    } catch (error) {
      if (isMissingKey(error)) return false;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    assertSafeName(name);
    // S3 answers a delete of an absent key with success, as the port wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  /** Closes the client's connections (at shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/**
 * A key that is not there: 404 with NoSuchKey (GET) or NotFound (HEAD, which has no body). A
 * missing bucket answers GET with NoSuchBucket, a fault of the deployment, not an absent file: it
 * is thrown, so a misconfigured node fails loudly instead of answering every image with 404.
 */
function isMissingKey(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return statusOf(error) === 404 && (name === 'NoSuchKey' || name === 'NotFound');
}
