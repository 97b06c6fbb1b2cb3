/** The renderer's origin in the desktop app: a privileged custom scheme instead of file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'caseworks';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** True for URLs of the app's own origin (Node gives custom schemes an opaque origin, so compare parts). */
export function isAppUrl(candidate: string | undefined | null): boolean {
  if (!candidate) return false;
  try {
    const url = new URL(candidate);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && !url.username && !url.password;
  } catch {
    return false;
  }
}
