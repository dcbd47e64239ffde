/** Hadir's mark (the favicon's tick on a blue tile, or a blue tick on white on a dark
 * background), drawn inline so it needs no request. */
export function BrandLogo({ size = 40, label, inverse }: { size?: number; label?: string; inverse?: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid="brand-logo"
    >
      <rect width="32" height="32" rx="6" fill={inverse ? '#fff' : '#1677ff'} />
      <path d="M9 16l5 5 9-10" stroke={inverse ? '#0958d9' : '#fff'} strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
