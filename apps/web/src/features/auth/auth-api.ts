/**
 * The sign-in and registration calls (docs/CONTRACT.md "Calls"). Each body satisfies the protocol's
 * type of it (packages/protocol/src/account.ts), so a renamed field fails the typecheck here. Bodies
 * are form-encoded like the existing clients'; every answer is the envelope, unwrapped by the
 * request layer, which also toasts refusals.
 */
import type {
  AmendPasswordBody,
  ForgetPasswordBody,
  IdentifierType,
  LoginBody,
  LoginChallenge,
  LoginResult,
  RegisterBody,
  SendCodeBody,
  User,
} from '@omp/protocol';
import { ResponseCode } from '@omp/protocol';
import { CodePurpose } from '@omp/protocol';
import { Toast } from 'antd-mobile';
import { api, ApiError, isAbortError } from '../../lib/api.ts';
import { challengeOf } from '../two-factor/two-factor-api.ts';
import { readText, writeText } from '../../lib/storage.ts';

/** Purposes of a verification code, from the protocol's zod-free constants. */
export const CODE_PURPOSE = CodePurpose;
/** The purposes a visitor asks a code for; a new address's code goes through contact_code. */
export type CodePurposeValue = Exclude<CodePurpose, typeof CodePurpose.contactChange>;

export interface Captcha {
  id: string;
  /** data: URL of an SVG image. */
  b64s: string;
}

/** The identifier a code goes to: an e-mail address, or a national number with its area. */
export interface Recipient {
  type: IdentifierType;
  account: string;
  areaId: number | undefined;
}

const form = { form: true } as const;

export function fetchCaptcha(signal: AbortSignal): Promise<Captcha> {
  return api.get<Captcha>('/api/captcha', { signal, showErrorMessage: false });
}

/** A visitor's code: solves the captcha. Resolves when the server says the code was sent. */
export function sendCode(
  recipient: Recipient,
  purpose: CodePurposeValue,
  captcha: { key: string; answer: string },
): Promise<unknown> {
  const path = recipient.type === 'email' ? '/api/notify/send_email' : '/api/notify/send_sms';
  return api.post(
    path,
    {
      to: recipient.account.trim(),
      area_id: recipient.type === 'mobile' ? recipient.areaId : undefined,
      type: purpose,
      key: captcha.key,
      captcha: captcha.answer.trim(),
    } satisfies SendCodeBody,
    { ...form, loading: true, successToast: true },
  );
}

/** A signed-in user's password-change code, sent to their own address (no captcha). */
export function sendOwnCode(channel: IdentifierType): Promise<unknown> {
  const path = channel === 'email' ? '/api/notify/send_email' : '/api/notify/send_sms';
  return api.post(path, { type: CODE_PURPOSE.reset }, { ...form, loading: true, successToast: true });
}

/**
 * A session, or (two-step sign-in on) the challenge the authenticator's code answers: the server
 * refuses the password step with it, so that refusal is not shown as an error.
 */
export async function login(input: {
  account: string;
  password: string;
  type: IdentifierType | undefined;
  areaId: number | undefined;
}): Promise<LoginResult | LoginChallenge> {
  try {
    return await api.post<LoginResult>(
      '/api/user/loginForU',
      {
        account: input.account.trim(),
        password: input.password,
        type: input.type,
        area_id: input.areaId,
      } satisfies LoginBody,
      { ...form, loading: true, successToast: true, showErrorMessage: false },
    );
  } catch (error) {
    const challenge = challengeOf(error);
    if (challenge) return challenge;
    if (error instanceof Error && !isAbortError(error))
      Toast.show({ content: error.message, position: 'center' });
    throw error;
  }
}

export function register(input: {
  recipient: Recipient;
  password: string;
  confirmation: string;
  code: string;
  inviteCode: string;
  captchaKey: string | undefined;
}): Promise<LoginResult> {
  const { recipient } = input;
  const account = recipient.account.trim();
  return api.post<LoginResult>(
    '/api/user/register',
    {
      type: recipient.type,
      account,
      mobile: recipient.type === 'mobile' ? account : undefined,
      area_id: recipient.type === 'mobile' ? recipient.areaId : undefined,
      password: input.password,
      re_password: input.confirmation,
      invite_code: input.inviteCode.trim() || undefined,
      sms_code: input.code.trim(),
      key: input.captchaKey,
    } satisfies RegisterBody,
    { ...form, loading: true, successToast: true },
  );
}

export function resetForgottenPassword(input: {
  recipient: Recipient;
  password: string;
  confirmation: string;
  code: string;
}): Promise<unknown> {
  const { recipient } = input;
  return api.post(
    '/api/user/forget_password',
    {
      type: recipient.type,
      account: recipient.account.trim(),
      area_id: recipient.type === 'mobile' ? recipient.areaId : undefined,
      new_password: input.password,
      secondary_password: input.confirmation,
      auth_code: input.code.trim(),
    } satisfies ForgetPasswordBody,
    { ...form, loading: true, successToast: true },
  );
}

/** Revokes every session of the user; the answer's token is this device's new session. */
export function amendPassword(input: {
  current: string;
  password: string;
  confirmation: string;
  code: string;
  channel: IdentifierType;
}): Promise<{ token: string }> {
  return api.post<{ token: string }>(
    '/api/user/amend_password',
    {
      old_password: input.current,
      new_password: input.password,
      re_password: input.confirmation,
      auth_code: input.code.trim(),
      type: input.channel,
    } satisfies AmendPasswordBody,
    { ...form, loading: true, successToast: true },
  );
}

const DEMO_ID_KEY = 'demo_id';

/** One tap: the same browser returns to the same demo account (its id is kept in localStorage). */
export async function demoLogin(): Promise<LoginResult> {
  const demoId = readText(DEMO_ID_KEY);
  const call = (id: string | null) =>
    api.get<LoginResult>('/api/user/createAccountDemoForU', {
      params: { demo_id: id ?? undefined },
      loading: true,
      successToast: true,
      // A kept id the server cannot read (edited by hand) must not lock the demo out for good.
      showErrorMessage: id === null,
    });
  let result: LoginResult;
  try {
    result = await call(demoId);
  } catch (error) {
    if (demoId === null || !(error instanceof ApiError) || error.code !== ResponseCode.invalid) throw error;
    writeText(DEMO_ID_KEY, null);
    result = await call(null);
  }
  if (result.demo_id) writeText(DEMO_ID_KEY, result.demo_id);
  return result;
}

/**
 * A session on the signed-in real user's own demo account (opened on the first call, the same one
 * afterwards). The server refuses it to a demo session.
 */
export function ownDemoLogin(): Promise<LoginResult> {
  return api.post<LoginResult>('/api/user/demo_session', undefined, { loading: true, successToast: true });
}

export function fetchUser(signal: AbortSignal): Promise<User> {
  return api.get<User>('/api/user/info', { signal });
}

/** Ends the session on the server; the caller forgets it locally whatever the answer. */
export function logout(): Promise<unknown> {
  return api.post('/api/user/logout', undefined, { showErrorMessage: false, loading: true });
}
