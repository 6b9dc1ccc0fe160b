/**
 * The file links in back-office answers, kept to the staff whose roles may read those files
 * (staffMayReadFile in the protocol). A signed link opens its file without a session, so a link in
 * an answer to a member who may not read the file would undo the check of /v1/files/:name: such a
 * member gets the field empty, and the back office says the image is not for their role.
 */
import { staffMayReadFile, type FileUse, type StaffRole } from '@omp/protocol';

export function filesForRoles<T extends object>(
  roles: readonly StaffRole[],
  use: FileUse,
  record: T,
  fields: readonly (keyof T & string)[],
): T {
  if (staffMayReadFile(roles, [use])) return record;
  return { ...record, ...Object.fromEntries(fields.map((field) => [field, ''])) };
}
