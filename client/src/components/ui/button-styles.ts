// Shared looks for buttons and button-like links.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold tracking-wide transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blood-400 disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-blood-600 text-bone-50 shadow-[0_0_24px_rgb(225_29_42/0.35)] hover:bg-blood-700',
  outline: 'border border-bone-200/60 text-bone-50 hover:border-blood-400 hover:text-blood-300',
  ghost: 'text-bone-200 hover:text-blood-300',
} as const;

const sizes = {
  sm: 'px-3 py-1.5 text-xs',
  md: 'px-5 py-2.5 text-sm',
  lg: 'px-7 py-3.5 text-base',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}
