/**
 * What an operator must read in the log once the app is built: where uploads go, settings that are
 * wrong for production, and the back office's first login.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../adapters/storage/file-storage.ts';
import type { AppConfig } from '../config.ts';
import type { StaffService } from '../services/staff-service.ts';

export async function logStartNotes(
  log: FastifyBaseLogger,
  config: AppConfig,
  fileStorage: FileStorage,
  staff: StaffService,
): Promise<void> {
  log.info(`uploaded images are kept in: ${fileStorage.kind}`);
  // Apple's push service refuses a contact it cannot reach.
  if (/@localhost$/.test(config.webPush.subject))
    log.warn(`VAPID_SUBJECT is ${config.webPush.subject}: set a real contact, or iPhones get no push`);
  if (config.captchaTestAnswer)
    log.warn('CAPTCHA_TEST_ANSWER is set: every captcha accepts a known answer (tests only)');
  const initialAdmin = await staff.ensureInitialAdmin(config.adminInitialPassword);
  if (initialAdmin?.generatedPassword)
    log.warn(`back-office login: ${initialAdmin.username} / ${initialAdmin.generatedPassword}`);
  else if (initialAdmin)
    log.info(`back-office login: ${initialAdmin.username} (password from ADMIN_INITIAL_PASSWORD)`);
}
