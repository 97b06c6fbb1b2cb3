/**
 * The little of the DOM that the end-to-end tests' in-page probes use. Their type check runs
 * without the DOM library (it checks Node code), so a probe names the page's globals through
 * `globalThis as unknown as ProbeWindow`, inside the probe itself: a function handed to
 * `page.evaluate` runs in the page and cannot reach anything imported here but types.
 */
export interface ProbeRect {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}

export interface ProbeElement {
  tagName: string;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  style: Record<string, string>;
  parentElement: ProbeElement | null;
  className: string;
  children: Iterable<ProbeElement> & ArrayLike<ProbeElement>;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  scrollTop: number;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): ProbeRect;
  closest(selector: string): ProbeElement | null;
  querySelector(selector: string): ProbeElement | null;
  querySelectorAll(selector: string): Iterable<ProbeElement> & ArrayLike<ProbeElement>;
  scrollTo(options: { top: number }): void;
  blur(): void;
}

export interface ProbeWindow {
  document: {
    activeElement: ProbeElement | null;
    body: ProbeElement;
    getElementById(id: string): ProbeElement | null;
    elementFromPoint(x: number, y: number): ProbeElement | null;
    querySelector(selector: string): ProbeElement | null;
    querySelectorAll(selector: string): Iterable<ProbeElement> & ArrayLike<ProbeElement>;
  };
  scrollY: number;
  innerWidth: number;
  innerHeight: number;
  scrollTo(x: number, y: number): void;
  getComputedStyle(element: ProbeElement): { display: string; color: string; backgroundColor: string; lineHeight: string; position: string; font: string; paddingLeft: string; paddingRight: string };
  MutationObserver: new (callback: () => void) => { observe(target: ProbeElement, options: object): void };
}
