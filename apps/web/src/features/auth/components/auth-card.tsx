import type { ReactNode } from 'react';

/** The frame both auth screens share: a welcome panel beside the form card. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-5xl items-center gap-8 px-4 py-10 sm:py-16 lg:grid-cols-2">
      <div className="text-center lg:text-left">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 text-base-content/75 sm:text-lg">{intro}</p>
      </div>
      <div className="card w-full max-w-md justify-self-center border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-4">{children}</div>
      </div>
    </div>
  );
}

export function Field({
  id,
  label,
  children,
  hint,
}: {
  id: string;
  label: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint}
    </div>
  );
}
