import { useState } from 'react';

function BottleIcon() {
  return (
    <svg viewBox="0 0 24 48" width="16" height="32" aria-hidden="true" focusable="false">
      <path d="M9 2h6v10c0 2 4 4 4 9v23a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V21c0-5 4-7 4-9z" fill="currentColor" opacity="0.45" />
    </svg>
  );
}

/** A product photo that falls back to a neutral placeholder when the image is missing or cannot load offline. */
export function ProductImage({ url, name, size = 'small' }: { url: string | null; name: string; size?: 'small' | 'large' }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className={`product-image placeholder ${size}`} role="img" aria-label={`No photo of ${name}`}>
        <BottleIcon />
      </div>
    );
  }
  return (
    <img className={`product-image ${size}`} src={url} alt={name} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}
