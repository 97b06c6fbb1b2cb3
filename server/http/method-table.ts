/** Which methods each known path accepts, so a wrong method on a known path is a 405, not a 404. */
export class MethodTable {
  private readonly routes: Array<{ pattern: RegExp; method: string }> = [];

  add(method: string, path: string): void {
    const pattern = new RegExp(
      '^' +
        path
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/') +
        '/?$',
    );
    this.routes.push({ pattern, method });
  }

  /** Methods allowed on this path (HEAD wherever GET is), empty for an unknown path. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (!route.pattern.test(path)) continue;
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
    }
    return [...methods];
  }
}
