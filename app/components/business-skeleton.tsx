// The spec's loading state of a business page: a skeleton shaped like the page, shown while another business loads.
export function BusinessSkeleton() {
  const bar = "animate-pulse rounded-md bg-slate-200";
  return (
    <div className="container-page pb-16 pt-6" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading business…</span>
      <div className={`${bar} h-10 w-36`} />
      <div className="card mt-6 grid gap-6 p-4 sm:p-6 md:grid-cols-[280px_1fr] lg:grid-cols-[320px_1fr]">
        <div className={`${bar} aspect-[4/3] w-full md:aspect-square`} />
        <div className="flex flex-col gap-4">
          <div className={`${bar} h-9 w-2/3`} />
          <div className={`${bar} h-5 w-1/3`} />
          <div className={`${bar} h-5 w-1/2`} />
          <div className="flex gap-3">
            <div className={`${bar} h-10 w-28`} />
            <div className={`${bar} h-10 w-36`} />
            <div className={`${bar} h-10 w-28`} />
          </div>
        </div>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className={`${bar} h-64`} />
        <div className={`${bar} h-64`} />
      </div>
    </div>
  );
}
