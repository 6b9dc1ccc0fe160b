/**
 * Image uploads (`common/image_upload`, docs/CONTRACT.md "Calls") and the files they become.
 *
 * A file is served to its owner or a staff session whose roles may read what it is attached to
 * (the Authorization header; staffMayReadFile in the protocol), or to whoever holds
 * a short-lived signed link to it (`?exp=&sig=`, file-links.ts), which is what answers carry for
 * `<img>` tags. A session token is never taken from the URL: it would outlive the page in browser
 * history and proxy logs. Files go out with headers that keep them an image: their type,
 * `nosniff`, and a sandboxing CSP, so even a crafted file cannot run as a page on our origin.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ResponseCode, staffMayReadFile } from '@omp/protocol';
import { translate } from '../i18n/translate.ts';
import { DomainError, invalid } from '../domain/errors.ts';
import { malformedBody } from '../http/app-error.ts';
import { isWellFormedUtf8 } from '../http/utf8-text.ts';
import { requireRealUser, tokenOf } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope-plugin.ts';
import { UPLOAD_MAX_BYTES, uploadTooLarge, type UploadService } from '../services/upload-service.ts';
import { SESSION_SECURITY } from '../http/session-guard.ts';

export interface UploadRouteDeps {
  uploads: UploadService;
}

/** Multipart errors (@fastify/multipart) that mean "too many parts": fields besides the file. */
const TOO_MANY_PARTS_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
/** Form fields an upload may carry besides its file (clients send none; some send a name or a type). */
const UPLOAD_MAX_FIELDS = 5;
/**
 * Bytes of one such field's value: the form reader cuts a longer one short without a word, and it
 * is refused instead, so no field is ever taken in part. Characters of a field's name, which the
 * reader does not limit at all and a refusal repeats.
 */
const UPLOAD_FIELD_MAX_BYTES = 1024;
const UPLOAD_FIELD_NAME_MAX = 100;

export async function uploadRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  const { uploads } = deps;
  // Registered in this scope only: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, {
    // A text field's bytes as they came, one character each, so they are read as UTF-8 here
    // (brokenFieldOf) and not with U+FFFD in place of bytes that are not UTF-8.
    defCharset: 'latin1',
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: UPLOAD_MAX_FIELDS,
      parts: UPLOAD_MAX_FIELDS + 1,
      fieldSize: UPLOAD_FIELD_MAX_BYTES,
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/common/image_upload',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload one image (PNG, JPEG or WebP, at most 5 MB) for identity or payment proof',
        description:
          'multipart/form-data with the image in the field `file`. The type is read from the bytes, not the ' +
          'name; the answer is the url to send in real_name or deposit calls. At most 5 text fields may come ' +
          'beside it, each at most 1 KiB (a longer one is refused, not cut short); a part named file without a ' +
          'filename is not an image. Real accounts only. A user sending 4 uploads already, or who used up the ' +
          "hour's 30, is refused with code 429 before the body is read. An image that " +
          'does not decode, or whose decoding takes longer than IMAGE_TIMEOUT_S, is refused with code 422 and ' +
          'still counts toward the hourly cap of attempts.',
        consumes: ['multipart/form-data'],
        // Documents the form; the multipart parser leaves `body` empty and the file is read as a stream.
        body: z
          .object({ file: z.unknown().meta({ type: 'string', format: 'binary', description: 'The image' }) })
          .nullish(),
        security: SESSION_SECURITY,
        response: { 200: envelopeOf(z.object({ url: z.string().describe('/v1/files/<name>') })) },
      },
    },
    async (request, reply) => {
      const user = await requireRealUser(request);
      const { url } = await uploads.receiveImage(user.id, () => readSingleFile(request, reply));
      return ok(request, { url });
    },
  );

  api.get(
    '/v1/files/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded image, for its owner or the back office',
        description:
          'Opened by the signed link an answer carries (`exp` and `sig`, valid for minutes), or with the ' +
          "owner's session in the authorization header, or a staff session whose roles may read what the file " +
          'is attached to: identity photos compliance (and admin), deposit proofs finance and compliance (and ' +
          'admin), a file attached to nothing admin only. Anyone else gets 404, whether or not the file exists.',
        params: z.object({ name: z.string().max(64) }),
        querystring: z.object({
          exp: z.string().max(20).optional().describe('Unix seconds the link expires at'),
          sig: z.string().max(100).optional().describe('The signature of the name and exp'),
        }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const { exp, sig } = request.query;
      // The record and the right to open it first, the bytes last: a request that may not open
      // the file must cost no read of it (up to 5 MB from disk, a row or a bucket).
      const upload = await uploads.find(name);
      const allowed =
        upload !== undefined &&
        (uploads.linkOpens(name, exp, sig) || (await mayRead(request, uploads, tokenOf(request), upload)));
      const bytes = upload && allowed ? await uploads.bytesOf(upload) : undefined;
      if (!upload || !bytes) {
        return reply
          .status(404)
          .type('application/json; charset=utf-8')
          .send({
            code: ResponseCode.notFound,
            msg: translate(request.lang, 'upload.file_not_found'),
            data: null,
          });
      }
      return reply
        .type(upload.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private')
        .send(bytes);
    },
  );
}

