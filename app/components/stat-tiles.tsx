// Labelled figures → the stats row of the list pages (a description list, readable by screen readers as pairs).
export interface StatTile {
  label: string;
  value: string;
}

export function StatTiles({ stats }: { stats: StatTile[] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {stats.map((stat) => (
        <div key={stat.label} className="min-w-0 rounded-xl bg-white/10 px-3 py-2.5 ring-1 ring-inset ring-white/20 sm:px-4 sm:py-3">
          <dt className="text-xs leading-tight text-brand-100 sm:text-sm">{stat.label}</dt>
          <dd className="mt-1 break-words text-lg font-bold leading-tight tracking-tight text-white sm:text-2xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
