// Loading, empty and error states of the list pages: skeleton cards while a client navigation loads, the spec's texts.
import { Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** True while a client-side navigation to another page of this same path (pagination, search, view) loads. */
export function usePendingSamePath(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

export function SkeletonCards({ count = 12, label }: { count?: number; label: string }) {
  return (
    <div>
      <p role="status" className="mb-4 text-sm font-medium text-slate-600">
        {label}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="card animate-pulse p-5">
            <div className="h-4 w-2/3 rounded bg-slate-200" />
            <div className="mt-3 h-3 w-1/3 rounded bg-slate-100" />
            <div className="mt-6 h-1.5 w-full rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Shows skeletons instead of the list while its next page loads (after hydration only: no-JS never sees this). */
export function PendingList({ label, children }: { label: string; children: ReactNode }) {
  return usePendingSamePath() ? <SkeletonCards label={label} /> : <>{children}</>;
}

export function EmptyState({ title, hint, action }: { title: string; hint: string; action?: { to: string; label: string } }) {
  return (
    <div className="card flex flex-col items-center px-6 py-14 text-center">
      <div className="grid h-12 w-12 place-items-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
      {action ? (
        <Link to={action.to} className="btn-secondary mt-6">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorState({ title, message, search, children }: { title: string; message: string; search?: ReactNode; children?: ReactNode }) {
  return (
    <div className="container-page py-20">
      <div className="card mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center" role="alert">
        <div className="grid h-12 w-12 place-items-center rounded-full bg-red-50 text-red-600" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M12 8v5M12 16.5v.5" />
            <circle cx="12" cy="12" r="9" />
          </svg>
        </div>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        {search ? <div className="mt-6 w-full">{search}</div> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {children}
          <Link to="/" className="btn-secondary">
            Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
