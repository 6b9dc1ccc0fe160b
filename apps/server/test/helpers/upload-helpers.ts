/** Uploads as a phone's browser sends them: one multipart/form-data part per file. */
import type { EnvelopeBody } from './account-helpers.ts';
import { pngImage } from './image-fixtures.ts';
import type { TestRuntime } from './test-runtime.ts';

export interface UploadPart {
  bytes: Buffer;
  filename?: string;
  /** What the sender declares; the server must not believe it. */
  contentType?: string;
  field?: string;
}

export function multipartBody(parts: UploadPart[]): { boundary: string; payload: Buffer } {
  const boundary = `----omp${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; ` +
        `filename="${part.filename ?? 'photo.png'}"\r\nContent-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  return { boundary, payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]) };
}

export async function upload(rt: TestRuntime, token: string | undefined, ...parts: UploadPart[]) {
  const { boundary, payload } = multipartBody(parts);
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/common/image_upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      lang: 'en',
      ...(token ? { authorization: token } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as EnvelopeBody<{ url: string } | null> };
}

/** Uploads a fresh PNG (each a different colour, so each a different file) and returns its url. */
let colour = 0;
export async function uploadedPng(rt: TestRuntime, token: string): Promise<string> {
  colour = (colour + 37) % 256;
  const { body } = await upload(rt, token, { bytes: pngImage(2, 2, [colour, 100, 200]) });
  if (body.code !== 1 || !body.data) throw new Error(`upload failed: ${body.msg}`);
  return body.data.url;
}