/**
 * The owner's session, or a staff session whose roles may read what the file is attached to
 * (staffMayReadFile: identity photos compliance's, deposit proofs finance's and compliance's, an
 * admin's everything).
 */
async function mayRead(
  request: FastifyRequest,
  uploads: UploadService,
  token: string | undefined,
  upload: { name: string; ownerUserId: number | null },
) {
  if (!token) return false;
  const user = await request.server.auth.userOfToken(token);
  if (user && upload.ownerUserId !== null && user.id === upload.ownerUserId) return true;
  const staff = await request.server.staffService.staffOfToken(token);
  if (!staff) return false;
  return staffMayReadFile(staff.roles, await uploads.usesOf(upload.name));
}

/**
 * The bytes of the one file in the field `file`, within the size limit. A second file is refused,
 * not silently dropped, and a body the multipart reader cannot read (cut short, without its
 * boundary, with malformed part headers) is a malformed body, not a fault of ours.
 */
async function readSingleFile(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  if (!request.isMultipart()) throw invalid('upload.file_missing');
  // The file's own cap leaves the rest of the body unbounded: the form reader skips whatever comes
  // before the first boundary and between parts. The whole body is held to the cap plus room for
  // the form's headers: refused up front when it says it is larger, cut off once it proves so.
  const declared = Number(request.headers['content-length']);
  if (declared > UPLOAD_MAX_BODY_BYTES) throw bodyTooLarge(reply);
  let received = 0;
  let tooLarge = false;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > UPLOAD_MAX_BODY_BYTES && !tooLarge) {
      tooLarge = true;
      // The form reader listens for errors of the request: this ends it at once, and the socket
      // stays up to carry the answer. Without that listener, the request itself is torn down.
      const error = new Error('upload body over its cap');
      if (request.raw.listenerCount('error') > 0) request.raw.emit('error', error);
      else request.raw.destroy(error);
    }
  };
  request.raw.on('data', count);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        const refused = refusedFieldOf(part);
        if (refused) throw refused;
        continue;
      }
      if (bytes) throw invalid('upload.one_file');
      if (part.fieldname !== 'file') throw invalid('upload.file_missing');
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (tooLarge) throw bodyTooLarge(reply);
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge();
    if (typeof code === 'string' && TOO_MANY_PARTS_CODES.has(code))
      throw invalid('upload.too_many_parts', { max: UPLOAD_MAX_FIELDS });
    if (code === 'FST_FILES_LIMIT') throw invalid('upload.one_file');
    throw malformedBody();
  } finally {
    request.raw.off('data', count);
  }
  if (tooLarge) throw bodyTooLarge(reply);
  if (!bytes) throw invalid('upload.file_missing');
  return bytes;
}

/**
 * The refusal of a text field of the form, if any:
 * - the image sent in the field `file` as text (a part without a filename, which is how a form
 *   sends a value, not a file): the image is missing, whatever its bytes look like read as text;
 * - a value longer than the form reader keeps (it was cut short: a field is never taken in part),
 *   or a name longer than any field has (the refusal repeats it, shortened);
 * - a value that is not well-formed UTF-8 (brokenFieldOf).
 */
function refusedFieldOf(part: {
  fieldname: string;
  value: unknown;
  valueTruncated: boolean;
}): DomainError | undefined {
  const name = part.fieldname;
  if (name === 'file') return invalid('upload.file_missing');
  if (name.length > UPLOAD_FIELD_NAME_MAX)
    return invalid('field_too_long', { field: `${name.slice(0, 20)}…`, max: UPLOAD_FIELD_NAME_MAX });
  if (part.valueTruncated) return invalid('field_too_long', { field: name, max: UPLOAD_FIELD_MAX_BYTES });
  return brokenFieldOf(name, part.value);
}

/**
 * The refusal of a form field whose bytes are not well-formed UTF-8, as every other text of a
 * request is refused (http/text-guard.ts). Fields besides the file are never kept, but the rule is
 * the same for every part of every request. A field that names its own charset in its part's
 * headers, which the clients never send, arrives decoded by it; such a value is not read again.
 */
function brokenFieldOf(name: string, value: unknown): DomainError | undefined {
  if (typeof value !== 'string' || /[\u0100-\uffff]/.test(value)) return undefined;
  if (isWellFormedUtf8(Buffer.from(value, 'latin1'))) return undefined;
  return invalid('field_broken_character', { field: name });
}

/** The file's cap plus 64 KiB for boundaries, part headers and the few small fields allowed. */
const UPLOAD_MAX_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * The 413 of a body over its cap. The connection is closed after the answer, so what the client
 * still sends is not read to its end.
 */
function bodyTooLarge(reply: FastifyReply): DomainError {
  void reply.header('connection', 'close');
  return uploadTooLarge();
}
