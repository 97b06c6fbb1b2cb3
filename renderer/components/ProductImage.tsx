import { useState } from 'react';

/** A product photo that falls back to a neutral placeholder when the image is missing or cannot load offline. */
export function ProductImage({ url, name, size = 'small' }: { url: string | null; name: string; size?: 'small' | 'large' }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className={`product-image placeholder ${size}`} role="img" aria-label={`No photo of ${name}`}>
        <span aria-hidden="true">🍷</span>
      </div>
    );
  }
  return (
    <img className={`product-image ${size}`} src={url} alt={name} loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}
