// The frame of every account page: a dark card over a red-tinged backdrop.
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, wide, children, footer }: AuthCardProps) {
  return (
    <section className="grain flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
      <div
        className={`w-full ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-[0_0_60px_rgb(0_0_0/0.6)] sm:p-8`}
      >
        <header className="mb-6 text-center">
          <h1 className="font-display text-3xl font-bold tracking-tight text-bone-50 sm:text-4xl">{title}</h1>
          {subtitle ? <p className="mt-2 text-bone-200">{subtitle}</p> : null}
        </header>
        {children}
        {footer ? <div className="mt-6 border-t border-night-700 pt-5 text-center text-sm text-bone-200">{footer}</div> : null}
      </div>
    </section>
  );
}
