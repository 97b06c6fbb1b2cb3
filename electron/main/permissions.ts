import type { Session } from 'electron';

/** The renderer needs no camera, microphone, notifications API, geolocation or anything else. */
export function denyAllPermissions(target: Session): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false);
  });
  target.setPermissionCheckHandler(() => false);
}
