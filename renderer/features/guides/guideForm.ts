import { GUIDE_NAME_MAX, GuideName, readCaseCount, type CountCheck } from '../../../shared/bridge/guides';
import { fieldErrors } from '../../lib/bridgeErrors';

/** A guide's name in plain words, chosen by the kind of the problem; null when it can be saved. */
export function guideNameProblem(name: string): string | null {
  const parsed = GuideName.safeParse(name);
  if (parsed.success) return null;
  if (name.trim() === '') return 'Enter a name for the guide, like “Friday bar order”.';
  if (parsed.error.issues[0]?.code === 'too_big') return `The name is too long: at most ${GUIDE_NAME_MAX} characters.`;
  return 'The name has characters that cannot be kept (tabs, line breaks or other control characters); remove them.';
}

/** A par as typed: the shared rule for a whole number of cases, 0 or more. */
export const readPar = (raw: string): CountCheck => readCaseCount(raw, 'The par');

/** What the core said about one field (a name already used, a par it refused), or null. */
export function serverFieldError(error: unknown, field: string): string | null {
  return fieldErrors(error).find((item) => item.pointer === `/${field}`)?.detail ?? null;
}
