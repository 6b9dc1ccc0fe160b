import { useState } from 'react';

/** The instrument's logo, or its first letters on a tinted disc when the image is missing. */
export function InstrumentLogo({ src, code, size = 32 }: { src: string; code: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    return (
      <span className="instrument-logo instrument-logo--fallback" style={style} aria-hidden>
        {code.slice(0, 2)}
      </span>
    );
  }
  return (
    <img
      className="instrument-logo"
      style={style}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
