import './Logo.css';

export const PRODUCT_NAME = 'Lathe';

/** The Lathe mark: a spindle turning a blank, beside the product name. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="lathe-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6366f1" />
            <stop offset="1" stopColor="#0ea5e9" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#lathe-logo-gradient)" />
        <path d="M7 11.5h3v9H7zM22 11.5h3v9h-3z" fill="#fff" opacity="0.9" />
        <path d="M10 13.5c2 1.6 4 1.6 6 0s4-1.6 6 0v5c-2-1.6-4-1.6-6 0s-4 1.6-6 0z" fill="#fff" />
      </svg>
      <span className="logo__name">{PRODUCT_NAME}</span>
    </span>
  );
}
