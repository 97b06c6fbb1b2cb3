import type { Session } from 'electron';

/** The renderer needs no camera, microphone, notifications API, geolocation or anything else. */
export function denyAllPermissions(target: Session): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false);
  });
  target.setPermissionCheckHandler(() => false);
}

/**
 * Every response the session loads carries the CSP, including any that does not come through
 * app://. The policy is ../app/content-security-policy.ts's, written out as a literal because
 * electronegativity recognises a CSP only in this form; a test keeps the two identical.
 */
export function enforceContentSecurityPolicy(target: Session): void {
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': ["default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' app: data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"],
      },
    });
  });
}
