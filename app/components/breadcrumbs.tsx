// Trail of {name, path} → a visible breadcrumb nav and its schema.org BreadcrumbList (absolute URLs from the root data).
import { Link, useRouteLoaderData } from "@remix-run/react";
import { absoluteUrl, type RootData } from "~/utils/seo";
import { JsonLd } from "./json-ld";

export interface Crumb {
  name: string;
  path: string;
}

/** The site URL the root loader resolved (SITE_URL or the request origin). */
export function useSiteUrl(): string {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.siteUrl ?? "";
}

export function buildBreadcrumbList(siteUrl: string, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: absoluteUrl(siteUrl, crumb.path) })),
  };
}

export function Breadcrumbs({ crumbs, tone = "light" }: { crumbs: Crumb[]; tone?: "light" | "dark" }) {
  const siteUrl = useSiteUrl();
  const muted = tone === "dark" ? "text-brand-100 hover:text-white" : "text-slate-600 hover:text-brand-700";
  const current = tone === "dark" ? "text-white" : "text-slate-900";
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-1.5">
          {crumbs.map((crumb, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={crumb.path} className="flex items-center gap-1.5">
                {i > 0 ? (
                  <svg
                    viewBox="0 0 20 20"
                    className={`h-4 w-4 ${tone === "dark" ? "text-brand-200" : "text-slate-400"}`}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <path d="M7.5 5l5 5-5 5" />
                  </svg>
                ) : null}
                {last ? (
                  <span aria-current="page" className={`font-medium ${current}`}>
                    {crumb.name}
                  </span>
                ) : (
                  <Link to={crumb.path} className={`rounded ${muted}`}>
                    {crumb.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {siteUrl ? <JsonLd data={buildBreadcrumbList(siteUrl, crumbs)} /> : null}
    </>
  );
}
