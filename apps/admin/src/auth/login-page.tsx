/**
 * Staff sign-in: the password, then the authenticator. At the first login the member scans a QR
 * code (or types the secret), confirms with a code, and is shown ten recovery codes once; later
 * logins ask for a code or, with a lost phone, a recovery code. Nothing opens before that.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Flex, Form, Input, Space, Steps, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { StaffSecondFactorStep, WireStaff } from '@omp/protocol';
import { api, apiWithToken } from '../lib/api-client.ts';
import { session } from '../lib/session.ts';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { errorText } from '../ui/error-text.ts';

type Stage =
  | { step: 'password' }
  | { step: 'enrol'; token: string; secret: string; url: string }
  | { step: 'verify'; token: string }
  | { step: 'recovery-codes'; token: string; staff: WireStaff; codes: string[] };

/** The secret in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ step: 'password' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const finish = (token: string, staff: WireStaff) => {
    session.signIn(token, staff);
    navigate('/', { replace: true });
  };

  const onPassword = (values: { username: string; password: string }) =>
    run(async () => {
      const login = await api.post<{ token: string; staff: WireStaff; second_factor: StaffSecondFactorStep }>(
        '/admin/api/login',
        values,
      );
      if (login.second_factor === 'verify') return setStage({ step: 'verify', token: login.token });
      const enrolment = await apiWithToken(login.token).post<{ secret: string; otpauth_url: string }>(
        '/admin/api/2fa/enrol',
      );
      setStage({ step: 'enrol', token: login.token, secret: enrolment.secret, url: enrolment.otpauth_url });
    });

  const onEnrolCode = (token: string) => (values: { code: string }) =>
    run(async () => {
      const enrolled = await apiWithToken(token).post<{ staff: WireStaff; recovery_codes: string[] }>(
        '/admin/api/2fa/enrol/confirm',
        { code: values.code },
      );
      setStage({ step: 'recovery-codes', token, staff: enrolled.staff, codes: enrolled.recovery_codes });
    });

  const onVerify = (token: string) => (values: { code?: string; recovery_code?: string }) =>
    run(async () => {
      const body = useRecovery ? { recovery_code: values.recovery_code } : { code: values.code };
      const verified = await apiWithToken(token).post<{ staff: WireStaff }>('/admin/api/2fa/verify', body);
      finish(token, verified.staff);
    });

  /**
   * Ends a sign-in stopped at its code step (another person at the desk, the wrong name) at once,
   * rather than leaving it open for its 10 minutes, and starts over.
   */
  const cancel = (token: string) =>
    run(async () => {
      await apiWithToken(token)
        .post('/admin/api/logout')
        .catch(() => undefined); // lapsed already: nothing to end
      setUseRecovery(false);
      setStage({ step: 'password' });
    });

  const current = { password: 0, enrol: 1, verify: 1, 'recovery-codes': 2 }[stage.step];

  return (
    <Flex className="login-screen" justify="center" align="center">
      <Card className="login-card" title={t('login.title')} extra={<LanguageSwitch />}>
        <Steps
          size="small"
          current={current}
          items={[
            { title: t('login.step_password') },
            { title: t('login.step_code') },
            { title: t('login.step_done') },
          ]}
        />
        {error && <Alert className="login-error" type="error" showIcon title={error} role="alert" />}

        {stage.step === 'password' && (
          <Form layout="vertical" onFinish={onPassword} requiredMark={false}>
            <Form.Item
              name="username"
              label={t('login.username')}
              rules={[{ required: true, message: t('login.username_required') }]}
            >
              <Input autoComplete="username" autoFocus size="large" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[{ required: true, message: t('login.password_required') }]}
            >
              <Input.Password autoComplete="current-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              {t('login.next')}
            </Button>
          </Form>
        )}

        {stage.step === 'enrol' && (
          <Form layout="vertical" onFinish={onEnrolCode(stage.token)} requiredMark={false}>
            <Typography.Paragraph>{t('login.enrol_intro')}</Typography.Paragraph>
            <Flex gap={24} align="center">
              <div className="qr-frame" aria-label={t('login.qr_label')}>
                <QRCodeSVG value={stage.url} size={168} marginSize={2} />
              </div>
              {/* May shrink beside the QR code, so the key wraps between its groups inside the card. */}
              <Space orientation="vertical" style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text type="secondary">{t('login.secret_label')}</Typography.Text>
                <Typography.Text code copyable={{ text: stage.secret }} data-testid="totp-secret">
                  {grouped(stage.secret)}
                </Typography.Text>
              </Space>
            </Flex>
            <Form.Item
              name="code"
              label={t('login.code')}
              rules={[{ required: true, len: 6, message: t('login.code_rule') }]}
            >
              <Input.OTP length={6} autoFocus size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              {t('login.confirm_code')}
            </Button>
            <Button type="link" block onClick={() => cancel(stage.token)}>
              {t('login.cancel_sign_in')}
            </Button>
          </Form>
        )}

        {stage.step === 'verify' && (
          <Form layout="vertical" onFinish={onVerify(stage.token)} requiredMark={false}>
            {useRecovery ? (
              <Form.Item
                name="recovery_code"
                label={t('login.recovery_code')}
                rules={[{ required: true, message: t('login.recovery_required') }]}
              >
                <Input autoFocus size="large" placeholder="xxxxx-xxxxx" autoComplete="off" />
              </Form.Item>
            ) : (
              <Form.Item
                name="code"
                label={t('login.code')}
                rules={[{ required: true, len: 6, message: t('login.code_rule') }]}
              >
                <Input.OTP length={6} autoFocus size="large" />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              {t('login.sign_in')}
            </Button>
            <Button type="link" block onClick={() => setUseRecovery(!useRecovery)}>
              {useRecovery ? t('login.use_code') : t('login.use_recovery')}
            </Button>
            <Button type="link" block onClick={() => cancel(stage.token)}>
              {t('login.cancel_sign_in')}
            </Button>
          </Form>
        )}

        {stage.step === 'recovery-codes' && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="warning" showIcon title={t('login.recovery_intro')} />
            <ol className="recovery-codes" data-testid="recovery-codes">
              {stage.codes.map((code) => (
                <li key={code}>
                  <Typography.Text code>{code}</Typography.Text>
                </li>
              ))}
            </ol>
            <Typography.Text copyable={{ text: stage.codes.join('\n') }}>
              {t('login.copy_codes')}
            </Typography.Text>
            <Button type="primary" block size="large" onClick={() => finish(stage.token, stage.staff)}>
              {t('login.codes_saved')}
            </Button>
          </Space>
        )}
      </Card>
    </Flex>
  );
}
