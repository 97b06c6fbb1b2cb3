import { useEffect, useState } from 'react';
import { useTypingStore } from '../app/typingStore';

/**
 * How long a product must stay in a list, with the buyer not typing, before its photo is
 * requested. While the buyer types, each keystroke's results replace the last: photos of results
 * gone a moment later are never fetched, and photos of results that stay wait for a pause, so
 * their loading does not compete with the next keystroke's results (measured in bench:ui: photos
 * loading mid-word took the keystroke-to-paint p95 from 35 ms to 51-70 ms).
 */
export const LIST_IMAGE_DELAY_MS = 300;

/** Photos this page has shown: the browser holds them, so they appear without the delay. */
const loadedUrls = new Set<string>();

function BottleIcon() {
  return (
    <svg viewBox="0 0 24 48" width="16" height="32" aria-hidden="true" focusable="false">
      <path d="M9 2h6v10c0 2 4 4 4 9v23a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V21c0-5 4-7 4-9z" fill="currentColor" opacity="0.45" />
    </svg>
  );
}

function Placeholder({ name, size, label }: { name: string; size: 'small' | 'large'; label: string }) {
  return (
    <div className={`product-image placeholder ${size}`} role="img" aria-label={`${label} ${name}`}>
      <BottleIcon />
    </div>
  );
}

/** Where a photo stands: whether it is due to be requested (or has failed), and since when it is on screen. */
interface PhotoState {
  url: string | null;
  failed: boolean;
  due: boolean;
  shownAt: number;
}

const photoState = (url: string | null, size: 'small' | 'large'): PhotoState => ({
  url,
  failed: false,
  due: size === 'large' || (url !== null && loadedUrls.has(url)),
  shownAt: Date.now(),
});

/**
 * A product photo that falls back to a neutral placeholder when the image is missing or cannot load
 * offline. Given another photo (a list's place showing another product after a keystroke), it
 * starts over (its delay, its failure) in the same elements: the placeholder stays in the DOM with
 * its new label, rather than being removed and inserted again for every result.
 */
export function ProductImage({ url, name, size = 'small' }: { url: string | null; name: string; size?: 'small' | 'large' }) {
  const [held, setHeld] = useState(() => photoState(url, size));
  // Adjusted while rendering (React renders again at once, before committing anything).
  const photo = held.url === url ? held : photoState(url, size);
  if (photo !== held) setHeld(photo);
  const { due, failed, shownAt } = photo;
  const waitForPause = useTypingStore((state) => !due && state.typing);
  useEffect(() => {
    if (due || !url || waitForPause) return;
    const remainingMs = Math.max(0, LIST_IMAGE_DELAY_MS - (Date.now() - shownAt));
    const timer = setTimeout(() => setHeld((now) => (now.url === url ? { ...now, due: true } : now)), remainingMs);
    return () => clearTimeout(timer);
  }, [due, url, waitForPause, shownAt]);

  if (!url || failed) return <Placeholder name={name} size={size} label="No photo of" />;
  if (!due) return <Placeholder name={name} size={size} label="Photo of" />;
  return (
    <img
      className={`product-image ${size}`}
      src={url}
      alt={name}
      loading="lazy"
      decoding="async"
      onLoad={() => loadedUrls.add(url)}
      onError={() => setHeld((now) => (now.url === url ? { ...now, failed: true } : now))}
    />
  );
}
