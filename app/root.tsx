// Document shell: public pages get the shared header and footer; anything under /admin gets neither.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { NotFoundPage } from "~/components/not-found-page";
import { getRootData } from "~/models/site.server";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ request }: LoaderFunctionArgs) {
  return json(getRootData(request));
}

function isAdminPath(pathname: string) {
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin-");
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5ef1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
          Skip to content
        </a>
        {admin ? null : <SiteHeader />}
        <main id="main" className="flex-1">
          {children}
        </main>
        {admin ? null : <SiteFooter />}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="container-page py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{status === 503 ? "We'll be right back" : "Error loading application"}</h1>
      <p className="mt-4 text-slate-600">
        {status === 503 ? "The directory is briefly unavailable. Please try again in a moment." : "Something went wrong on our side. Please try again later."}
      </p>
      <a href="/" className="btn-primary mt-8">
        Back to Home
      </a>
    </div>
  );
}
