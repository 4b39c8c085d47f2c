// Document shell: public pages get the shared header, footer and the admin's site code; /admin gets none of them;
// every script it renders carries the response's CSP nonce.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { useNonce } from "~/components/csp-nonce";
import { RequestIdNote } from "~/components/request-id";
import { NotFoundPage } from "~/components/not-found-page";
import { placeSiteCode, SiteFooterCode, SiteHeadCode } from "~/components/site-code";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { readAdminPreferences } from "~/models/admin-preferences.server";
import { getShellData } from "~/models/site.server";
import { SITE_NAME } from "~/utils/seo";
import { isAdminPath } from "~/utils/site-paths";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Used by routes without their own meta, and by the error pages. */
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [{ title: SITE_NAME }];
  if (isRouteErrorResponse(error) && error.status === 404)
    return [{ title: `Page Not Found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return [{ title: `${unavailable ? "Temporarily unavailable" : "Error"} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  // The admin speaks the language its cookie chose (its <html lang> says so); public pages stay English.
  const adminLanguage = isAdminPath(new URL(request.url).pathname) ? readAdminPreferences(request).locale : null;
  return json({ ...(await getShellData(request)), adminLanguage });
}

/** The site code is read only for public paths, so crossing between /admin and the site must reload it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  isAdminPath(currentUrl.pathname) !== isAdminPath(nextUrl.pathname) || defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const admin = isAdminPath(pathname);
  const shell = useRouteLoaderData<typeof loader>("root");
  const siteCode = admin ? null : (shell?.siteCode ?? null);
  // The nonce comes from the render (entry.server), never from loader data: it must differ per response.
  const nonce = useNonce();
  const placed = useMemo(() => (siteCode ? placeSiteCode(siteCode, nonce) : null), [siteCode, nonce]);
  return (
    <html lang={(admin ? shell?.adminLanguage : null) ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5ef1" />
        <Meta />
        <Links />
        {placed ? <SiteHeadCode tags={placed.headTags} /> : null}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
        >
          Skip to content
        </a>
        {admin ? null : <SiteHeader />}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
          <RequestIdNote />
        </main>
        {admin ? null : <SiteFooter />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {placed ? <SiteFooterCode html={placed.footerHtml} /> : null}
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
  const unavailable = status === 503;
  return (
    <div className="container-page py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{unavailable ? "We'll be right back" : "Error loading application"}</h1>
      <p className="mx-auto mt-4 max-w-xl text-slate-600">
        {unavailable
          ? "The directory is briefly unavailable while we reconnect to our database. Please try again in a moment."
          : "Something went wrong on our side. Please try again later."}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        {/* Plain links: a full reload is what a visitor needs after an outage. */}
        <a href={unavailable ? "" : "/"} className="btn-primary">
          {unavailable ? "Try again" : "Back to Home"}
        </a>
        {unavailable ? (
          <a href="/" className="btn-secondary">
            Back to Home
          </a>
        ) : null}
      </div>
    </div>
  );
}
